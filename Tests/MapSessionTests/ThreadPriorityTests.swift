import Foundation
import MapCore
import MapGeometry
import Testing

@testable import MapSession

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

    /// A feed's epoch is urgent; an import's is bulk work and keeps its place.
    @Test func aFeedsMergeIsUrgentAnImportsIsNot() {
        func changes(_ count: Int) -> [String: ClusterChanges] {
            var c = ClusterChanges()
            for (slot, van) in SharedClusterSessionTests.fleet(count).enumerated() {
                c.add(van, slot: UInt32(slot), at: Mercator.project(van.coordinate))
            }
            return ["trucks": c]
        }
        #expect(AnnotationStore.isUrgent(changes(1_600)))
        #expect(!AnnotationStore.isUrgent(changes(AnnotationStore.urgentMergeLimit + 1)))
    }
}
