import Foundation
import MapCore
import MapGeometry
import Synchronization
import Testing

@testable import LiveWorld

/// A feed's merge runs ahead of bulk work where the system lets the process
/// raise a thread's priority, and only for as long as it takes.
struct ThreadPriorityTests {
    @Test func theWorkRunsRaisedAndThePriorityComesBack() {
        let before = ThreadPriority.niceValue
        let (during, wasRaised) = ThreadPriority.raised { ThreadPriority.niceValue }
        if wasRaised {
            #expect(during == before - ThreadPriority.boost, "the thread runs the work ahead of the others")
        } else {
            #expect(during == before, "refused: the work runs as it is")
        }
        #expect(ThreadPriority.niceValue == before, "the thread's priority is back once the work is done")
    }

    @Test func aThrowingWorkLeavesThePriorityAsItWas() {
        struct Failed: Error {}
        let before = ThreadPriority.niceValue
        #expect(throws: Failed.self) { try ThreadPriority.raised { throw Failed() } }
        #expect(ThreadPriority.niceValue == before)
    }

    #if os(Linux)
    /// The test runs as root in CI (as the server does in its container): there the priority is raised.
    @Test(.enabled(if: geteuid() == 0)) func rootRaisesIt() {
        #expect(ThreadPriority.raised { () }.wasRaised)
    }
    #endif

    /// The store merges a feed-sized epoch through `ThreadPriority` and an
    /// import's as it is: its publisher's clock, read at both ends of the
    /// merge (on the clustering queue, a moment after the write), sees the
    /// thread's nice value there.
    @Test func theStoreRaisesAFeedsMergeAndNotAnImports() throws {
        let seen = Mutex<[Int32]>([])
        let publisher = SharedClusterPublisher(cpuClock: {
            seen.withLock { $0.append(ThreadPriority.niceValue) }
            return 0
        })
        let store = AnnotationStore(journal: nil, clusterPublisher: publisher)
        // The queue's threads run at its quality of service's nice value; `sync` would run on this one.
        let queueNice = Mutex<Int32?>(nil)
        store.clusterQueue.async { queueNice.withLock { $0 = ThreadPriority.niceValue } }
        while queueNice.withLock({ $0 }) == nil { Thread.sleep(forTimeInterval: 0.001) }
        let base = queueNice.withLock { $0 }!
        let raised = ThreadPriority.raised { () }.wasRaised ? base - ThreadPriority.boost : base
        func merged() -> [Int32] {
            let deadline = Date().addingTimeInterval(30)
            while seen.withLock({ $0.count }) < 2, Date() < deadline { Thread.sleep(forTimeInterval: 0.002) }
            return seen.withLock { s in
                defer { s = [] }
                return s
            }
        }
        try store.add(fleet(AnnotationStore.urgentMergeLimit + 1))
        #expect(merged() == [base, base], "an import's merge keeps its place")
        try store.apply([Move(id: "truck-3", coordinate: Coordinate(latitude: 40, longitude: 5))])
        #expect(merged() == [raised, raised], "a feed's merge runs ahead")
    }

    /// A feed's epoch is urgent; an import's is bulk work and keeps its place.
    @Test func aFeedsMergeIsUrgentAnImportsIsNot() {
        func changes(_ count: Int) -> [String: ClusterChanges] {
            var c = ClusterChanges()
            for (slot, van) in fleet(count).enumerated() {
                c.add(van, slot: UInt32(slot), at: Mercator.project(van.coordinate))
            }
            return ["trucks": c]
        }
        #expect(AnnotationStore.isUrgent(changes(1_600)))
        #expect(!AnnotationStore.isUrgent(changes(AnnotationStore.urgentMergeLimit + 1)))
    }
}
