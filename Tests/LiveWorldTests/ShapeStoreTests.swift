import Foundation
import MapCore
import MapGeometry
import Persistence
import Testing

@testable import LiveWorld

/// Lines and areas in the shared world: kept through a restart, edited,
/// grown as trails, one id namespace with the annotations, and drawn by
/// every map from one shared layer.
@Suite struct ShapeStoreTests {
    typealias File = StoreRestoreTests.StoreFile

    static func line(_ points: [(Double, Double)], altitudes: [Double]? = nil) -> WorldGeometry {
        WorldGeometry.line(points.map { Coordinate(latitude: $0.1, longitude: $0.0) }, altitudes: altitudes)!
    }

    static let zone = WorldGeometry(
        kind: .polygon,
        coordinates: [(0, 0), (10, 0), (10, 10), (0, 10), (2, 2), (4, 2), (4, 4), (2, 2)].map {
            Coordinate(latitude: $0.1, longitude: $0.0)
        },
        ringEnds: [4, 8], polygonEnds: [2])!

    @Test func geometryChecksItsCountsAndClosesRings() throws {
        #expect(WorldGeometry.line([Coordinate(latitude: 0, longitude: 0)]) == nil, "a line needs two positions")
        // The outer ring was given open: it is closed, the hole was closed already.
        #expect(Self.zone.ringEnds == [5, 9])
        #expect(Self.zone.rings[0].first == Self.zone.rings[0].last)
        #expect(Self.zone.polygons.count == 1 && Self.zone.polygons[0].count == 2)
        let triangle = [(0.0, 0.0), (1.0, 0.0), (0.0, 0.0)].map { Coordinate(latitude: $0.1, longitude: $0.0) }
        #expect(WorldGeometry.area(triangle) == nil, "a ring needs four positions")
        #expect(
            WorldGeometry(kind: .lineString, coordinates: triangle, ringEnds: [1, 3]) == nil,
            "a LineString is one line")
    }

    @Test func geometryPacksAndUnpacksWithAltitudes() throws {
        let line = Self.line([(1, 2), (3, 4), (5, 6)], altitudes: [10, 20, 30.5])
        for geometry in [line, Self.zone] {
            #expect(WorldGeometry(kind: geometry.kind, packed: geometry.packed) == geometry)
        }
        #expect(WorldGeometry(kind: .lineString, packed: Array(line.packed.dropLast())) == nil)
        let tail = WorldGeometry.packTail([Coordinate(latitude: 1, longitude: 2)], altitudes: [3])
        #expect(WorldGeometry.unpackTail(tail)?.altitudes == [3])
    }

    @Test func shapesEditsAndTrailsSurviveARestart() throws {
        let file = try File()
        do {
            let store = try StoreRestoreTests.start(file)
            try store.add(shapes: [
                LiveShape(id: "route", geometry: Self.line([(0, 0), (1, 1)]), look: .init(title: "Route")),
                LiveShape(id: "zone", geometry: Self.zone, look: .init(stroke: "#f00", fillOpacity: 0.5)),
                LiveShape(id: "trail", geometry: Self.line([(0, 0), (0, 1)]), trailLimit: 3),
            ])
            try store.updateShape(id: "route", geometry: Self.line([(5, 5), (6, 6), (7, 7)])) { $0.title = "Moved" }
            // More appends than a row of tails takes before the shape is written whole.
            for i in 0..<(AnnotationStore.trailFoldEvery + 3) {
                try store.extendShape(id: "trail", by: [Coordinate(latitude: 2 + Double(i), longitude: 0)])
            }
            try store.add(shapes: [LiveShape(id: "gone", geometry: Self.line([(0, 0), (2, 2)]))])
            try store.removeShape(id: "gone")
        }
        let store = try StoreRestoreTests.start(file)
        #expect(store.allShapes.map(\.id) == ["route", "zone", "trail"])
        let route = try #require(store.shape(id: "route"))
        #expect(route.geometry == Self.line([(5, 5), (6, 6), (7, 7)]) && route.title == "Moved")
        #expect(store.shape(id: "zone")?.look == LiveShape.Look(stroke: "#f00", fillOpacity: 0.5))
        #expect(store.shape(id: "zone")?.kind == "area")
        let trail = try #require(store.shape(id: "trail"))
        let last = Double(AnnotationStore.trailFoldEvery + 2) + 2
        #expect(trail.geometry.coordinates.map(\.latitude) == [last - 2, last - 1, last], "the newest three")
        #expect(trail.isGrowing)
    }

    @Test func shapesAndAnnotationsShareOneNamespace() throws {
        let store = AnnotationStore()
        try store.add(LiveAnnotation(id: "a", title: nil, coordinate: Coordinate(latitude: 0, longitude: 0)))
        #expect(throws: WorldError.duplicateID("a")) {
            try store.add(shapes: [LiveShape(id: "a", geometry: Self.line([(0, 0), (1, 1)]))])
        }
        try store.add(shapes: [LiveShape(id: "s", geometry: Self.line([(0, 0), (1, 1)]))])
        #expect(throws: WorldError.duplicateID("s")) {
            try store.add(LiveAnnotation(id: "s", title: nil, coordinate: Coordinate(latitude: 0, longitude: 0)))
        }
        // All or nothing: the point of a batch whose line is refused is not added either.
        let point = LiveAnnotation(id: "p", title: nil, coordinate: Coordinate(latitude: 0, longitude: 0))
        #expect(throws: WorldError.duplicateID("s")) {
            try store.add([point], shapes: [LiveShape(id: "s", geometry: Self.line([(0, 0), (1, 1)]))])
        }
        #expect(store.record(id: "p") == nil)
        try store.add([point], shapes: [LiveShape(id: "t", geometry: Self.zone)])
        #expect(store.record(id: "p") != nil && store.shape(id: "t") != nil)
    }

    @Test func onlyALineStringGrowsAndAnAreaStaysAnArea() throws {
        let store = AnnotationStore()
        try store.add(shapes: [
            LiveShape(id: "zone", geometry: Self.zone),
            LiveShape(id: "line", geometry: Self.line([(0, 0), (1, 1)])),
        ])
        #expect(throws: WorldError.self) {
            try store.extendShape(id: "zone", by: [Coordinate(latitude: 1, longitude: 1)])
        }
        #expect(throws: WorldError.self) {
            try store.extendShape(id: "line", by: [Coordinate(latitude: 1, longitude: 1)], altitudes: [3])
        }
        #expect(throws: WorldError.unknownID("nope")) {
            try store.extendShape(id: "nope", by: [Coordinate(latitude: 1, longitude: 1)])
        }
        #expect(throws: WorldError.self) { try store.updateShape(id: "zone", geometry: Self.line([(0, 0), (1, 1)])) }
        #expect(throws: WorldError.self) {
            try store.extendShape(id: "line", by: [Coordinate(latitude: 91, longitude: 1)])
        }
        #expect(store.shape(id: "line")?.geometry.coordinates.count == 2, "a refused append changes nothing")
    }

    /// Every map reads one layer, made again only after a change; a trail
    /// that grows bumps the version, so maps draw it, and is drawn alone.
    @Test func theSharedLayerIsMadeOnceAndFollowsChanges() throws {
        let store = AnnotationStore()
        let source = store.sharedOverlays
        try store.add(shapes: [
            LiveShape(id: "a", geometry: Self.line([(0, 0), (1, 1)])),
            LiveShape(id: "b", geometry: Self.zone, look: .init(title: "Zone")),
        ])
        let layer = source.overlayLayer()
        #expect(layer === source.overlayLayer())
        #expect(layer.overlays.compactMap { ($0 as? LiveShape)?.id } == ["a", "b"])
        let before = source.overlayVersion
        try store.extendShape(id: "a", by: [Coordinate(latitude: 2, longitude: 2)])
        #expect(source.overlayVersion > before)
        #expect(source.overlayLayer() !== layer, "a line that starts to grow is drawn alone")
        let growing = source.overlayLayer()
        try store.extendShape(id: "a", by: [Coordinate(latitude: 3, longitude: 3)])
        #expect(source.overlayLayer() === growing, "a growing line changes its path, not the layer")
        try store.removeShape(id: "b")
        #expect(source.overlayLayer().overlays.count == 1)
    }

    @Test func aChangeWakesOnlyTheSessionsThatSeeIt() throws {
        let store = AnnotationStore()
        let woken = Woken()
        let near = LiveSubscriber { woken.add("near") }
        let far = LiveSubscriber { woken.add("far") }
        store.subscribe(1, near)
        store.subscribe(2, far)
        near.publish(Mercator.project(Coordinate(latitude: 5, longitude: 5)).rect(size: 1000))
        far.publish(Mercator.project(Coordinate(latitude: -60, longitude: 120)).rect(size: 1000))
        try store.add(shapes: [LiveShape(id: "zone", geometry: Self.zone)])
        #expect(woken.names == ["near"], "the viewport lies inside the zone, though no corner of it does")
    }
}

