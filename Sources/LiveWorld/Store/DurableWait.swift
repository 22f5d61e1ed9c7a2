import Dispatch
import Persistence
import Synchronization

/// Blocks a caller until the store file has its change: a write returns
/// (and the HTTP API answers 2xx) only for what is committed.
final class DurableWait: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let failure = Mutex<WorldError?>(nil)

    /// Hand this to the writer with the change.
    var completion: GroupCommitWriter.Completion {
        { [self] error in finish(error.map(WorldError.init)) }
    }

    /// Ends the wait: the change is in the file (error nil) or could not be written.
    func finish(_ error: WorldError?) {
        failure.withLock { $0 = error }
        done.signal()
    }

    /// Returns once the change is in the file; throws when the write failed.
    func wait() throws(WorldError) {
        done.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
