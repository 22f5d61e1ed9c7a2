import MapGeometry
import Testing
@testable import MapCore

/// A shared clustering's epochs, merged change by change, against fresh builds.
@Suite struct SharedClusterIndexTests {
    /// A deterministic random number source.
    struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        mutating func int(_ n: Int) -> Int { min(Int(next() * Double(n)), n - 1) }
        /// A point in a few dense areas and anywhere else, so cells of every size occur.
        mutating func point() -> Point {
            let hubs = [Point(x: 3.0e8, y: 4.0e8), Point(x: 7.5e8, y: 3.2e8), Point(x: 5.0e8, y: 5.0e8)]
            if next() < 0.7 {
                let hub = hubs[int(hubs.count)]
                return Point(x: hub.x + (next() - 0.5) * 2e6, y: hub.y + (next() - 0.5) * 2e6)
            }
            return Point(x: next() * Mercator.worldSize, y: next() * Mercator.worldSize)
        }
    }

    static let world = Rect(x: 0, y: 0, width: Mercator.worldSize, height: Mercator.worldSize)

    /// The same members built at once.
    static func fresh(_ members: [UInt32: (Annotation, Point)]) -> SharedClusterIndex {
        var all = ClusterChanges()
        for (slot, m) in members { all.add(m.0, slot: slot, at: m.1) }
        return SharedClusterIndex().applying(all)
    }

    static func expectSame(_ a: SharedClusterIndex, _ b: SharedClusterIndex, _ note: String) {
        #expect(a.keys == b.keys, "\(note): member order")
        #expect(a.points == b.points, "\(note): points")
        #expect(a.sumX == b.sumX && a.sumY == b.sumY, "\(note): prefix sums")
        for i in 0..<a.count where a.annotation(at: i) !== b.annotation(at: i) {
            Issue.record("\(note): slot table differs at \(i)")
            break
        }
    }

    @Test(arguments: [1, 2, 3])
    func randomAddsMovesAndRemovesMatchAFreshBuild(seed: UInt64) {
        var random = Random(state: seed)
        var members: [UInt32: (Annotation, Point)] = [:]
        var freeSlots: [UInt32] = []
        var nextSlot: UInt32 = 0
        var index = SharedClusterIndex()
        for batch in 0..<40 {
            var changes = ClusterChanges()
            for _ in 0..<(1 + random.int(150)) {
                let roll = random.next()
                if roll < 0.45 || members.isEmpty {
                    let slot = freeSlots.popLast() ?? { defer { nextSlot += 1 }; return nextSlot }()
                    let annotation = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0),
                                                     title: "S\(slot)")
                    let p = random.point()
                    members[slot] = (annotation, p)
                    changes.add(annotation, slot: slot, at: p)
                } else if roll < 0.85 {
                    let slot = Array(members.keys)[random.int(members.count)]
                    let p = random.point()
                    members[slot]?.1 = p
                    changes.move(slot: slot, to: p)
                } else {
                    let slot = Array(members.keys)[random.int(members.count)]
                    members[slot] = nil
                    freeSlots.append(slot)
                    changes.remove(slot: slot)
                }
            }
            index = index.applying(changes)
            #expect(index.epoch == UInt64(batch + 1))
            let reference = Self.fresh(members)
            Self.expectSame(index, reference, "seed \(seed), batch \(batch)")
        }
        // Every level's cells partition the members and centre on their mean
        // (a whole-world query walks every cell of the level: shallow ones only).
        for zoom in [0, 2, 5] {
            let cells = index.cells(in: Self.world, zoom: zoom)
            #expect(cells.reduce(0) { $0 + $1.count } == members.count, "zoom \(zoom)")
            for cell in cells.prefix(20) {
                let ps = cell.range.map { index.point(at: $0) }
                let mean = ps.reduce(Point.zero, +) * (1 / Double(ps.count))
                #expect(abs(mean.x - cell.center.x) < 1e-3 && abs(mean.y - cell.center.y) < 1e-3)
                #expect(index.range(ofCell: cell.key) == cell.range, "a cell is found again by its key")
            }
        }
    }

    @Test func cellsAgreeWithTheSessionIndexOverTheSamePoints() {
        var random = Random(state: 7)
        var changes = ClusterChanges()
        var annotations: [PointAnnotation] = []
        for slot in 0..<2_000 {
            let p = random.point()
            let a = PointAnnotation(coordinate: Mercator.unproject(p), title: "A\(slot)")
            annotations.append(a)
            changes.add(a, slot: UInt32(slot), at: Mercator.project(a.coordinate))
        }
        let shared = SharedClusterIndex().applying(changes)
        let session = ClusterIndex(annotations: annotations)
        // Around a hub, a viewport's worth of cells at each level (a few at the deepest).
        let hub = Point(x: 3.0e8, y: 4.0e8)
        for zoom in 0...ClusterIndex.maxZoom {
            let half = 1_500 / Mercator.pixelsPerUnit(zoom: Double(zoom))
            let rect = Rect(x: hub.x - half, y: hub.y - half, width: 2 * half, height: 2 * half)
            let a = Dictionary(uniqueKeysWithValues: shared.cells(in: rect, zoom: zoom).map { ($0.key, $0.count) })
            let b = Dictionary(uniqueKeysWithValues: session.cells(in: rect, zoom: zoom).map { ($0.key, $0.count) })
            #expect(a == b, "zoom \(zoom)")
            #expect(!a.isEmpty, "zoom \(zoom) finds members near the hub")
        }
    }

    @Test func anEpochSharesTheSlotChunksItDidNotChange() {
        var changes = ClusterChanges()
        for slot in 0..<(3 * ClusterSlotTable.chunkSize) {
            changes.add(PointAnnotation(coordinate: Coordinate(latitude: 1, longitude: 1), title: nil),
                        slot: UInt32(slot), at: Point(x: Double(slot) * 1000, y: 5e8))
        }
        let first = SharedClusterIndex().applying(changes)
        var move = ClusterChanges()
        move.move(slot: 5, to: Point(x: 9e8, y: 1e8))
        let second = first.applying(move)
        #expect(second.slots === first.slots, "a move changes no slot")
        var remove = ClusterChanges()
        remove.remove(slot: UInt32(ClusterSlotTable.chunkSize + 3))
        let third = second.applying(remove)
        #expect(third.slots.chunks[0] === second.slots.chunks[0] && third.slots.chunks[2] === second.slots.chunks[2])
        #expect(third.slots.chunks[1] !== second.slots.chunks[1])
        #expect(third.count == second.count - 1)
        #expect(first.count == 3 * ClusterSlotTable.chunkSize, "an epoch never changes once made")
    }
}