private final class Woken: @unchecked Sendable {
    private let lock = NSLock()
    private var all: [String] = []
    func add(_ name: String) { lock.withLock { all.append(name) } }
    var names: [String] { lock.withLock { all } }
}

extension Point {
    fileprivate func rect(size: Double) -> Rect { Rect(x: x - size / 2, y: y - size / 2, width: size, height: size) }
}

/// A growing line is drawn in pieces: an append changes the last piece, a
/// trail's limit the first, and no piece leaves a gap to the next.
@Suite struct TrailPiecesTests {
    func line(_ count: Int, from start: Int = 0) -> [Point] {
        (start..<(start + count)).map { Point(x: Double($0) * 1000, y: 0) }
    }

    @Test func anAppendMakesOnlyTheLastPieceAgain() throws {
        var trail = TrailPieces()
        let size = TrailPieces.size
        let before = trail.pieces(of: line(2 * size + 10))
        #expect(before.count == 3)
        for (a, b) in zip(before, before.dropFirst()) {
            #expect(a.path.decodedRings()?.first?.last == b.path.decodedRings()?.first?.first, "no gap")
        }
        let after = trail.pieces(of: line(2 * size + 11))
        #expect(after.map(\.itemID) == before.map(\.itemID))
        #expect(after.prefix(2).map(\.path.id) == before.prefix(2).map(\.path.id), "the first pieces are kept")
        #expect(after[2].path.id != before[2].path.id)
        #expect(after[2].path.decodedRings()?.first?.count == 11, "positions 128 through 138")
    }

