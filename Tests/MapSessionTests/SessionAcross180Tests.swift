import InputEvents
import MapCore
import MapGeometry
import SessionTransport
import Testing
import Wire

@testable import LiveWorld
@testable import MapSession

/// A session whose map looks across 180°: live pins there wake it and glide
/// the short way, and the URL and the embedding page's camera events name
/// longitudes in -180...180 however far the map went round.
@Suite struct SessionAcross180Tests {
    static func x(_ longitude: Double) -> Double { Mercator.project(Coordinate(latitude: 0, longitude: longitude)).x }

    @Test func aLivePinEastOf180ShowsAndOneMovingAcrossItGlidesTheShortWay() throws {
        let world = freshWorld()
        let h = SessionHarness(hash: "#6/0/180", world: world)
        try world.store.add(
            LiveAnnotation(
                id: "buoy", title: "Buoy",
                coordinate: Coordinate(
                    latitude: 0.5,
                    longitude: -179.5)))
        try world.store.add(
            LiveAnnotation(
                id: "boat", title: "Boat",
                coordinate: Coordinate(
                    latitude: 0,
                    longitude: 179.5)))
        h.flushQueue()
        // One degree at zoom 6 is 45.5 px: the buoy just east of the centre, the boat just west.
        let buoy = try #require(h.center(of: "Buoy"))
        #expect(abs(buoy.x - (640 + 22.75)) < 1.5)
        try world.store.apply([Move(id: "boat", coordinate: Coordinate(latitude: 0, longitude: 179.5), timestamp: 10)])
        h.flushQueue()
        let start = try #require(h.center(of: "Boat"))
        #expect(abs(start.x - (640 - 22.75)) < 1.5)
        try world.store.apply([
            Move(
                id: "boat", coordinate: Coordinate(latitude: 0, longitude: -179.5),
                timestamp: 10.5)
        ])
        h.flushQueue()
        h.settle(seconds: 0.25)
        let middle = try #require(h.center(of: "Boat"))
        #expect(middle.x > start.x + 10 && middle.x < start.x + 36, "half-way across 180°: \(middle.x)")
        h.settle(seconds: 0.5)
        let end = try #require(h.center(of: "Boat"))
        #expect(abs(end.x - (640 + 22.75)) < 1.5)
    }

    @Test func draggingAcross180KeepsGoingAndTheURLNamesALongitudeInRange() throws {
        let h = SessionHarness(hash: "#5/-17/175", embedOrigins: ["https://news.example"])
        // 500 px west at zoom 5 (8,192 px a world) takes the camera 22° east: to 163° W.
        h.pointer(.down, Point(x: 900, y: 400))
        for step in 1...10 { h.pointer(.moved, Point(x: 900 - 50 * Double(step), y: 400)) }
        h.time += 500
        h.pointer(.moved, Point(x: 400, y: 400))
        h.pointer(.up, Point(x: 400, y: 400))
        h.settle(seconds: 1)
        let lon = h.camera.centerCoordinate.longitude
        #expect(abs(lon - (175 + 500 * 360 / 8192 - 360)) < 0.5, "\(lon)")
        #expect(h.camera.center.x > Mercator.worldSize, "the camera went on east of the world's edge")
        let url = try #require(h.replica.url)
        #expect(url.hasPrefix("#5.00/-17.00000/-163."), "\(url)")
        let events = h.replica.embedEvents.compactMap { e -> Double? in
            if case let .camera(_, longitude, _) = e { return longitude } else { return nil }
        }
        #expect(abs((events.last ?? 0) - lon) < 1e-9 && (-180...180).contains(events.last ?? 999))
    }

    @Test func anEmbeddedCameraCommandAcross180TakesTheShortWay() throws {
        let h = SessionHarness(hash: "#5/-17/170")
        h.send(.embed(seq: h.nextSeq(), .setCamera(latitude: -17, longitude: -170, zoom: 5, animated: true)))
        var longitudes: [Double] = []
        for _ in 0..<40 {
            h.clock.advance(by: 1.0 / 60)
            h.session.sync { h.session.tick() }
            h.drain()
            longitudes.append(h.camera.centerCoordinate.longitude)
        }
        #expect(longitudes.allSatisfy { $0.magnitude >= 170 - 1e-6 }, "\(longitudes)")
        #expect(abs(longitudes.last! - -170) < 1e-6)
    }
}
