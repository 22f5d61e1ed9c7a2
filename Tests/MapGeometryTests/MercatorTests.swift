import Testing

@testable import MapGeometry

@Suite struct MercatorTests {
    @Test func knownPoints() {
        let w = Mercator.worldSize
        // Null Island is the world's centre.
        let origin = Mercator.project(Coordinate(latitude: 0, longitude: 0))
        #expect(abs(origin.x - w / 2) < 1e-6 && abs(origin.y - w / 2) < 1e-6)
        // The Mercator square's corners.
        let nw = Mercator.project(Coordinate(latitude: Mercator.maxLatitude, longitude: -180))
        #expect(abs(nw.x) < 1e-6 && abs(nw.y) < 1e-3)
        let se = Mercator.project(Coordinate(latitude: -Mercator.maxLatitude, longitude: 180))
        #expect(abs(se.x - w) < 1e-6 && abs(se.y - w) < 1e-3)
        // London at zoom 10 is tile 511/340, as on openstreetmap.org.
        let london = Mercator.project(Coordinate(latitude: 51.5072, longitude: -0.1276))
        let tileUnits = w / 1024
        #expect(Int(london.x / tileUnits) == 511)
        #expect(Int(london.y / tileUnits) == 340)
    }

    @Test func roundTrips() {
        for lat in stride(from: -85.0, through: 85.0, by: 8.5) {
            for lon in stride(from: -180.0, through: 180.0, by: 22.5) {
                let c = Mercator.unproject(Mercator.project(Coordinate(latitude: lat, longitude: lon)))
                #expect(abs(c.latitude - lat) < 1e-9 && abs(c.longitude - lon) < 1e-9)
            }
        }
    }

    @Test func latitudesBeyondTheSquareAreClamped() {
        let pole = Mercator.project(Coordinate(latitude: 90, longitude: 0))
        #expect(pole.y == Mercator.project(Coordinate(latitude: Mercator.maxLatitude, longitude: 0)).y)
    }

    @Test func worldIs256TimesTwoToTheZoomPixels() {
        #expect(Mercator.pixelsPerUnit(zoom: 0) * Mercator.worldSize == 256)
        #expect(abs(Mercator.pixelsPerUnit(zoom: 3.5) * Mercator.worldSize - 256 * 11.313708498984761) < 1e-9)
    }
}
