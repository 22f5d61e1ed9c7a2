import DisplayList
import MapGeometry
import Testing

@testable import MapCore

@Suite struct OverlayShapeTests {
    @Test func aPolylineKeepsItsPointsAndBoundsInWorldUnits() throws {
        let coordinates = [
            Coordinate(latitude: 48, longitude: 2), Coordinate(latitude: 49, longitude: 3),
            Coordinate(latitude: 47.5, longitude: 4),
        ]
        let line = Polyline(coordinates: coordinates, title: "Route")
        #expect(line.pointCount == 3)
        for (c, back) in zip(coordinates, line.coordinates) {
            #expect(abs(c.latitude - back.latitude) < 1e-9 && abs(c.longitude - back.longitude) < 1e-9)
        }
        let rect = line.boundingMapRect
        let points = coordinates.map(Mercator.project)
        #expect(rect.minX == points.map(\.x).min()! && rect.maxX == points.map(\.x).max()!)
        #expect(rect.minY == points.map(\.y).min()! && rect.maxY == points.map(\.y).max()!)
        #expect(line.intersects(rect.insetBy(dx: rect.width / 3, dy: rect.height / 3)))
        #expect(!line.intersects(rect.offsetBy(dx: rect.width * 2, dy: 0)))
        // The path goes out once, open: three points, one line.
        let rings = try #require(line.path.decodedRings())
        #expect(rings.count == 1 && rings[0].count == 3)
        line.title = "Route 2"
        #expect(line.title == "Route 2")
    }

    @Test func aPolygonClosesItsRingsAndKeepsItsHoles() throws {
        let hole = Polygon(coordinates: [
            Coordinate(latitude: 1, longitude: 1), Coordinate(latitude: 1, longitude: 2),
            Coordinate(latitude: 2, longitude: 2), Coordinate(latitude: 2, longitude: 1),
        ])
        // Given closed, as GeoJSON writes rings: the closing point is not kept twice.
        let square = Polygon(
            coordinates: [
                Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 3),
                Coordinate(latitude: 3, longitude: 3), Coordinate(latitude: 3, longitude: 0),
                Coordinate(latitude: 0, longitude: 0),
            ], interiorPolygons: [hole])
        #expect(square.pointCount == 4)
        #expect(square.interiorPolygons.count == 1)
        let rings = try #require(square.path.decodedRings())
        #expect(rings.map(\.count) == [5, 5])
        #expect(rings[0].first == rings[0].last)
        let inHole = Mercator.project(Coordinate(latitude: 1.5, longitude: 1.5))
        let inSquare = Mercator.project(Coordinate(latitude: 0.5, longitude: 2.5))
        #expect(!OverlayHitTest.isInside(inHole, rings: square.rings))
        #expect(OverlayHitTest.isInside(inSquare, rings: square.rings))
    }

    @Test func aCircleIsRoundOnTheGroundAndTallerThanWideOnTheMapFarNorth() throws {
        let oslo = Coordinate(latitude: 59.91, longitude: 10.75)
        let circle = Circle(center: oslo, radius: 10_000)
        for p in circle.rings[0] {
            #expect(abs(GreatCircle.distance(from: oslo, to: Mercator.unproject(p)) - 10_000) < 1)
        }
        let r = circle.boundingMapRect
        // On the sphere a circle is as wide as tall; Mercator stretches north-south by as much as east-west.
        #expect(abs(r.height / r.width - 1) < 0.02)
        #expect(circle.contains(GreatCircle.destination(from: oslo, bearing: 30, distance: 9_000)))
        #expect(!circle.contains(GreatCircle.destination(from: oslo, bearing: 30, distance: 11_000)))
        #expect(abs(circle.coordinate.latitude - oslo.latitude) < 1e-12)
    }

    @Test func aCircleAcross180StaysWhole() {
        let circle = Circle(center: Coordinate(latitude: -17, longitude: 179.9), radius: 50_000)
        #expect(circle.boundingMapRect.width < Mercator.worldSize / 100)
        #expect(circle.boundingMapRect.maxX > Mercator.worldSize)
    }

    @Test func aGeodesicLineBendsAndCrosses180TheShortWay() throws {
        let tokyo = Coordinate(latitude: 35.68, longitude: 139.69)
        let sanFrancisco = Coordinate(latitude: 37.77, longitude: -122.42)
        let flat = Polyline(coordinates: [tokyo, sanFrancisco])
        let flight = GeodesicPolyline(coordinates: [tokyo, sanFrancisco])
        #expect(flight.waypoints == [tokyo, sanFrancisco])
        #expect(flight.pointCount > 50)
        // The flat line runs west across Asia and the Atlantic; the flight east over the Pacific, past 180°.
        #expect(flat.boundingMapRect.width > Mercator.worldSize * 0.7)
        #expect(flight.boundingMapRect.width < Mercator.worldSize * 0.3)
        #expect(flight.boundingMapRect.maxX > Mercator.worldSize)
        #expect(flight.boundingMapRect.minY < Mercator.project(Coordinate(latitude: 45, longitude: 0)).y)
    }

    @Test func multiShapesDrawAsOnePath() throws {
        let a = Polyline(coordinates: [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 1, longitude: 1)])
        let b = Polyline(coordinates: [Coordinate(latitude: 5, longitude: 5), Coordinate(latitude: 6, longitude: 6)])
        let lines = MultiPolyline([a, b])
        #expect(try #require(lines.path.decodedRings()).count == 2)
        #expect(lines.boundingMapRect.contains(a.boundingMapRect) && lines.boundingMapRect.contains(b.boundingMapRect))
        let p = Polygon(coordinates: [
            Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 1),
            Coordinate(latitude: 1, longitude: 1),
        ])
        let q = Polygon(coordinates: [
            Coordinate(latitude: 10, longitude: 0), Coordinate(latitude: 10, longitude: 1),
            Coordinate(latitude: 11, longitude: 1),
        ])
        let areas = MultiPolygon([p, q])
        #expect(areas.isArea && !lines.isArea)
        #expect(try #require(areas.path.decodedRings()).map(\.count) == [4, 4])
    }
}
