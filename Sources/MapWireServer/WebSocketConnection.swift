import Logging
import MapSession
import Synchronization
import Wire

/// One WebSocket: the `SessionOutput` its session writes to, and the state the
/// service thread keeps for it.
///
/// `send` and `close` may be called from any thread; they only touch the
/// mutex-protected outbox and post the connection to the `ServiceInbox`.
/// Everything marked "service thread" is touched only by the service thread,
/// which is why the class is `@unchecked Sendable`.
final class WebSocketConnection: SessionOutput, @unchecked Sendable {
    /// A number for log lines.
    let id: Int
    /// The lws connection handle (service thread; invalid after CLOSED).
    let wsi: OpaquePointer
    /// The session this connection feeds (service thread). Cleared on close,
    /// which also breaks the session <-> output reference cycle.
    var session: SessionConnection?
    /// Incoming message assembly (service thread).
    var assembler: MessageAssembler
    /// Why we closed, for the log line on CLOSED (service thread).
    var closeReason: String?
    /// A producer on the feed path: JSON text in and out instead of the binary map protocol.
    var isFeed = false
    /// Whether the close timeout is armed (service thread).
    var closeTimerArmed = false
    /// Whether a complete message arrived yet (service thread).
    var sentFirstMessage = false
    /// What the client may still send (service thread).
    var inputBudget: InputRateLimiter

    private struct State {
        var outbox: Outbox
        var open = true
        var wakePosted = false
    }

    private let state: Mutex<State>
    private let inbox: ServiceInbox
    private let metrics: ServerMetrics
    private let logger: Logger

    init(id: Int, wsi: OpaquePointer, limits: ServerConfiguration.Limits,
         inbox: ServiceInbox, metrics: ServerMetrics, logger: Logger) {
        self.id = id
        self.wsi = wsi
        self.assembler = MessageAssembler(limit: limits.maxMessageBytes)
        self.inputBudget = InputRateLimiter(rate: limits.maxInputMessagesPerSecond, burst: limits.inputBurstMessages)
        self.state = Mutex(State(outbox: Outbox(maxMessages: limits.maxQueuedMessages,
                                                maxBytes: limits.maxQueuedBytes)))
        self.inbox = inbox
        self.metrics = metrics
        self.logger = logger
    }

    // MARK: SessionOutput (any thread)

    func send(_ message: [UInt8]) {
        var overflowed = false
        let wake = state.withLock { state -> Bool in
            guard state.open else { return false }
            switch state.outbox.enqueue(message) {
            case .dropped: return false
            case .overflow: overflowed = true
            case .queued: break
            }
            return schedule(&state)
        }
        if overflowed {
            metrics.slowClientCloses.add(1, ordering: .relaxed)
            logger.warning("closing connection: client too slow (outbox full)",
                           metadata: ["connection": "\(id)"])
        }
        if wake { inbox.post(self) }
    }

    func close(code: WebSocketCloseCode, reason: String) {
        requestClose(code: code, reason: reason, flushFirst: true)
    }

    /// Asks for a close on the next writable callback. A session's own close
    /// flushes what it queued first; the server's closes (shutdown) do not.
    func requestClose(code: WebSocketCloseCode, reason: String, flushFirst: Bool) {
        let wake = state.withLock { state -> Bool in
            guard state.open, state.outbox.requestClose(code: code, reason: reason,
                                                        flushFirst: flushFirst) else { return false }
            return schedule(&state)
        }
        if wake { inbox.post(self) }
    }

    private func schedule(_ state: inout State) -> Bool {
        if state.wakePosted { return false }
        state.wakePosted = true
        return true
    }

    // MARK: Service thread

    /// The inbox delivered this connection; later output must post again.
    func wakeDelivered() {
        state.withLock { $0.wakePosted = false }
    }

    /// The next fragment or close to write.
    func nextStep(fragmentSize: Int) -> Outbox.Step {
        state.withLock { $0.outbox.next(fragmentSize: fragmentSize) }
    }

    var hasPendingOutput: Bool {
        state.withLock { $0.outbox.hasWork }
    }

    var hasPendingClose: Bool {
        state.withLock { $0.outbox.pendingClose != nil }
    }

    /// Marks the socket gone: later sends are dropped. Returns the session to
    /// notify, once.
    func markClosed() -> SessionConnection? {
        state.withLock { state in
            state.open = false
            state.outbox = Outbox(maxMessages: 0, maxBytes: 0)
        }
        let session = self.session
        self.session = nil
        return session
    }
}
