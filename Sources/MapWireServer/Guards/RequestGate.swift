import HTTPTypes
import SessionTransport

/// The parts of a request head the header-time checks read, taken from the
/// parsed head before any of the body is read. Fields that may appear once
/// keep their count, so a second `Host` or `Authorization` is refused rather
/// than one of them read.
struct RequestHead: Sendable {
    var method: String
    /// Percent-decoded once, without the query.
    var path: String
    var host: String?
    var hostFields = 0
    var origin: String?
    var originFields = 0
    var authorization: String?
    var authorizationFields = 0
    var contentType: String?
    var contentTypeFields = 0
    /// Every `Content-Length` line's value.
    var contentLengths: [String] = []
    var transferEncoding: String?
    /// The socket's peer is a loopback address and no proxy field says it
    /// forwards someone else's request.
    var peerIsLoopback = false
    /// HTTP/1.1 (or later 1.x), where `Host` is required.
    var requiresHost = true

    init(method: String, path: String) {
        self.method = method
        self.path = path
    }

    /// `Host` (swift-http-types names it only as HTTP/2's `:authority`).
    static let hostField = HTTPField.Name("Host")!

    /// The fields a forwarding proxy adds: any of them, even empty, means the
    /// socket's peer is the proxy and not the client.
    static let forwardingFields: [HTTPField.Name] = [
        "Forwarded", "X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto", "X-Real-IP", "Via",
    ].compactMap { HTTPField.Name($0) }

    /// The head as the gate reads it; `target` is the request line's,
    /// whose authority (absolute form) stands in for `Host`.
    init(_ parsed: HTTPRequestHead, target: RequestTarget, peerIsLoopback: Bool) {
        method = parsed.method
        path = target.path
        let fields = parsed.fields
        let hosts = fields[values: Self.hostField]
        hostFields = hosts.count
        host = target.authority ?? hosts.first
        if target.authority != nil { hostFields = 1 }
        let origins = fields[values: .origin]
        (origin, originFields) = (origins.first, origins.count)
        let authorizations = fields[values: .authorization]
        (authorization, authorizationFields) = (authorizations.first, authorizations.count)
        let types = fields[values: .contentType]
        (contentType, contentTypeFields) = (types.first, types.count)
        contentLengths = fields[values: .contentLength]
        transferEncoding = fields[.transferEncoding]
        requiresHost = parsed.minorVersion >= 1
        let forwarded = Self.forwardingFields.contains { fields.contains($0) }
        self.peerIsLoopback = peerIsLoopback && !forwarded
    }
}

/// Every decision made from a request head: the request line and header
/// sizes, `Host`, the body's framing, write access and the body's type for
/// HTTP requests; `Host`, `Origin` and (for `/feed`) write access for
/// WebSocket upgrades. A refusal is answered at once and the connection
/// closes, so a refused body is never read or parsed.
struct RequestGate: Sendable {
    let access: AccessPolicy
    let hosts: HostPolicy
    let limits: ServerConfiguration.Limits

    init(configuration: ServerConfiguration) {
        access = AccessPolicy(token: configuration.apiToken, allowsOpenWrites: configuration.allowsOpenWrites)
        hosts = HostPolicy(
            allowedHosts: configuration.allowedHosts, allowedOrigins: configuration.allowedOrigins,
            bindHost: configuration.host)
        limits = configuration.limits
    }

    /// For every plain HTTP request (page, files, API): nil to serve it.
    /// `allowedMethods` are the methods the path takes (nil: any), checked
    /// before anything about the body; `route` is the one that answers (nil
    /// for a file or no route), which says how large a body may be and
    /// whether the request needs write access.
    func check(_ head: RequestHead, allowedMethods: Set<String>? = nil, route: Route? = nil) -> Refusal? {
        if let refusal = checkSingleFields(head) ?? hosts.checkHost(head.host) { return refusal }
        if let allowed = allowedMethods, !allowed.contains(head.method) {
            return Refusal.methodNotAllowed(head.method, path: head.path, allowed: allowed)
        }
        if head.transferEncoding != nil {
            return Refusal(411, "Transfer-Encoding (chunked request bodies) is not supported; send Content-Length")
        }
        let length: Int?
        do throws(Refusal) {
            length = try Self.contentLength(head.contentLengths)
        } catch {
            return error
        }
        let maxBodyBytes = bodyLimit(route: route, contentType: head.contentType)
        if let length, length > maxBodyBytes { return Refusal(413, "request body larger than \(maxBodyBytes) bytes") }
        guard let route, route.writes else { return nil }
        return access.checkWrite(authorization: head.authorization, peerIsLoopback: head.peerIsLoopback)
    }

    /// The largest body a request may send: a route's bulk and streamed
    /// types (imports) get the import limit, everything else the request limit.
    func bodyLimit(route: Route?, contentType: String?) -> Int {
        switch route?.reading(of: contentType) {
        case .bulk, .streamed: return max(limits.maxImportBodyBytes, limits.maxRequestBodyBytes)
        case .whole, nil: return limits.maxRequestBodyBytes
        }
    }

    /// For a WebSocket upgrade at `/ws` or `/feed`: nil to accept it.
    func checkUpgrade(_ head: RequestHead, isFeed: Bool) -> Refusal? {
        if let refusal = checkSingleFields(head) ?? hosts.checkHost(head.host)
            ?? hosts.checkOrigin(head.origin, host: head.host)
        {
            return refusal
        }
        guard isFeed else { return nil }
        return access.checkWrite(authorization: head.authorization, peerIsLoopback: head.peerIsLoopback)
    }

    /// Fields a request may carry once: two of them could be read one way
    /// here and the other way by a proxy in front (RFC 9112 3.2 for `Host`).
    private func checkSingleFields(_ head: RequestHead) -> Refusal? {
        if head.hostFields > 1 { return Refusal(400, "more than one Host header") }
        if head.hostFields == 0 && head.requiresHost { return Refusal(400, "an HTTP/1.1 request needs a Host header") }
        if head.authorizationFields > 1 { return Refusal(400, "more than one Authorization header") }
        if head.originFields > 1 { return Refusal(400, "more than one Origin header") }
        if head.contentTypeFields > 1 { return Refusal(400, "more than one Content-Type header") }
        return nil
    }

    /// The one reading of `Content-Length`: a single field of 1 to 18
    /// decimal digits (no sign, no exponent, no list; the spaces around it
    /// are the field's and already gone). Anything else is a 400: two
    /// readings of one body's end are how requests get smuggled.
    static func contentLength(_ values: [String]) throws(Refusal) -> Int? {
        guard let raw = values.first else { return nil }
        if values.count > 1 { throw Refusal(400, "more than one Content-Length header") }
        let value = raw.trimmingSpaces()
        guard (1...18).contains(value.utf8.count), value.utf8.allSatisfy({ (48...57).contains($0) }),
            let length = Int(value)
        else {
            throw Refusal(400, "invalid Content-Length \"\(value.prefix(40))\"; expected decimal digits")
        }
        return length
    }
}
