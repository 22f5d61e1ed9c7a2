import MapSession

/// A route's answer, named apart from swift-http-types' `HTTPResponse` for
/// the files that import both (the module `MapSession` is shadowed by its class).
typealias RouteResponse = HTTPResponse

/// Which HTTP requests are dynamic, and the answers the transport gives on its
/// own (no route, body too large). Everything else is a static file.
enum HTTPRouting {
    /// True for `/api/...`, `/healthz` and `/metrics`: those go to the
    /// `HTTPHandler`; every other path is looked up in `Public/`.
    static func isDynamic(_ path: String) -> Bool {
        path == "/healthz" || path == "/metrics" || path == "/api" || path.hasPrefix("/api/")
    }

    /// Asks the handler; a dynamic path it does not know is a JSON 404, so API
    /// clients never get an HTML error page.
    static func answer(_ request: HTTPRequest, handler: HTTPHandler) -> HTTPResponse {
        guard isDynamic(request.path) else {
            return .error(404, "not found: \(request.path)")
        }
        return handler.respond(to: request)
            ?? .error(404, "no route for \(request.method) \(request.path)")
    }

    static func bodyTooLarge(limit: Int) -> HTTPResponse {
        .error(413, "request body larger than \(limit) bytes")
    }
}

/// A request body collected chunk by chunk, up to a limit.
struct RequestBody {
    let limit: Int
    private(set) var bytes: [UInt8] = []
    /// Set once more than `limit` bytes arrived; later chunks are ignored.
    private(set) var overflowed = false

    init(limit: Int) {
        self.limit = limit
    }

    /// Adds a chunk; returns false when the body is now over the limit.
    mutating func append(_ chunk: UnsafeRawBufferPointer) -> Bool {
        if overflowed { return false }
        if bytes.count + chunk.count > limit {
            overflowed = true
            bytes = []
            return false
        }
        bytes.append(contentsOf: chunk)
        return true
    }

    mutating func append(_ chunk: [UInt8]) -> Bool {
        chunk.withUnsafeBytes { append($0) }
    }
}
