import Wire

/// The seam between the socket transport (`MapWireServer`) and what it serves.
///
/// The transport knows bytes and connections; the modules above it know maps.
/// Neither imports the other, so sessions and routes are tested without sockets.

/// What the transport hands a session so it can talk back to its browser.
///
/// Both methods may be called from any thread; the transport moves the work
/// onto its own service thread.
public protocol SessionOutput: AnyObject, Sendable {
    /// Queues one complete binary WebSocket message for the browser.
    func send(_ message: [UInt8])
    /// Closes the WebSocket with `code` and a human-readable reason.
    func close(code: WebSocketCloseCode, reason: String)
}

/// One browser connection as the session layer sees it.
public protocol SessionConnection: AnyObject, Sendable {
    /// A complete binary message from the browser. Called on the transport's
    /// service thread: it must return quickly and leave map work to others.
    func receive(_ message: [UInt8])
    /// The socket is gone (closed by either side). Called once.
    func disconnected()
}

/// Creates a session for every WebSocket that connects.
public protocol SessionFactory: AnyObject, Sendable {
    func openSession(output: SessionOutput) -> SessionConnection
}

/// A session factory that also serves producers on the feed WebSocket
/// (`/feed`): each text message is a batch of moves, each answer says what
/// was applied (docs/protocol.md, "Feed endpoint").
public protocol FeedFactory: AnyObject, Sendable {
    func openFeed(output: SessionOutput) -> SessionConnection
}
