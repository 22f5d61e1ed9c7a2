import Testing
@testable import MapGeometry

@Suite struct CameraTests {
    let viewport = Size(width: 1280, height: 800)

    @Test func centreIsAtTheViewportCentre() {
        let c = Camera(center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 12)
        let p = c.screenPoint(forWorld: c.center, viewport: viewport)
        #expect(p == Point(x: 640, y: 400))
    }

    @Test func screenAndWorldRoundTrip() {
        let c = Camera(center: Coordinate(latitude: -33.9, longitude: 18.4), zoom: 7.3)
        let s = Point(x: 123.5, y: 701.25)
        let back = c.screenPoint(forWorld: c.worldPoint(forScreen: s, viewport: viewport), viewport: viewport)
        #expect(abs(back.x - s.x) < 1e-6 && abs(back.y - s.y) < 1e-6)
    }

    @Test func zoomAroundAPointKeepsItFixed() {
        let c = Camera(center: Coordinate(latitude: 10, longitude: 10), zoom: 5)
        let anchor = Point(x: 200, y: 150)
        let world = c.worldPoint(forScreen: anchor, viewport: viewport)
        let z = c.zoomed(to: 6.5, around: anchor, viewport: viewport)
        let after = z.screenPoint(forWorld: world, viewport: viewport)
        #expect(z.zoom == 6.5)
        #expect(abs(after.x - anchor.x) < 1e-6 && abs(after.y - anchor.y) < 1e-6)
    }

    @Test func panMovesContentWithThePointer() {
        let c = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 4)
        let world = c.worldPoint(forScreen: Point(x: 100, y: 100), viewport: viewport)
        let moved = c.panned(byScreen: Point(x: 30, y: -20))
        let p = moved.screenPoint(forWorld: world, viewport: viewport)
        #expect(abs(p.x - 130) < 1e-6 && abs(p.y - 80) < 1e-6)
    }

    @Test func zoomIsClampedToOneThroughEighteen() {
        #expect(Camera(center: .zero, zoom: 0.2).zoom == 1)
        #expect(Camera(center: .zero, zoom: 30).zoom == 18)
        #expect(Camera(center: .zero, zoom: .nan).zoom == 1)
    }

    @Test func urlFragmentRoundTrips() throws {
        let c = try #require(Camera(urlFragment: "#4/20/0"))
        #expect(c.urlFragment == "4.00/20.00000/0.00000")
        let d = try #require(Camera(urlFragment: Substring(c.urlFragment + "/person/7")))
        #expect(abs(d.centerCoordinate.latitude - 20) < 1e-9 && d.zoom == 4)
        #expect(Camera(urlFragment: "#x/1/2") == nil)
        #expect(Camera(urlFragment: "#4/95/0") == nil)
        #expect(Camera(urlFragment: "") == nil)
    }
}
