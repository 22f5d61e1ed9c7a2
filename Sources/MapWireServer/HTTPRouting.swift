import MapSession

/// Which HTTP requests are dynamic, and the answers the transport gives on its
/// own (no route, body too large). Everything else is a static file.
enum HTTPRouting {
    /// True for `/api/...`, `/healthz` and `/metrics`: those go to the
    /// `HTTPHandler`; every other path is looked up in `Public/`.
    static func isDynamic(_ path: String) -> Bool {
        path == "/healthz" || path == "/metrics" || path == "/api" || path.hasPrefix("/api/")
    }

    /// The mount points that route dynamic paths to our callback.
    static let mountPoints = ["/api", "/healthz", "/metrics"]

    /// The method name for lws's `LWSHUMETH_*` index.
    static func methodName(lwsIndex: Int32) -> String? {
        let names = ["GET", "POST", "OPTIONS", "PUT", "PATCH", "DELETE", "CONNECT", "HEAD"]
        return names.indices.contains(Int(lwsIndex)) ? names[Int(lwsIndex)] : nil
    }

    /// Whether a request with this method and these headers carries a body
    /// that must be read before the handler runs.
    static func expectsBody(contentLength: Int?, chunked: Bool) -> Bool {
        chunked || (contentLength ?? 0) > 0
    }

    /// Asks the handler; a dynamic path it does not know is a JSON 404, so API
    /// clients never get an HTML error page.
    /// lws also lands here for a missing static file; that is a JSON 404 too,
    /// without bothering the handler.
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
