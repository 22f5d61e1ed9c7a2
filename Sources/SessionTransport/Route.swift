/// One route: a method on a path pattern, what body it reads, whether it
/// changes the world, what it answers, and the handler. Declared once, in
/// the module that answers it; the transport reads everything else it
/// needs (405, write access, body limits and types, streaming) from here.
public final class Route: Sendable {
    /// How a body of one media type is read.
    public enum BodyReading: Sendable, Equatable {
        /// Whole, within the request body limit.
        case whole
        /// Whole, within the larger import limit.
        case bulk
        /// In pieces as it arrives (`streamer`), within the import limit.
        case streamed
    }

    /// The method, such as `GET`; a `GET` route answers `HEAD` too.
    public let method: String
    public let pattern: RoutePattern
    /// The body's media types and how each is read; empty for a route that reads no body.
    public let body: [String: BodyReading]
    /// A body may be left out (a `DELETE`): then it needs no `Content-Type`.
    public let bodyIsOptional: Bool
    /// The route changes the world: it needs write access (docs/security.md).
    public let writes: Bool
    /// The types it can answer in, best first; the request's `Accept` picks
    /// one (406 when it takes none). Empty: the route answers as it likes.
    public let answers: [String]
    let handler: @Sendable (RouteRequest) -> RouteResponse
    let streamer: (@Sendable (RouteRequest) -> HTTPBodyConsumer)?

    /// A route; `streamer` reads the `.streamed` body types as they arrive.
    public init(
        _ method: String, _ pattern: String, body: [String: BodyReading] = [:], bodyIsOptional: Bool = false,
        writes: Bool = false, answers: [String] = ["application/json"],
        streamer: (@Sendable (RouteRequest) -> HTTPBodyConsumer)? = nil,
        handler: @escaping @Sendable (RouteRequest) -> RouteResponse
    ) {
        self.method = method
        self.pattern = RoutePattern(pattern)
        self.body = body
        self.bodyIsOptional = bodyIsOptional
        self.writes = writes
        self.answers = answers
        self.streamer = streamer
        self.handler = handler
    }

    /// How a body sent as `contentType` is read; nil when the route does not take that type.
    public func reading(of contentType: String?) -> BodyReading? {
        body[MediaType.of(contentType)]
    }

    /// A reader for the body of `request` (prepared) as it arrives, when its type streams.
    public func consumer(for request: RouteRequest) -> HTTPBodyConsumer? {
        guard let streamer, reading(of: request.contentType) == .streamed else { return nil }
        return streamer(request)
    }

    /// The handler's answer to `request` (prepared).
    public func respond(to request: RouteRequest) -> RouteResponse {
        handler(request)
    }
}

/// A route found for a request's method and path, with the values of its parameters.
public struct RouteMatch: Sendable {
    public let route: Route
    public let parameters: [String: String]

    /// `request` ready for the route: its parameters set and the answer's
    /// type chosen by `Accept` from the route's `answers`; or the refusal to
    /// answer instead, decided from the head alone: a body type the route
    /// does not read (415), or an `Accept` that takes nothing it answers
    /// (406). `bodyLength` is the body's declared length (the transport
    /// prepares before the body arrives); nil reads `request.body`.
    public func prepare(
        _ request: RouteRequest,
        bodyLength: Int? = nil
    ) -> (request: RouteRequest, refusal: RouteResponse?) {
        var request = request
        request.parameters = parameters
        if let refusal = checkBodyType(request, bodyLength: bodyLength ?? request.body.count) {
            return (request, refusal)
        }
        guard !route.answers.isEmpty else { return (request, nil) }
        guard let type = AcceptNegotiation(request.accept).choose(from: route.answers) else {
            let refusal = RouteResponse.error(
                406,
                "Accept \"\((request.accept ?? "").prefix(100))\" takes none "
                    + "of what \(route.pattern) answers: "
                    + route.answers.joined(separator: ", "))
            return (request, refusal)
        }
        request.answerType = type
        return (request, nil)
    }

    /// A body must be of a type the route reads, named by `Content-Type`,
    /// so a cross-site form or `text/plain` post is refused before its body
    /// is read; a route that may go without a body needs no type without one.
    private func checkBodyType(_ request: RouteRequest, bodyLength: Int) -> RouteResponse? {
        guard !route.body.isEmpty else { return nil }
        let contentType = request.contentType
        if contentType == nil && bodyLength == 0 && route.bodyIsOptional { return nil }
        if route.reading(of: contentType) != nil { return nil }
        let shown = contentType.map { "Content-Type \($0.prefix(100))" } ?? "no Content-Type"
        return .error(
            415,
            "\(shown): \(route.method) \(route.pattern) reads "
                + route.body.keys.sorted().joined(separator: ", "))
    }

    /// The whole answer to `request`: prepared, then the route's.
    public func respond(to request: RouteRequest) -> RouteResponse {
        let (prepared, refusal) = prepare(request)
        return refusal ?? route.respond(to: prepared)
    }
}
