import MapSession

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
    /// The methods a dynamic path's route takes; nil for no route (a 404).
    let allowedMethods: (String) -> Set<String>?
    /// A reader for a route's body as it arrives, when the route has one.
    let makeConsumer: (HTTPRequest) -> HTTPBodyConsumer?
    let makeID: () -> Int

    /// The methods this server knows; any other is answered 501.
    static let knownMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE",
                                            "CONNECT", "QUERY"]
    /// What `OPTIONS *` lists: the methods some route here takes.
    static let servedMethods: Set<String> = ["GET", "HEAD", "POST", "PATCH", "DELETE", "OPTIONS"]
    /// What a file takes.
    static let fileMethods: Set<String> = ["GET", "HEAD"]

    init(gate: RequestGate, common: CommonFields, webSocketPath: String, feedPath: String, servesFeed: Bool,
         allowedMethods: @escaping (String) -> Set<String>?, makeConsumer: @escaping (HTTPRequest) -> HTTPBodyConsumer?,
         makeID: @escaping () -> Int) {
        self.gate = gate
        self.common = common
        self.webSocketPath = webSocketPath
        self.feedPath = feedPath
        self.servesFeed = servesFeed
        self.allowedMethods = allowedMethods
        self.makeConsumer = makeConsumer
        self.makeID = makeID
    }
}
