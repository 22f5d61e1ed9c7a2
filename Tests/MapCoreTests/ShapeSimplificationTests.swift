import DisplayList
import Foundation
import MapGeometry
import Testing

@testable import MapCore

@Suite struct ShapeSimplificationTests {
    /// A zigzag along x: every other point `height` off the line.
    func zigzag(_ count: Int, height: Double) -> [Point] {
        (0..<count).map { Point(x: Double($0) * 100, y: $0 % 2 == 0 ? 0 : height) }
    }

    @Test func pointsWithinTheToleranceGoAndTheEndsStay() {
        let flat = ShapeSimplification.simplify(zigzag(101, height: 1), tolerance: 2)
        #expect(flat == [Point(x: 0, y: 0), Point(x: 10_000, y: 0)])
        let kept = ShapeSimplification.simplify(zigzag(101, height: 10), tolerance: 2)
        #expect(kept.count == 101)
        // A corner stays: the farthest point from the line between the ends.
        let corner = [
            Point(x: 0, y: 0), Point(x: 50, y: 1), Point(x: 100, y: 2), Point(x: 100, y: 100), Point(x: 100, y: 200),
        ]
        #expect(ShapeSimplification.simplify(corner, tolerance: 5) == [corner[0], corner[2], corner[4]])
    }

    @Test func aMillionPointLineSimplifiesWithoutRecursion() {
        let line = zigzag(1_000_000, height: 0.5)
        #expect(ShapeSimplification.simplify(line, tolerance: 1).count == 2)
    }

    @Test func tinyIslandsOfAnAreaAreLeftOutAndNearlyFullResultsKeepTheFullPath() throws {
        let big = [Point(x: 0, y: 0), Point(x: 1_000, y: 0), Point(x: 1_000, y: 1_000), Point(x: 0, y: 1_000)]
        let island = [Point(x: 2_000, y: 0), Point(x: 2_001, y: 0), Point(x: 2_001, y: 1)]
        let rings = try #require(ShapeSimplification.simplify([big, island], tolerance: 5, isArea: true))
        #expect(rings == [big])
        #expect(ShapeSimplification.simplify([big], tolerance: 5, isArea: true) == nil)
    }

    @Test func aLineDrawsFewerPointsZoomedOutAndEveryMapSharesEachZoomsPath() throws {
        // A wiggly route of 2,000 points 200 m apart across France.
        var points: [Coordinate] = []
        for i in 0..<2_000 {
            let wiggle = (i % 2 == 0 ? 1.0 : -1.0) * 0.0005
            points.append(Coordinate(latitude: 46 + Double(i) * 0.0018 + wiggle, longitude: 2 + Double(i) * 0.001))
        }
        let route = Polyline(coordinates: points)
        let world = try #require(route.path(forZoom: 4).decodedRings())
        #expect(world.count == 1 && world[0].count < 20)
        #expect(route.path(forZoom: 4.7) === route.path(forZoom: 4))
        #expect(route.path(forZoom: 18) === route.path)
        let street = try #require(route.path(forZoom: 16).decodedRings())
        #expect(street[0].count > 1_000)
        #expect(route.path(forZoom: 4).id != route.path(forZoom: 16).id)
    }

    @Test func aMapDrawsTheZoomsPathAndLeavesShapesFarFromTheScreenOut() throws {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 48, longitude: 2), zoom: 5))
        var points: [Coordinate] = []
        for i in 0..<500 {
            points.append(Coordinate(latitude: 48 + sin(Double(i)) * 0.01, longitude: 2 + Double(i) * 0.002))
        }
        let near = Polyline(coordinates: points)
        let far = Polyline(coordinates: [
            Coordinate(latitude: -30, longitude: 150), Coordinate(latitude: -31, longitude: 151),
        ])
        map.addOverlays([near, far])
        var scene = window.renderScene()
        #expect(scene.items.contains { $0.properties.path == near.path(forZoom: 5).id })
        #expect(near.path(forZoom: 5).id != near.path.id)
        #expect(!scene.items.contains { $0.properties.path == far.path(forZoom: 5).id })
        map.camera = Camera(center: Coordinate(latitude: -30.5, longitude: 150.5), zoom: 5)
        scene = window.renderScene()
        #expect(scene.items.contains { $0.properties.path == far.path(forZoom: 5).id })
    }
}

@Suite struct OverlayBatchTests {
    @Test func manyAlikeRoutesInATileDrawAsOneItemWithAllTheirLines() throws {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 48, longitude: 2), zoom: 4))
        let routes = (0..<100).map { i in
            Polyline(coordinates: [
                Coordinate(latitude: 48 + Double(i) * 0.01, longitude: 2),
                Coordinate(latitude: 48.5 + Double(i) * 0.01, longitude: 2.5),
            ])
        }
        map.addOverlays(routes)
        let scene = window.renderScene()
        let paths = scene.items.filter { $0.kind == .worldPath }
        #expect(paths.count == 1)
        let batch = try #require(paths.first)
        let rings = try #require(scene.paths.first { $0.id == batch.properties.path }?.decodedRings())
        #expect(rings.count == 100)
        #expect(batch.properties.stroke.color == MapView.standardOverlayColor)
    }
}
