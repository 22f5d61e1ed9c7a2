import HTTPTypes

/// A request as a route reads it: the head as it arrived (swift-http-types'
/// `HTTPRequest`, every field kept), the path decoded once, and the body.
public struct RouteRequest: Sendable {
    /// Method, target and every header field; a `HEAD` arrives as the `GET` it stands for.
    public var head: HTTPRequest
    /// The path percent-decoded once, without the query: `/api/annotations/a+b`.
    public var path: String
    /// The raw query string without `?`, empty when there is none; each
    /// parameter is decoded once by the route that reads it.
    public var query: String
    /// The whole body, for routes that do not read it in pieces.
    public var body: [UInt8]
    /// The values of the route pattern's `{name}` segments, from `path`.
    public var parameters: [String: String] = [:]
    /// The type the answer takes: the first of the route's `answers` that
    /// the request's `Accept` weighs highest. Nil for a route that offers none.
    public var answerType: String?

    /// The head as the transport parsed it.
    public init(head: HTTPRequest, path: String, query: String, body: [UInt8] = []) {
        self.head = head
        self.path = path
        self.query = query
        self.body = body
    }

    /// A request made in code (tests, tools): `path` is taken as already decoded.
    public init(
        method: String, path: String, query: String = "", body: [UInt8] = [],
        contentType: String? = nil, accept: String? = nil
    ) {
        var fields = HTTPFields()
        if let contentType { fields[.contentType] = contentType }
        if let accept { fields[.accept] = accept }
        let target = query.isEmpty ? path : path + "?" + query
        let method = HTTPRequest.Method(method) ?? .get
        self.init(
            head: HTTPRequest(method: method, scheme: nil, authority: nil, path: target, headerFields: fields),
            path: path, query: query, body: body)
    }

    /// `GET`, `POST`, ...
    public var method: String { head.method.rawValue }
    /// The `Content-Type` field, if sent: it says how the body is read.
    public var contentType: String? { head.headerFields[.contentType] }
    /// The `Accept` field, if sent.
    public var accept: String? { head.headerFields[.accept] }
    /// The body's media type, lowercased and without parameters; "" without a `Content-Type`.
    public var mediaType: String { MediaType.of(contentType) }
}
