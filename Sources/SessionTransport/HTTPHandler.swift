/// What answers the transport's dynamic paths (`/api/...`, `/healthz`,
/// `/metrics`): a table of routes, each with its handler. Every other path
/// is a file from the public folder.
public protocol HTTPHandler: AnyObject, Sendable {
    /// Every route, declared once.
    var routes: RouteTable { get }
}

/// Reads one request's body piece by piece while it arrives, then answers.
public protocol HTTPBodyConsumer: AnyObject, Sendable {
    /// The next piece of the body, in order. Called on the transport's thread,
    /// so it hands the work on and returns at once.
    func consume(_ piece: [UInt8])
    /// The body is complete: the answer, once every piece was read.
    func finish() -> RouteResponse
}
