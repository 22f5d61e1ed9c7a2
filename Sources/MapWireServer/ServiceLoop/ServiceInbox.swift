import CLibWebSockets
import Foundation
import SessionTransport
import Synchronization

/// The one door into the service thread from other threads.
///
/// libwebsockets is built single-threaded here: only `lws_cancel_service` may
/// be called off the service thread. So other threads leave work in this
/// mutex-protected inbox and cancel the service wait; the service thread
/// drains the inbox in `LWS_CALLBACK_EVENT_WAIT_CANCELLED`.
final class ServiceInbox: Sendable {
    /// What accumulated since the last drain.
    struct Pending {
        /// Connections with new output or a close request.
        var connections: [WebSocketConnection] = []
        /// Finished HTTP answers by exchange id.
        var responses: [(id: Int, answer: HTTPAnswer)] = []
        /// Work that must run on the service thread (client connects).
        var tasks: [@Sendable () -> Void] = []
        var stopRequested = false
    }

    private struct State {
        /// Nil before the context exists and once it is being destroyed, so no
        /// thread ever cancels a dead context.
        var context: ContextHandle?
        var pending = Pending()
        /// A cancel was issued and not yet drained: further posts needn't wake.
        var wakeIssued = false
        /// Threads inside `lws_cancel_service` now: `detach` waits for them.
        var wakesInFlight = 0
    }

    private let state = Mutex(State())

    func attach(_ context: OpaquePointer) {
        let handle = ContextHandle(pointer: context)
        state.withLock { $0.context = handle }
    }

    /// Called on the service thread right before `lws_context_destroy`: no
    /// thread starts a cancel after it, and it returns once none is inside one.
    func detach() {
        while state.withLock({ state -> Bool in
            state.context = nil
            return state.wakesInFlight > 0
        }) {
            sched_yield()
        }
    }

    func post(_ connection: WebSocketConnection) {
        mutate { $0.connections.append(connection) }
    }

    func post(answer: HTTPAnswer, for id: Int) {
        mutate { $0.responses.append((id, answer)) }
    }

    /// Runs `task` on the service thread at the next drain.
    func post(task: @escaping @Sendable () -> Void) {
        mutate { $0.tasks.append(task) }
    }

    func requestStop() {
        mutate { $0.stopRequested = true }
    }

    /// Wakes the service thread even with nothing posted (shutdown deadline).
    func wake() {
        let context = state.withLock { state -> ContextHandle? in
            guard let context = state.context else { return nil }
            state.wakesInFlight += 1
            return context
        }
        cancel(context)
    }

    /// Service thread: takes everything posted so far. A stop request stays
    /// visible to later drains so it cannot be lost.
    func take() -> Pending {
        state.withLock { state in
            let taken = state.pending
            state.pending = Pending()
            state.pending.stopRequested = taken.stopRequested
            state.wakeIssued = false
            return taken
        }
    }

    private func mutate(_ change: (inout Pending) -> Void) {
        let context = state.withLock { state -> ContextHandle? in
            change(&state.pending)
            guard !state.wakeIssued, let context = state.context else { return nil }
            state.wakeIssued = true
            state.wakesInFlight += 1
            return context
        }
        cancel(context)
    }

    /// Wakes the service thread outside the lock: the cancel is a write to
    /// lws's wake-up pipe, and while a poster held the lock through it, the
    /// sessions' threads posting frames queued behind it in the kernel.
    /// `wakesInFlight` (counted under the lock) keeps `detach` waiting.
    private func cancel(_ context: ContextHandle?) {
        guard let context else { return }
        lws_cancel_service(context.pointer)
        state.withLock { $0.wakesInFlight -= 1 }
    }
}

/// The context pointer, shareable because the only call other threads make
/// with it is `lws_cancel_service`, the one thread-safe lws entry point.
struct ContextHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
