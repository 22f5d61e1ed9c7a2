import Dispatch
import Foundation
import SessionTransport
import Synchronization

/// Runs the handlers of requests with large bodies (a batch of 100,000
/// moves is 8 MB of JSON, seconds of parsing) one at a time on a thread of
/// their own.
///
/// On the global queue, four such batches took both of its threads on a
/// 2-core machine, and `/healthz`, small API calls and the sessions' map work
/// queued behind them for seconds. Here they wait for each other instead, and
/// the bytes waiting are bounded: past `maxPendingBytes` a request is
/// answered 503 at once rather than held in memory.
final class BulkRequestQueue: Sendable {
    /// Bodies from this size on go here.
    static let threshold = 256 * 1024

    /// One per process: the point is a fixed share of the CPU, not one per server.
    static let shared = BulkRequestQueue(maxPendingBytes: 64 << 20)

    let maxPendingBytes: Int

    private struct State {
        var jobs: [(bytes: Int, run: @Sendable () -> Void)] = []
        var pendingBytes = 0
        var threadStarted = false
    }

    private let state = Mutex(State())
    private let ready = DispatchSemaphore(value: 0)

    init(maxPendingBytes: Int) {
        self.maxPendingBytes = maxPendingBytes
    }

    /// Queues `run` for a body of `bytes`; false when too many bytes already wait.
    func submit(bytes: Int, _ run: @escaping @Sendable () -> Void) -> Bool {
        let (accepted, startThread) = state.withLock { state -> (Bool, Bool) in
            guard state.pendingBytes == 0 || state.pendingBytes + bytes <= maxPendingBytes else {
                return (false, false)
            }
            state.pendingBytes += bytes
            state.jobs.append((bytes, run))
            defer { state.threadStarted = true }
            return (true, !state.threadStarted)
        }
        guard accepted else { return false }
        if startThread {
            let thread = Thread { [self] in work() }
            thread.name = "mapwire-bulk-http"
            thread.start()
        }
        ready.signal()
        return true
    }

    private func work() {
        while true {
            ready.wait()
            guard let job = state.withLock({ $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() }) else { continue }
            job.run()
            state.withLock { $0.pendingBytes -= job.bytes }
        }
    }
}
