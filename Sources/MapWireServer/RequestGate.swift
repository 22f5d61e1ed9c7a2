/// The parts of a request head the header-time checks read, taken from lws
/// once it has parsed the head and before any of the body is read.
struct RequestHead: Sendable {
    var method: String
    /// Percent-decoded by lws, without the query.
    var path: String
    var host: String?
    var origin: String?
    var authorization: String?
    var contentType: String?
    /// Every `Content-Length` field as lws joins them (duplicates with commas).
    var contentLength: String?
    var contentLengthFields = 0
    var transferEncoding: String?
    /// The socket's peer is a loopback address and no proxy header says it
    /// forwards someone else's request.
    var peerIsLoopback = false
    /// The request line's target reached `RequestGate.maxURIBytes`.
    var uriTooLong = false
    /// A header that reached `RequestGate.maxHeaderBytes`, if any.
    var oversizedHeader: String?
}

/// Every decision made from a request head: the request line and header
/// sizes, `Host`, the body's framing, write access and the body's type for
/// HTTP requests; `Host`, `Origin` and (for `/feed`) write access for
/// WebSocket upgrades. A refusal is answered at once and the connection
/// closes, so a refused body is never read or parsed.
struct RequestGate: Sendable {
    /// Longest request target (path and query), in bytes.
    static let maxURIBytes = 8 * 1024
    /// Longest value of one known header, in bytes.
    static let maxHeaderBytes = 8 * 1024
    /// Room lws keeps for one request head. Headers lws does not know (say
    /// `X-Padding`) are stored whole, so their total can only be bounded by
    /// this: past it lws hangs up without an answer.
    static let headerSpaceBytes = 32 * 1024

    let access: AccessPolicy
    let hosts: HostPolicy
    let limits: ServerConfiguration.Limits

    init(configuration: ServerConfiguration) {
        access = AccessPolicy(token: configuration.apiToken, allowsOpenWrites: configuration.allowsOpenWrites)
        hosts = HostPolicy(allowedHosts: configuration.allowedHosts, allowedOrigins: configuration.allowedOrigins,
                           bindHost: configuration.host)
        limits = configuration.limits
    }

    /// For every plain HTTP request (page, files, API): nil to serve it.
    func check(_ head: RequestHead) -> Refusal? {
        if let refusal = checkSizes(head) ?? hosts.checkHost(head.host) { return refusal }
        if head.transferEncoding != nil {
            return Refusal(411, "Transfer-Encoding (chunked request bodies) is not supported; send Content-Length")
        }
        let length: Int?
        do throws(Refusal) {
            length = try Self.contentLength(head.contentLength, fields: head.contentLengthFields)
        } catch {
            return error
        }
        let maxBodyBytes = AccessPolicy.bodyLimit(method: head.method, path: head.path, contentType: head.contentType,
                                                  limits: limits)
        if let length, length > maxBodyBytes { return Refusal(413, "request body larger than \(maxBodyBytes) bytes") }
        guard AccessPolicy.isWrite(method: head.method, path: head.path) else { return nil }
        return access.checkWrite(authorization: head.authorization, peerIsLoopback: head.peerIsLoopback)
            ?? AccessPolicy.checkContentType(head.contentType, method: head.method, hasBody: (length ?? 0) > 0)
    }

    /// For a WebSocket upgrade at `/ws` or `/feed`: nil to accept it.
    func checkUpgrade(_ head: RequestHead, isFeed: Bool) -> Refusal? {
        if let refusal = checkSizes(head) ?? hosts.checkHost(head.host)
            ?? hosts.checkOrigin(head.origin, host: head.host) {
            return refusal
        }
        guard isFeed else { return nil }
        return access.checkWrite(authorization: head.authorization, peerIsLoopback: head.peerIsLoopback)
    }

    private func checkSizes(_ head: RequestHead) -> Refusal? {
        if head.uriTooLong { return Refusal(414, "request target longer than \(Self.maxURIBytes) bytes") }
        if let name = head.oversizedHeader {
            return Refusal(431, "header \(name) longer than \(Self.maxHeaderBytes) bytes")
        }
        return nil
    }

    /// The one reading of `Content-Length`: a single field of 1 to 18
    /// decimal digits (no sign, no exponent, no list). Anything else is a
    /// 400, because lws would read it differently and leave bytes behind.
    static func contentLength(_ raw: String?, fields: Int) throws(Refusal) -> Int? {
        guard let raw else { return nil }
        if fields > 1 { throw Refusal(400, "more than one Content-Length header") }
        let value = raw.trimmingSpaces()
        guard (1...18).contains(value.utf8.count), value.utf8.allSatisfy({ (48...57).contains($0) }),
              let length = Int(value) else {
            throw Refusal(400, "invalid Content-Length \"\(value.prefix(40))\"; expected decimal digits")
        }
        return length
    }
}
