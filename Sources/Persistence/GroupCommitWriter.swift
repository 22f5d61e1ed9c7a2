import Dispatch
import Foundation
import Synchronization

/// Writes the world's changes to the store file on a thread of its own:
/// whatever arrived while the last transaction committed goes into the next
/// one (group commit), so a feed of 100,000 moves a second costs a few
/// hundred commits, not 100,000. Each submitter is told, in the order of
/// submission, once its changes are in the file; that is when a write may be
/// acknowledged.
package final class GroupCommitWriter: Sendable {
    /// Called on the writer's thread once the submitted changes are committed
    /// (nil) or their transaction failed.
    package typealias Completion = @Sendable (StoreError?) -> Void

    private struct Pending {
        var changes: [WorldChange] = []
        var settings: [String: String] = [:]
        var completions: [Completion] = []
        var stopping = false
        /// The first failed commit; from then on nothing more is written.
        var failure: StoreError?
        var isEmpty: Bool { changes.isEmpty && settings.isEmpty && completions.isEmpty }
    }

    package let database: WorldDatabase
    private let pending = Mutex(Pending())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let stats = Mutex(Stats())

    /// What the writer has done, for metrics and benchmarks.
    package struct Stats: Sendable, Equatable {
        package var commits = 0
        package var changes = 0
        package var failures = 0
    }

    package init(database: WorldDatabase) {
        self.database = database
        let thread = Thread { [self] in run() }
        thread.name = "mapwire.store"
        thread.start()
    }

    package var statistics: Stats { stats.withLock { $0 } }

    /// Why the file stopped taking writes, if a commit failed. Memory may
    /// then hold changes the file does not; refusing every later write keeps
    /// that to the failed batch, and a restart brings memory back to the
    /// file. Nothing acknowledged is lost either way.
    package var failure: StoreError? { pending.withLock { $0.failure } }

    /// Queues `changes` for the next transaction; `completion` runs once it
    /// committed. Callers submit under the lock that ordered the changes in
    /// memory, so the file sees them in the same order.
    package func submit(
        _ changes: [WorldChange], settings: [String: String] = [:],
        completion: Completion? = nil
    ) {
        let (wasEmpty, refusal) = pending.withLock { p -> (Bool, StoreError?) in
            if p.stopping { return (false, .writeFailed(reason: "the store is closed")) }
            if let failure = p.failure { return (false, failure) }
            let wasEmpty = p.isEmpty
            p.changes.append(contentsOf: changes)
            for (key, value) in settings { p.settings[key] = value }
            if let completion { p.completions.append(completion) }
            return (wasEmpty, nil)
        }
        if let refusal { completion?(refusal) }
        if wasEmpty { wake.signal() }
    }

    /// Blocks until everything submitted before this call is in the file.
    package func flush() throws(StoreError) {
        let done = DispatchSemaphore(value: 0)
        let failure = Mutex<StoreError?>(nil)
        submit([]) { error in
            failure.withLock { $0 = error }
            done.signal()
        }
        done.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Writes what is queued, then ends the thread; later submissions are
    /// refused (their completion gets an error) rather than lost silently.
    package func stop() {
        let first = pending.withLock { p in
            defer { p.stopping = true }
            return !p.stopping
        }
        guard first else { return }
        wake.signal()
        finished.wait()
    }

    private func run() {
        while true {
            wake.wait()
            let (batch, stopping) = pending.withLock { p in
                let batch = p
                p = Pending(stopping: p.stopping, failure: p.failure)
                return (batch, p.stopping)
            }
            if !batch.isEmpty { commit(batch) }
            if stopping {
                finished.signal()
                return
            }
        }
    }

    private func commit(_ batch: Pending) {
        var failure: StoreError?
        do throws(StoreError) {
            try database.write(batch.changes, settings: batch.settings)
        } catch {
            failure = error
        }
        if let failure { pending.withLock { $0.failure = $0.failure ?? failure } }
        stats.withLock { s in
            if failure == nil {
                s.commits += 1
                s.changes += batch.changes.count
            } else {
                s.failures += 1
            }
        }
        for completion in batch.completions { completion(failure) }
    }
}