    @Test func droppingTheOldestPositionsMakesTheFirstPieceAgainAndLetsGoOfEmptyOnes() throws {
        var trail = TrailPieces()
        let size = TrailPieces.size
        let before = trail.pieces(of: line(2 * size + 10))
        // A limit of 2 * size + 10 positions: one more in, one out.
        trail.drop(1)
        let after = trail.pieces(of: line(2 * size + 10, from: 1))
        #expect(after.map(\.itemID) == before.map(\.itemID))
        #expect(after[0].path.id != before[0].path.id && after[1].path.id == before[1].path.id)
        trail.drop(size)
        let later = trail.pieces(of: line(2 * size + 10, from: size + 1))
        #expect(later.first?.itemID == before[1].itemID, "the first piece went with its positions")
    }
}

/// A trail with a limit always draws the same items: a piece that starts
/// takes the item its oldest piece left, so a map patches paths alone.
@Suite struct TrailSlotTests {
    @Test func aLimitedTrailKeepsItsItemsAsItGrowsPastPieces() throws {
        let size = TrailPieces.size
        let limit = 3 * size
        var trail = TrailPieces(limit: limit)
        var line = (0..<limit).map { Point(x: Double($0) * 1000, y: 0) }
        let first = trail.pieces(of: line)
        let items = first.map(\.itemID)
        #expect(Set(items).count == items.count && items.count >= 3)
        for n in 1...(2 * size) {
            line.removeFirst()
            line.append(Point(x: Double(limit + n) * 1000, y: 0))
            trail.drop(1)
            let now = trail.pieces(of: line)
            #expect(now.map(\.itemID) == items, "append \(n)")
            // Every position is in some piece: the pieces' points together cover the line.
            let drawn = now.reduce(0) { $0 + max(0, ($1.path.decodedRings()?.first?.count ?? 0) - 1) }
            #expect(drawn == line.count - 1, "append \(n)")
        }
    }
}
