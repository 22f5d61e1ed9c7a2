import Dispatch
import MapCore
import Synchronization

/// The epochs of the store's shared clusterings that maps read: the newest
/// snapshot behind a lock held only to copy a reference, and its epoch in
/// an atomic a map reads every frame. A new epoch is merged from the last
/// one outside every lock but its own, so neither the store's writers nor
/// the maps wait for a merge.
package final class SharedClusterPublisher: Sendable {
    private let newest = Mutex(SharedClusterSnapshot())
    private let newestEpoch = Atomic<UInt64>(0)
    /// The epoch of the newest snapshot that changed a clustering with an identifier.
    private let newestIdentifiedEpoch = Atomic<UInt64>(0)
    /// Held through a merge: epochs are made one at a time, in the order their changes were taken.
    let merging = Mutex(())

    var snapshot: SharedClusterSnapshot { newest.withLock { $0 } }

    var epoch: UInt64 { newestEpoch.load(ordering: .acquiring) }

    var identifiedEpoch: UInt64 { newestIdentifiedEpoch.load(ordering: .acquiring) }

    private let lastMergeCPUNanoseconds = Atomic<UInt64>(0)
    private let lastMergeStarted = Atomic<UInt64>(0)
    /// The calling thread's CPU time, seconds (a test gives its own).
    private let cpuClock: @Sendable () -> Double

    init(cpuClock: @escaping @Sendable () -> Double = { ThreadCPUTime.now }) {
        self.cpuClock = cpuClock
    }

    /// The CPU time the last merge took, seconds. Not its wall-clock time:
    /// on a busy machine a merge waits for a core now and then, and pacing
    /// merges by that wait would space them further apart just when every
    /// map is waiting for the next.
    var lastMergeCPUSeconds: Double { Double(lastMergeCPUNanoseconds.load(ordering: .relaxed)) / 1e9 }

    /// Seconds since the last merge began (a large number before the first).
    var secondsSinceLastMerge: Double {
        let started = lastMergeStarted.load(ordering: .relaxed)
        guard started > 0 else { return .infinity }
        return Double(DispatchTime.now().uptimeNanoseconds &- started) / 1e9
    }

    /// Merges of at least this many changes run in two parts at once (a
    /// feed's epoch, an import's); for fewer, waking a second thread costs
    /// more than it saves.
    static let partedMergeMinimum = 512

    /// A merge's parts at once, the second on a thread kept for it (`MergeHelper`).
    package static func mergeInParts(_ count: Int, _ part: @Sendable (Int) -> Void) {
        mergeHelper.run(count, part)
    }
    private static let mergeHelper = MergeHelper()

    /// Merges `changes` (by clustering identifier) and `unclustered` (the
    /// unclustered pins') into the newest epoch and publishes the result.
    /// Call it holding `merging`, with changes taken under that same hold.
    func publish(_ changes: [String: ClusterChanges], unclustered: ClusterChanges? = nil) {
        guard !changes.isEmpty || unclustered != nil else { return }
        lastMergeStarted.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
        let cpuStarted = cpuClock()
        defer {
            let cpu = max(cpuClock() - cpuStarted, 0)
            lastMergeCPUNanoseconds.store(UInt64(cpu * 1e9), ordering: .relaxed)
        }
        let base = snapshot
        var indexes = base.indexes
        for (identifier, change) in changes {
            let index = Self.merge(change, into: indexes[identifier])
            indexes[identifier] = index.count > 0 ? index : nil
        }
        var unclusteredIndex = base.unclustered
        if let unclustered {
            let index = Self.merge(unclustered, into: unclusteredIndex)
            unclusteredIndex = index.count > 0 ? index : nil
        }
        let next = SharedClusterSnapshot(indexes: indexes, unclustered: unclusteredIndex, epoch: base.epoch + 1)
        newest.withLock { $0 = next }
        // After the snapshot, as the newest epoch: a map that sees this epoch finds a snapshot at least as new.
        if !changes.isEmpty { newestIdentifiedEpoch.store(next.epoch, ordering: .releasing) }
        newestEpoch.store(next.epoch, ordering: .releasing)
    }

    private static func merge(_ change: ClusterChanges, into index: SharedClusterIndex?) -> SharedClusterIndex {
        let parts = change.placed.count + change.removed.count >= partedMergeMinimum ? mergeInParts : nil
        return (index ?? SharedClusterIndex()).applying(change, parts: parts)
    }
}
