import CLibWebSockets
import MapSession
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
        var responses: [(id: Int, response: HTTPResponse)] = []
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
    }

    private let state = Mutex(State())

    func attach(_ context: OpaquePointer) {
        let handle = ContextHandle(pointer: context)
        state.withLock { $0.context = handle }
    }

    /// Called on the service thread right before `lws_context_destroy`.
    func detach() {
        state.withLock { $0.context = nil }
    }

    func post(_ connection: WebSocketConnection) {
        mutate { $0.connections.append(connection) }
    }

    func post(response: HTTPResponse, for id: Int) {
        mutate { $0.responses.append((id, response)) }
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
        state.withLock { state in
            if let context = state.context { lws_cancel_service(context.pointer) }
        }
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
        state.withLock { state in
            change(&state.pending)
            // Cancelling under the lock keeps `detach` from racing with it;
            // it only writes a byte to lws's wake-up pipe.
            if !state.wakeIssued, let context = state.context {
                state.wakeIssued = true
                lws_cancel_service(context.pointer)
            }
        }
    }
}

/// The context pointer, shareable because the only call other threads make
/// with it is `lws_cancel_service`, the one thread-safe lws entry point.
struct ContextHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
