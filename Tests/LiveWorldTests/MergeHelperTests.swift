import Foundation
import MapGeometry
import Synchronization
import Testing

@testable import LiveWorld
@testable import MapCore

/// A feed's merge in two parts: the second on a thread kept for it, ahead
/// of bulk work as the merge is, and the epoch the same as in one piece.
struct MergeHelperTests {
    /// The calling thread and the thread each part ran on, with its nice value.
    private static func partsRun(_ count: Int, by helper: MergeHelper)
        -> (caller: UInt, parts: [(thread: UInt, nice: Int32)?])
    {
        let seen = Mutex([(thread: UInt, nice: Int32)?](repeating: nil, count: count))
        helper.run(count) { p in
            usleep(2_000) // long enough for both to be under way at once
            let me = (thread: UInt(pthread_self()), nice: ThreadPriority.niceValue)
            seen.withLock { $0[p] = me }
        }
        return (UInt(pthread_self()), seen.withLock { $0 })
    }

    @Test func theLastPartRunsOnTheHelperAndTheRestHere() {
        let helper = MergeHelper()
        let (caller, parts) = Self.partsRun(2, by: helper)
        #expect(parts.allSatisfy { $0 != nil }, "both parts ran before it returned")
        #expect(parts[0]?.thread == caller)
        #expect(parts[1].map { $0.thread != caller } == true, "the second part on another thread")
        #expect(parts[1]?.nice == ThreadPriority.niceValue, "at the priority of the merge")
        let (raised, wasRaised) = ThreadPriority.raised { Self.partsRun(2, by: helper) }
        #expect(
            raised.parts[1]?.nice
                == (wasRaised
                    ? ThreadPriority.niceValue - ThreadPriority.boost
                    : ThreadPriority.niceValue),
            "a raised merge's, raised")
        #expect(Self.partsRun(2, by: helper).parts[1]?.nice == ThreadPriority.niceValue, "and back for the next")
        let one = Self.partsRun(1, by: helper)
        #expect(one.parts[0]?.thread == one.caller, "a merge of one part stays on its thread")
    }

    /// Merge after merge, as a feed makes them: each waits for its parts and
    /// none is lost or run twice.
    @Test func manyMergesInARowEachRunEveryPartOnce() {
        let helper = MergeHelper()
        for round in 0..<200 {
            let runs = Mutex([0, 0])
            helper.run(2) { p in runs.withLock { $0[p] += 1 } }
            #expect(runs.withLock { $0 } == [1, 1], "round \(round)")
        }
    }

    /// Two stores merging at once (one helper serves the process): the one
    /// that finds the helper busy runs its parts itself, and neither part
    /// is lost, run twice or run by the other's merge.
    @Test(.timeLimit(.minutes(1))) func mergesOfTwoStoresAtOnceEachRunTheirOwnParts() {
        let helper = MergeHelper()
        let runs = Mutex([[Int]](repeating: [0, 0], count: 2))
        let finished = DispatchSemaphore(value: 0)
        // Threads of their own, as two stores' clustering queues: both merge at once.
        for store in 0..<2 {
            Thread {
                for _ in 0..<300 {
                    helper.run(2) { p in
                        runs.withLock { $0[store][p] += 1 }
                        usleep(50)
                    }
                }
                finished.signal()
            }.start()
        }
        finished.wait()
        finished.wait()
        #expect(runs.withLock { $0 } == [[300, 300], [300, 300]])
    }

    /// A feed-sized epoch goes through the parts and comes out as a fresh
    /// build of the same points; a trickle's is merged in one piece.
    @Test func aFeedSizedEpochIsMergedInPartsAndMatchesAFreshBuild() {
        let publisher = SharedClusterPublisher()
        var points: [UInt32: Point] = [:]
        var adds = ClusterChanges()
        let vans = fleet(5_000)
        for (slot, van) in vans.enumerated() {
            let p = Mercator.project(van.coordinate)
            points[UInt32(slot)] = p
            adds.add(van, slot: UInt32(slot), at: p)
        }
        publisher.publish(["vans": adds])
        func newSlabs(_ publish: () -> Void) -> Int {
            let before = publisher.snapshot.indexes["vans"]!.slabs.compactMap { $0 }
            publish()
            return publisher.snapshot.indexes["vans"]!.slabs.compactMap { $0 }
                .filter { slab in !before.contains { $0 === slab } }.count
        }
        var moves = ClusterChanges()
        for slot in UInt32(0)..<UInt32(SharedClusterPublisher.partedMergeMinimum) {
            let to = Point(x: points[slot * 7]!.x + 1e4, y: points[slot * 7]!.y - 2e4)
            moves.move(slot: slot * 7, to: to, from: points[slot * 7]!)
            points[slot * 7] = to
        }
        #expect(newSlabs { publisher.publish(["vans": moves]) } == 2, "a slab a part")
        var few = ClusterChanges()
        few.move(slot: 1, to: Point(x: 5e8, y: 5e8), from: points[1]!)
        points[1] = Point(x: 5e8, y: 5e8)
        #expect(newSlabs { publisher.publish(["vans": few]) } == 1, "one piece")
        let merged = publisher.snapshot.indexes["vans"]!
        let fresh = SharedClusterIndex().applying(
            points.reduce(into: ClusterChanges()) { c, entry in
                c.add(vans[Int(entry.key)], slot: entry.key, at: entry.value)
            })
        #expect(merged.orderedMembers.map(\.key) == fresh.orderedMembers.map(\.key))
        #expect(merged.orderedMembers.map(\.point) == fresh.orderedMembers.map(\.point))
    }
}
