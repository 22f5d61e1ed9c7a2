import Logging
import SessionTransport
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
    private(set) var isFeed = false
    /// The server's side of a feed: each message is a batch its session answers once.
    private(set) var servesProducer = false
    /// A ping is to go out on the next writable callback (service thread).
    var pingDue = false
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
        /// A feed's batches handed to its session and not yet answered, oldest first, by size.
        var pendingBatches: [Int] = []
        var pendingBytes = 0
        /// The socket is not being read until answers go out.
        var readingPaused = false
        /// Answers went out: the service thread is to read the socket again.
        var resumeWanted = false
    }

    private let state: Mutex<State>
    private let limits: ServerConfiguration.Limits
    private let inbox: ServiceInbox
    private let metrics: ServerMetrics
    private let logger: Logger

    init(
        id: Int, wsi: OpaquePointer, limits: ServerConfiguration.Limits,
        inbox: ServiceInbox, metrics: ServerMetrics, logger: Logger
    ) {
        self.id = id
        self.wsi = wsi
        self.assembler = MessageAssembler(limit: limits.maxMessageBytes)
        self.inputBudget = InputRateLimiter(rate: limits.maxInputMessagesPerSecond, burst: limits.inputBurstMessages)
        self.state = Mutex(
            State(
                outbox: Outbox(
                    maxMessages: limits.maxQueuedMessages,
                    maxBytes: limits.maxQueuedBytes)))
        self.limits = limits
        self.inbox = inbox
        self.metrics = metrics
        self.logger = logger
    }

    // MARK: SessionOutput (any thread)

    func send(_ message: [UInt8]) {
        var overflowed = false
        let wake = state.withLock { state -> Bool in
            guard state.open else { return false }
            if !state.pendingBatches.isEmpty {
                // A feed answers each batch once, in order: this one's batch is no longer pending.
                state.pendingBytes -= state.pendingBatches.removeFirst()
                if state.readingPaused && !isFull(state) {
                    state.readingPaused = false
                    state.resumeWanted = true
                }
            }
            switch state.outbox.enqueue(message) {
            case .dropped: return false
            case .overflow: overflowed = true
            case .queued: break
            }
            return schedule(&state)
        }
        if overflowed {
            metrics.slowClientCloses.add(1, ordering: .relaxed)
            logger.warning(
                "closing connection: client too slow (outbox full)",
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
            guard state.open,
                state.outbox.requestClose(
                    code: code, reason: reason,
                    flushFirst: flushFirst)
            else { return false }
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

    /// Makes this a feed connection. On the server's side (`servesProducer`)
    /// its batches are counted until answered, and its answers may wait up to
    /// the feed's byte bound, which a producer that never reads them crosses.
    func makeFeed(servesProducer: Bool) {
        isFeed = true
        self.servesProducer = servesProducer
        guard servesProducer else { return }
        state.withLock { state in
            state.outbox = Outbox(
                maxMessages: max(limits.maxQueuedMessages, limits.feedMaxPendingBatches),
                maxBytes: limits.feedMaxPendingBytes)
        }
    }

    /// A feed batch went to the session. True when reading must pause now:
    /// as many batches or bytes wait for answers as the limits allow.
    func batchDelivered(bytes: Int) -> Bool {
        state.withLock { state in
            state.pendingBatches.append(bytes)
            state.pendingBytes += bytes
            guard !state.readingPaused, isFull(state) else { return false }
            state.readingPaused = true
            return true
        }
    }

    /// Whether answers went out since reading paused; clears the request.
    func takeResume() -> Bool {
        state.withLock { state in
            defer { state.resumeWanted = false }
            return state.resumeWanted
        }
    }

    /// A feed with no batch waiting for its answer (and so reading).
    var isQuietFeed: Bool {
        state.withLock { $0.pendingBatches.isEmpty && !$0.readingPaused }
    }

    private func isFull(_ state: State) -> Bool {
        state.pendingBatches.count >= max(1, limits.feedMaxPendingBatches)
            || state.pendingBytes >= max(1, limits.feedMaxPendingBytes)
    }

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
