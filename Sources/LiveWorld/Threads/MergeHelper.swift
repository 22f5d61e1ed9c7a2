import Dispatch
import Foundation
import MapCore
import Synchronization

/// A thread kept for the second part of the shared clusterings' merges
/// (`SharedClusterIndex.applying(_:parts:)`), at the priority of the
/// merge it helps: a feed's ahead of bulk work, an import's not. The
/// global queue's threads are busy drawing the maps' frames just when a
/// feed's merge runs: a part handed to them waited for one, and the merge
/// took about as long as in one piece.
final class MergeHelper: Sendable {
    /// The part handed over, and the nice value to run it at.
    private let work = Mutex<(part: @Sendable () -> Void, nice: Int32)?>(nil)
    /// Whether a merge has the helper: another store's merging at the same
    /// time runs all its parts itself rather than wait for it.
    private let busy = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    init() {
        let thread = Thread { [self] in run() }
        thread.name = "mapwire.merge"
        thread.start()
    }

    /// Runs parts `0..<count`: the last on the helper's thread, the others
    /// on the calling one (all of them there when another merge has the
    /// helper); returns once all are done.
    func run(_ count: Int, _ part: @Sendable (Int) -> Void) {
        guard count > 1, busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else {
            return (0..<count).forEach(part)
        }
        defer { busy.store(false, ordering: .releasing) }
        withoutActuallyEscaping(part) { part in
            let nice = ThreadPriority.niceValue
            work.withLock { $0 = ({ part(count - 1) }, nice) }
            wake.signal()
            for p in 0..<(count - 1) { part(p) }
            done.wait()
        }
    }

    /// Takes the part handed over and runs it, letting go of it before
    /// `done` is signalled: `run(_:_:)` lent it without escaping.
    private func runPart() {
        guard
            let (part, nice) = work.withLock({ w in
                defer { w = nil }
                return w
            })
        else { return }
        ThreadPriority.setNiceValue(nice)
        part()
    }

    private func run() {
        while true {
            wake.wait()
            runPart()
            done.signal()
        }
    }
}
