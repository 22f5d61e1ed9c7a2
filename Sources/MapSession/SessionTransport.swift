import Wire

/// The seam between the socket transport (`MapWireServer`) and the map sessions.
///
/// The transport knows bytes and connections; the session layer knows maps.
/// Neither imports the other's internals, so sessions are tested without sockets.

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

/// A dynamic HTTP request, already assembled by the transport.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path without the query string, for example `/api/annotations`.
    public var path: String
    /// The raw query string without `?`, empty when there is none.
    public var query: String
    public var body: [UInt8]
    /// The `Content-Type` header, if sent: the API reads JSON, GeoJSON or NDJSON by it.
    public var contentType: String?
    /// The `Accept` header, if sent: `application/geo+json` asks for GeoJSON.
    public var accept: String?

    public init(method: String, path: String, query: String = "", body: [UInt8] = [],
                contentType: String? = nil, accept: String? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
        self.contentType = contentType
        self.accept = accept
    }
}

/// The answer to an `HTTPRequest`.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]

    public init(status: Int, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// A JSON response; `json` must already be serialised.
    public static func json(_ status: Int, _ json: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: Array(json.utf8))
    }

    /// The error shape of the whole API: `{"error": "...", "status": N}`.
    public static func error(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json",
                     body: APIJSON.encode(ErrorAnswer(error: message, status: status)) ?? [])
    }
}

/// Answers the dynamic routes (`/api/...`, `/healthz`, `/metrics`).
public protocol HTTPHandler: AnyObject, Sendable {
    /// Returns nil when the path is not a dynamic route, so the transport serves
    /// a static file from `Public/` instead.
    func respond(to request: HTTPRequest) -> HTTPResponse?

    /// A reader for `request`'s body as it arrives, for routes that can work
    /// through a body in pieces (an NDJSON import); nil (the default) has the
    /// transport collect the whole body and call `respond(to:)`.
    func bodyConsumer(for request: HTTPRequest) -> HTTPBodyConsumer?

    /// The methods `path`'s route takes (`HEAD` wherever `GET` is), or nil
    /// when no route has that path. The transport answers any other method
    /// 405 with an `Allow` field before it reads a byte of the body, and
    /// answers `OPTIONS` itself.
    func allowedMethods(forPath path: String) -> Set<String>?
}

extension HTTPHandler {
    /// No route reads its body in pieces.
    public func bodyConsumer(for request: HTTPRequest) -> HTTPBodyConsumer? { nil }

    /// No route table: the handler answers every method itself.
    public func allowedMethods(forPath path: String) -> Set<String>? { nil }
}

/// Reads one request's body piece by piece while it arrives, then answers.
public protocol HTTPBodyConsumer: AnyObject, Sendable {
    /// The next piece of the body, in order. Called on the transport's thread,
    /// so it hands the work on and returns at once.
    func consume(_ piece: [UInt8])
    /// The body is complete: the answer, once every piece was read.
    func finish() -> HTTPResponse
}

/// A session factory that also serves producers on the feed WebSocket
/// (`/feed`): each text message is a batch of moves, each answer says what
/// was applied (docs/protocol.md, "Feed endpoint").
public protocol FeedFactory: AnyObject, Sendable {
    func openFeed(output: SessionOutput) -> SessionConnection
}
