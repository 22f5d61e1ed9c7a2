import Dispatch
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
        let (ma, mb) = (a.orderedMembers, b.orderedMembers)
        #expect(ma.map(\.key) == mb.map(\.key), "\(note): member order")
        #expect(ma.map(\.point) == mb.map(\.point), "\(note): points")
        #expect(a.count == ma.count && a.starts.last == ma.count, "\(note): count")
        #expect(a.runs.allSatisfy { $0.count > 0 && $0.count <= SharedClusterIndex.runLimit }, "\(note): run lengths")
        for i in 0..<a.count where a.annotation(at: i) !== b.annotation(at: i) {
            Issue.record("\(note): slot table differs at \(i)")
            break
        }
    }

    /// A merge's parts run at once, as a busy feed's epochs run them.
    static let atOnce: MergeParts = { count, part in
        DispatchQueue.concurrentPerform(iterations: count, execute: part)
    }

    @Test(arguments: [1, 2, 3], [false, true])
    func randomAddsMovesAndRemovesMatchAFreshBuild(seed: UInt64, inParts: Bool) {
        var random = Random(state: seed)
        var members: [UInt32: (Annotation, Point)] = [:]
        var freeSlots: [UInt32] = []
        var nextSlot: UInt32 = 0
        var index = SharedClusterIndex()
        var mergedInParts = 0
        for batch in 0..<40 {
            var changes = ClusterChanges()
            for _ in 0..<(1 + random.int(150)) {
                let roll = random.next()
                if roll < 0.45 || members.isEmpty {
                    let slot =
                        freeSlots.popLast()
                        ?? {
                            defer { nextSlot += 1 }
                            return nextSlot
                        }()
                    let annotation = PointAnnotation(
                        coordinate: Coordinate(latitude: 0, longitude: 0),
                        title: "S\(slot)")
                    let p = random.point()
                    members[slot] = (annotation, p)
                    changes.add(annotation, slot: slot, at: p)
                } else if roll < 0.85 {
                    let slot = Array(members.keys)[random.int(members.count)]
                    let p = random.point()
                    changes.move(slot: slot, to: p, from: members[slot]!.1)
                    members[slot]?.1 = p
                } else {
                    let slot = Array(members.keys)[random.int(members.count)]
                    changes.remove(slot: slot, from: members[slot]!.1)
                    members[slot] = nil
                    freeSlots.append(slot)
                }
            }
            let before = index
            index = index.applying(changes, parts: inParts ? Self.atOnce : nil)
            #expect(index.epoch == UInt64(batch + 1))
            let reference = Self.fresh(members)
            Self.expectSame(index, reference, "seed \(seed), batch \(batch)")
            // Slabs this merge wrote: one, or one a part when the changes fell in two runs or more.
            let written = index.slabs.compactMap { $0 }.filter { slab in !before.slabs.contains { $0 === slab } }
            #expect(written.count == 1 || (inParts && written.count == 2), "batch \(batch): a slab a part")
            if written.count == 2 { mergedInParts += 1 }
        }
        #expect(inParts ? mergedInParts >= 30 : mergedInParts == 0, "\(mergedInParts) of 40 merged in parts")
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
                let xs = ps.map(\.x), ys = ps.map(\.y)
                #expect(
                    index.bounds(of: cell.range)
                        == Rect(
                            x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!,
                            height: ys.max()! - ys.min()!), "its members' bounds")
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
            changes.add(
                PointAnnotation(coordinate: Coordinate(latitude: 1, longitude: 1), title: nil),
                slot: UInt32(slot), at: Point(x: Double(slot) * 1000, y: 5e8))
        }
        let first = SharedClusterIndex().applying(changes)
        var move = ClusterChanges()
        move.move(slot: 5, to: Point(x: 9e8, y: 1e8), from: Point(x: 5000, y: 5e8))
        let second = first.applying(move)
        #expect(second.slots === first.slots, "a move changes no slot")
        var remove = ClusterChanges()
        let removedSlot = ClusterSlotTable.chunkSize + 3
        remove.remove(slot: UInt32(removedSlot), from: Point(x: Double(removedSlot) * 1000, y: 5e8))
        let third = second.applying(remove)
        #expect(third.slots.chunks[0] === second.slots.chunks[0] && third.slots.chunks[2] === second.slots.chunks[2])
        #expect(third.slots.chunks[1] !== second.slots.chunks[1])
        #expect(third.count == second.count - 1)
        #expect(first.count == 3 * ClusterSlotTable.chunkSize, "an epoch never changes once made")
    }

    /// A bulk add into one small area makes one run far too long, and
    /// emptying most of an area leaves runs too short: both are cut or
    /// joined, and the order and every cell's count and centre stay those
    /// of a fresh build.
    @Test func runsAreCutWhenTheyGrowAndJoinedWhenTheyShrink() {
        var random = Random(state: 11)
        var members: [UInt32: (Annotation, Point)] = [:]
        var changes = ClusterChanges()
        for slot in UInt32(0)..<3_000 {
            let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: nil)
            let p = random.point()
            members[slot] = (a, p)
            changes.add(a, slot: slot, at: p)
        }
        var index = SharedClusterIndex().applying(changes)
        // 2,000 more in a square a few hundred world units wide: they all land in one run.
        changes = ClusterChanges()
        for slot in UInt32(3_000)..<5_000 {
            let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: nil)
            let p = Point(x: 6.0e8 + random.next() * 300, y: 6.0e8 + random.next() * 300)
            members[slot] = (a, p)
            changes.add(a, slot: slot, at: p)
        }
        let before = index.runs.count
        index = index.applying(changes)
        #expect(index.runs.count >= before + 2_000 / SharedClusterIndex.runLimit, "the long run was cut")
        Self.expectSame(index, Self.fresh(members), "after the bulk add")
        // Nine in ten of the first hub's members go.
        changes = ClusterChanges()
        for (slot, m) in members where abs(m.1.x - 3.0e8) < 1e6 && abs(m.1.y - 4.0e8) < 1e6 && slot % 10 != 0 {
            changes.remove(slot: slot, from: m.1)
            members[slot] = nil
        }
        index = index.applying(changes)
        Self.expectSame(index, Self.fresh(members), "after the removals")
        #expect(
            index.runs.dropLast().allSatisfy { $0.count >= SharedClusterIndex.runMinimum },
            "short runs joined their neighbours")
        // Whole-world queries at shallow levels; around the emptied hub and the dense square deeper down.
        let areas = [
            (2, Self.world), (6, Self.world), (12, Rect(x: 2.99e8, y: 3.99e8, width: 2e6, height: 2e6)),
            (16, Rect(x: 5.9999e8, y: 5.9999e8, width: 2e4, height: 2e4)),
        ]
        let fresh = Self.fresh(members)
        for (zoom, rect) in areas {
            let mine = Dictionary(uniqueKeysWithValues: index.cells(in: rect, zoom: zoom).map { ($0.key, $0) })
            let theirs = fresh.cells(in: rect, zoom: zoom)
            #expect(!theirs.isEmpty && mine.count == theirs.count, "zoom \(zoom)")
            for cell in theirs {
                guard let m = mine[cell.key] else {
                    Issue.record("zoom \(zoom): cell \(cell.key) missing")
                    continue
                }
                #expect(m.count == cell.count && m.center.distance(to: cell.center) < 1e-3, "zoom \(zoom)")
            }
        }
    }

    /// Under a steady feed of moves, each merge writes its runs into a new
    /// slab and the older slabs thin out; a slab with fewer than half of
    /// its members still in runs has them copied on, so the slabs an epoch
    /// holds stay within a few times its members, and few.
    @Test(arguments: [false, true])
    func slabsAFeedThinsOutAreEmptied(inParts: Bool) {
        var random = Random(state: 11)
        var members: [UInt32: (Annotation, Point)] = [:]
        var changes = ClusterChanges()
        for slot in UInt32(0)..<20_000 {
            let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: nil)
            let p = random.point()
            members[slot] = (a, p)
            changes.add(a, slot: slot, at: p)
        }
        var index = SharedClusterIndex().applying(changes)
        var worst = 0.0
        for epoch in 0..<60 {
            changes = ClusterChanges()
            for _ in 0..<40 {
                let slot = UInt32(random.int(20_000))
                let to = random.point()
                changes.move(slot: slot, to: to, from: members[slot]!.1)
                members[slot]!.1 = to
            }
            index = index.applying(changes, parts: inParts ? Self.atOnce : nil)
            let held = index.slabs.reduce(0) { $0 + ($1?.members.capacity ?? 0) }
            #expect(index.slabLive.reduce(0, +) == index.count, "epoch \(epoch): live members counted")
            if epoch >= 10 { worst = max(worst, Double(held) / Double(index.count)) }
        }
        #expect(worst < 3, "slabs held \(worst) times the members")
        #expect(index.slabs.compactMap { $0 }.count <= 12)
        Self.expectSame(index, Self.fresh(members), "after 60 epochs of moves")
    }

    /// An epoch copies only the runs its changes land in: a move shares
    /// every other run, member storage and all, with the epoch before.
    @Test func anEpochSharesTheRunsItsChangesMiss() {
        var random = Random(state: 5)
        var changes = ClusterChanges()
        var points: [Point] = []
        for slot in UInt32(0)..<20_000 {
            let p = random.point()
            points.append(p)
            let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: nil)
            changes.add(a, slot: slot, at: p)
        }
        let first = SharedClusterIndex().applying(changes)
        var move = ClusterChanges()
        move.move(slot: 77, to: Point(x: 1e8, y: 9e8), from: points[77])
        let second = first.applying(move)
        func storage(_ index: SharedClusterIndex) -> Set<UnsafeRawPointer> {
            Set(
                index.runs.indices.map { r in
                    index.members(ofRun: r).withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress!) }
                })
        }
        let shared = storage(first).intersection(storage(second))
        #expect(shared.count >= first.runs.count - 2, "all but the two runs the move left and entered")
        #expect(second.count == first.count)
        #expect(first.orderedMembers.contains { $0.point == points[77] }, "the epoch before still has it where it was")
    }
}
