import DisplayList
import MapGeometry
import Testing

@testable import LiveWorld
@testable import MapCore
@testable import MapSession

/// Sessions draw the shared world's lines and areas, and a trail that grows
/// reaches a watching browser as a patch of the pieces it changed.
@Suite struct WorldShapeSessionTests {
    static let pacific = "#8/0/-150"

    func line(_ from: Double, _ to: Double, step: Double = 0.01) -> WorldGeometry {
        WorldGeometry.line(
            stride(from: from, through: to, by: step).map { Coordinate(latitude: 0.05, longitude: $0) })!
    }

    func worldPaths(_ h: SessionHarness) -> [UInt32] {
        h.replica.items.filter { $0.value.kind == .worldPath }.map(\.key).sorted()
    }

    @Test func aShapeAddedThroughTheStoreIsDrawnByAWatchingSession() throws {
        let world = freshWorld()
        let h = SessionHarness(hash: Self.pacific, world: world)
        h.settle(seconds: 0.3)
        let before = worldPaths(h)
        try world.store.add(shapes: [
            LiveShape(
                id: "zone",
                geometry: WorldGeometry.area([
                    Coordinate(latitude: -0.2, longitude: -150.2), Coordinate(latitude: -0.2, longitude: -149.8),
                    Coordinate(latitude: 0.2, longitude: -149.8),
                ])!, look: .init(title: "Zone", fill: "#0f0", fillOpacity: 0.5))
        ])
        h.flushQueue()
        let added = Set(worldPaths(h)).subtracting(before)
        #expect(added.count == 1, "the zone's item reached the browser")
        let item = try #require(added.first.flatMap { h.replica.items[$0] })
        #expect(item.properties.fill == Color(hex: 0x00FF00).withAlpha(0.5))
        #expect(h.replica.accessibility.contains { $0.name == "Zone" })
        try world.store.removeShape(id: "zone")
        h.flushQueue()
        #expect(worldPaths(h) == before)
    }

    @Test func aGrowingTrailIsPatchedPieceByPiece() throws {
        let world = freshWorld()
        try world.store.add(shapes: [LiveShape(id: "bus", geometry: line(-150.5, -149.9), trailLimit: 200)])
        let h = SessionHarness(hash: Self.pacific, world: world)
        h.settle(seconds: 0.3)
        let items = worldPaths(h)
        let patches = h.session.sync { h.session.live.patchFrames }
        var longitude = -149.9
        for _ in 0..<100 {
            longitude += 0.01
            try world.store.extendShape(id: "bus", by: [Coordinate(latitude: 0.05, longitude: longitude)])
            h.flushQueue()
        }
        #expect(h.session.sync { h.session.live.patchFrames } >= patches + 100, "a patch a growth")
        #expect(worldPaths(h) == items, "the same items: a growth changes paths only")
        // The browser holds the trail's pieces as they are now: all 161 positions.
        let pieces = try #require(world.store.shape(id: "bus")).pieces()
        for piece in pieces {
            #expect(h.replica.items[piece.itemID]?.properties.path == piece.path.id)
            #expect(h.replica.paths.contains(piece.path.id))
        }
        let rings = pieces.compactMap { $0.path.decodedRings()?.first }
        #expect(rings.reduce(0) { $0 + max(0, $1.count - 1) } == 160)
        let east = rings.flatMap { $0 }.map(\.x).max() ?? 0
        #expect(abs(east - Mercator.project(Coordinate(latitude: 0.05, longitude: longitude)).x) < 2)
    }
}
