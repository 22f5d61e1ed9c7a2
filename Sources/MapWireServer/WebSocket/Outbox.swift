import Wire

/// The queue of messages waiting to be written to one WebSocket, plus the
/// close that may follow them.
///
/// Sessions call `send` from any thread; the service thread takes one fragment
/// per writable callback. The session layer keeps at most two frames in flight,
/// so in normal use this holds a message or two. The bounds are the safety net
/// for a client that stopped reading: past them the connection is closed with
/// 1008 instead of buffering without end.
///
/// Pure value type, no locking: `WebSocketConnection` keeps it in a mutex.
struct Outbox {
    /// How a connection should be closed.
    struct CloseRequest: Equatable {
        var code: WebSocketCloseCode
        var reason: String
        /// Whether queued messages are written first (a session's own close)
        /// or dropped (too slow, shutting down).
        var flushFirst: Bool
    }

    /// What the service thread should do on the next writable callback.
    enum Step: Equatable {
        /// Nothing queued.
        case idle
        /// Write these bytes as one fragment of a binary message.
        case write(ArraySlice<UInt8>, isStart: Bool, isEnd: Bool)
        /// Send a close frame and drop the connection.
        case close(code: WebSocketCloseCode, reason: String)
    }

    /// What `enqueue` did with a message.
    enum EnqueueResult: Equatable {
        case queued
        /// The bound was crossed: the queue was dropped and a 1008 close is pending.
        case overflow
        /// A close is already pending; the message was dropped.
        case dropped
    }

    let maxMessages: Int
    let maxBytes: Int

    private var queue: [[UInt8]] = []
    private var head = 0
    private(set) var queuedBytes = 0
    /// The message being written in fragments, and how much of it is out.
    private var current: [UInt8]?
    private var currentOffset = 0
    private(set) var pendingClose: CloseRequest?

    init(maxMessages: Int, maxBytes: Int) {
        self.maxMessages = maxMessages
        self.maxBytes = maxBytes
    }

    /// Messages waiting, not counting one partly written.
    var count: Int { queue.count - head }

    /// Whether a writable callback would do anything.
    var hasWork: Bool { pendingClose != nil || current != nil || count > 0 }

    mutating func enqueue(_ message: [UInt8]) -> EnqueueResult {
        if pendingClose != nil { return .dropped }
        // One message of any size is fine on an empty queue; the bound is on
        // backlog, not on message size.
        if count > 0 && (count >= maxMessages || queuedBytes + message.count > maxBytes) {
            dropQueue()
            pendingClose = CloseRequest(code: .policyViolation, reason: "client too slow", flushFirst: false)
            return .overflow
        }
        queue.append(message)
        queuedBytes += message.count
        return .queued
    }

    /// Asks for a close. The first request wins; returns false if one was pending.
    @discardableResult
    mutating func requestClose(code: WebSocketCloseCode, reason: String, flushFirst: Bool) -> Bool {
        if pendingClose != nil { return false }
        if !flushFirst { dropQueue() }
        pendingClose = CloseRequest(code: code, reason: reason, flushFirst: flushFirst)
        return true
    }

    /// Takes the next thing to do; fragments are at most `fragmentSize` bytes.
    mutating func next(fragmentSize: Int) -> Step {
        if let close = pendingClose, !close.flushFirst || (current == nil && count == 0) {
            return .close(code: close.code, reason: close.reason)
        }
        if current == nil {
            guard count > 0 else { return .idle }
            current = queue[head]
            queue[head] = []
            head += 1
            currentOffset = 0
            queuedBytes -= current!.count
            compactIfNeeded()
        }
        let message = current!
        let start = currentOffset
        let end = min(message.count, start + max(1, fragmentSize))
        let isStart = start == 0
        let isEnd = end == message.count
        if isEnd {
            current = nil
            currentOffset = 0
        } else {
            currentOffset = end
        }
        return .write(message[start..<end], isStart: isStart, isEnd: isEnd)
    }

    private mutating func dropQueue() {
        queue = []
        head = 0
        queuedBytes = 0
        // A message already partly on the wire is abandoned too: the close
        // frame may interleave with a fragmented message (RFC 6455 5.4).
        current = nil
        currentOffset = 0
    }

    private mutating func compactIfNeeded() {
        if head > 32 && head * 2 > queue.count {
            queue.removeFirst(head)
            head = 0
        }
    }
}
