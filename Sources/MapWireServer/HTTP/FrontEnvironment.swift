import SessionTransport

/// What every front connection of one server shares: the gate, the paths
/// that open WebSockets, which methods each route takes, and the fields
/// every answer carries. Confined to the service thread.
final class FrontEnvironment {
    let gate: RequestGate
    let common: CommonFields
    let webSocketPath: String
    let feedPath: String
    /// The app also serves producers on `feedPath`.
    let servesFeed: Bool
    /// The app's routes: which paths are dynamic, their methods, body
    /// types and limits, who may write, and who answers.
    let routes: RouteTable
    let makeID: () -> Int
    /// Where each answer is counted for `/metrics`.
    let requests: HTTPRequestCounts
    /// What `OPTIONS *` lists: the methods some route or file here takes.
    let servedMethods: Set<String>

    /// The methods this server knows; any other is answered 501.
    static let knownMethods: Set<String> = [
        "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE",
        "CONNECT", "QUERY",
    ]
    /// What a file takes.
    static let fileMethods: Set<String> = ["GET", "HEAD"]

    init(
        gate: RequestGate, common: CommonFields, webSocketPath: String, feedPath: String, servesFeed: Bool,
        routes: RouteTable, requests: HTTPRequestCounts = HTTPRequestCounts(), makeID: @escaping () -> Int
    ) {
        self.gate = gate
        self.common = common
        self.webSocketPath = webSocketPath
        self.feedPath = feedPath
        self.servesFeed = servesFeed
        self.routes = routes
        servedMethods = Set(routes.routes.flatMap { $0.method == "GET" ? ["GET", "HEAD"] : [$0.method] })
            .union(Self.fileMethods).union(["OPTIONS"])
        self.makeID = makeID
        self.requests = requests
    }
}
