import Dispatch
import Persistence
import Synchronization

/// Blocks a caller until the store file has its change: the HTTP API
/// answers 2xx only for what is committed.
final class DurableWait: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let failure = Mutex<StoreError?>(nil)

    /// Hand this to the writer with the change.
    var completion: GroupCommitWriter.Completion {
        { [self] error in
            failure.withLock { $0 = error }
            done.signal()
        }
    }

    /// Returns once the completion ran; a failed write is a 503.
    func wait() throws(APIError) {
        done.wait()
        if let error = failure.withLock({ $0 }) {
            throw .storeUnavailable("\(error)")
        }
    }
}
