import Foundation
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

/// The camera over a world that repeats: no end east or west, none past the poles.
@Suite struct CameraWrapTests {
    @Test func panningEastAcross180GoesOnAndTheCoordinateStaysInRange() {
        var c = Camera(center: Coordinate(latitude: -20, longitude: 175), zoom: 3)
        let before = c.center.x
        // 20 degrees east at zoom 3: 2048 px a world.
        c = c.panned(byScreen: Point(x: -2048.0 * 20 / 360, y: 0))
        #expect(c.center.x > Mercator.worldSize, "past the world's east edge, not stopped at it")
        #expect(abs(c.center.x - before - Mercator.worldSize * 20 / 360) < 1)
        #expect(abs(c.centerCoordinate.longitude - -165) < 1e-9)
        #expect(c.urlFragment == "3.00/-20.00000/-165.00000")
        // And west, all the way round and further.
        c = c.panned(byScreen: Point(x: 2048 * 3, y: 0))
        #expect(c.center.x < 0 && abs(c.centerCoordinate.longitude - -165) < 1e-6)
    }

    @Test func theLeastZoomMakesTheWorldAsTallAsTheViewport() {
        #expect(Camera.minimumZoom(for: Size(width: 1280, height: 400)) == Camera.minZoom)
        let tall = Camera.minimumZoom(for: Size(width: 1920, height: 1080))
        #expect(abs(256 * pow(2, tall) - 1080) < 1e-6)
        let c = Camera(center: Coordinate(latitude: 20, longitude: 0), zoom: 2).constrained(
            to: Size(
                width: 1920,
                height: 1080))
        #expect(c.zoom == tall)
        #expect(c.center.y == Mercator.worldSize / 2, "the whole height of the world fills the view")
    }

    @Test func theLatitudeStopsWhereTheWorldsEdgeMeetsTheViewsEdge() {
        let size = Size(width: 1280, height: 800)
        let c = Camera(center: Coordinate(latitude: 84, longitude: 30), zoom: 4).constrained(to: size)
        let top = c.visibleWorldRect(viewport: size)
        #expect(abs(top.minY) < 1e-3, "the view's top edge on the world's north edge")
        let south = Camera(center: Coordinate(latitude: -84, longitude: 30), zoom: 4).constrained(to: size)
        #expect(abs(south.visibleWorldRect(viewport: size).maxY - Mercator.worldSize) < 1e-3)
        // Well inside: unchanged.
        let paris = Camera(center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 6)
        #expect(paris.constrained(to: size) == paris)
    }

    @Test func aPointFarPastTheEdgeUnprojectsToALongitudeInRange() {
        let p = Mercator.project(Coordinate(latitude: 10, longitude: 170))
        let c = Mercator.unproject(Point(x: p.x + 3 * Mercator.worldSize, y: p.y))
        #expect(abs(c.longitude - 170) < 1e-9 && abs(c.latitude - 10) < 1e-9)
        #expect(abs(Mercator.unproject(Point(x: -Mercator.worldSize / 4, y: p.y)).longitude - 90) < 1e-9)
        #expect(Mercator.unproject(Point(x: Mercator.worldSize, y: p.y)).longitude == 180)
    }
}
