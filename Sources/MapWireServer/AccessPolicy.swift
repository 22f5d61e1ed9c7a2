import MapSession

/// Who may write: a request that changes the world (`POST`, `PUT`, `PATCH`,
/// `DELETE` under `/api/`, and the `/feed` socket) needs the bearer token when
/// one is configured; without one, only loopback peers may write unless open
/// writes were asked for. Reads are never checked here. Decided from the
/// request head alone, before a byte of the body is read.
struct AccessPolicy: Sendable {
    /// The configured token's bytes; nil when none is configured.
    let token: [UInt8]?
    /// `--allow-open-writes`: with no token, accept writes from any peer.
    let allowsOpenWrites: Bool

    init(token: String?, allowsOpenWrites: Bool) {
        self.token = token.map { Array($0.utf8) }
        self.allowsOpenWrites = allowsOpenWrites
    }

    /// The body types the write routes parse: JSON, and for imports GeoJSON
    /// and newline-delimited GeoJSON features. None of them is a type a
    /// cross-site form can send.
    static let writeContentTypes: Set<String> = ["application/json", "application/geo+json", "application/x-ndjson"]

    /// The types of an import, which may be larger than other bodies.
    static let importContentTypes: Set<String> = ["application/geo+json", "application/x-ndjson"]

    /// The largest body `method` `path` may send as `contentType`: imports
    /// into `/api/annotations` get `limits.maxImportBodyBytes`, the rest
    /// `limits.maxRequestBodyBytes`.
    static func bodyLimit(method: String, path: String, contentType: String?,
                          limits: ServerConfiguration.Limits) -> Int {
        guard method == "POST", path == "/api/annotations", let contentType,
              importContentTypes.contains(mediaType(contentType)) else { return limits.maxRequestBodyBytes }
        return max(limits.maxImportBodyBytes, limits.maxRequestBodyBytes)
    }

    /// True for requests that change the world.
    static func isWrite(method: String, path: String) -> Bool {
        guard method != "GET", method != "HEAD", method != "OPTIONS" else { return false }
        return path == "/api" || path.hasPrefix("/api/")
    }

    /// Whether the request head may write; nil when it may, else the refusal.
    /// `peerIsLoopback` must already be false for a request a proxy forwarded.
    func checkWrite(authorization: String?, peerIsLoopback: Bool) -> Refusal? {
        guard let token else {
            if peerIsLoopback || allowsOpenWrites { return nil }
            return Refusal(403, "writes are accepted only from this machine while no API token is configured; "
                           + "start mapwire with --api-token (or MAPWIRE_API_TOKEN) and send "
                           + "\"Authorization: Bearer <token>\"")
        }
        guard let presented = Self.bearerToken(authorization) else {
            var refusal = Refusal(401, "this write needs \"Authorization: Bearer <token>\"")
            refusal.headers.append(("WWW-Authenticate", "Bearer realm=\"mapwire\""))
            return refusal
        }
        guard Self.constantTimeEquals(Array(presented.utf8), token) else {
            return Refusal(403, "the bearer token is not valid")
        }
        return nil
    }

    /// A write's `Content-Type` must name JSON or GeoJSON (parameters such as
    /// `charset=utf-8` are fine), so a cross-site form or `text/plain` POST is
    /// refused before its body is read. A `DELETE` without a body needs none.
    static func checkContentType(_ contentType: String?, method: String, hasBody: Bool) -> Refusal? {
        if method == "DELETE" && !hasBody && contentType == nil { return nil }
        let mediaType = contentType.map(Self.mediaType) ?? ""
        if writeContentTypes.contains(mediaType) { return nil }
        let shown = contentType.map { "Content-Type \($0.prefix(100))" } ?? "no Content-Type"
        return Refusal(415, "\(shown): writes take \(writeContentTypes.sorted().joined(separator: ", "))")
    }

    /// `application/JSON; charset=utf-8` -> `application/json`.
    static func mediaType(_ contentType: String) -> String {
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return type.trimmingSpaces().lowercased()
    }

    /// The token of `Bearer <token>` (the scheme is case-insensitive), or nil.
    static func bearerToken(_ authorization: String?) -> String? {
        guard let authorization else { return nil }
        let value = authorization.trimmingSpaces()
        guard value.count > 7, value.prefix(7).lowercased() == "bearer " else { return nil }
        let token = value.dropFirst(7).trimmingSpaces()
        return token.isEmpty ? nil : token
    }

    /// Compares in time that depends only on the expected token's length, so
    /// response times do not tell how much of a guess was right.
    static func constantTimeEquals(_ presented: [UInt8], _ expected: [UInt8]) -> Bool {
        var difference: UInt8 = presented.count == expected.count ? 0 : 1
        for index in expected.indices {
            let byte = index < presented.count ? presented[index] : 0
            difference |= byte ^ expected[index]
        }
        return difference == 0
    }
}

/// An answer given at header time instead of the route's, after which the
/// connection closes (so no unread body can be taken for a next request).
struct Refusal: Error, Sendable, Equatable {
    var status: Int
    var message: String
    /// Extra response headers, such as `WWW-Authenticate` on a 401.
    var headers: [(String, String)] = []

    init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    var response: HTTPResponse { .error(status, message) }

    /// The 405 for a route that does not take `method`, with the `Allow` RFC 9110 requires.
    static func methodNotAllowed(_ method: String, path: String, allowed: Set<String>) -> Refusal {
        let list = allowHeader(allowed)
        var refusal = Refusal(405, "method \(method.prefix(20)) not allowed on \(path.prefix(200)); use \(list)")
        refusal.headers.append(("Allow", list))
        return refusal
    }

    /// Methods in the usual order: reads, writes, then `OPTIONS`.
    static func allowHeader(_ allowed: Set<String>) -> String {
        let order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
        return (order.filter(allowed.contains) + allowed.subtracting(order).sorted()).joined(separator: ", ")
    }

    static func == (lhs: Refusal, rhs: Refusal) -> Bool {
        lhs.status == rhs.status && lhs.message == rhs.message
            && lhs.headers.map { "\($0.0): \($0.1)" } == rhs.headers.map { "\($0.0): \($0.1)" }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
