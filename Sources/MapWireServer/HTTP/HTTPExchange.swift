import SessionTransport

/// One request in flight on a front connection: its body as it arrives,
/// then the wait for its answer. Confined to the service thread; the route
/// runs elsewhere on a copy of `request`.
final class HTTPExchange {
    /// Who answers.
    enum Responder {
        /// A route of the app's table (`/api/...`, `/healthz`, `/metrics`).
        case route(Route)
        /// A path the table owns but no route has: a JSON 404.
        case noRoute
        /// A file from the public folder.
        case file
        /// The transport itself, at once: `OPTIONS` lists the methods.
        case options
    }

    let id: Int
    /// The method as the client sent it and who answers, for `/metrics`.
    let labels: RequestLabels
    /// What the route sees, prepared: a `HEAD` arrives as the `GET` it stands for.
    var request: RouteRequest
    let responder: Responder
    /// The request was `HEAD`: the answer's head only.
    let omitsBody: Bool
    let keepsAlive: Bool
    /// `If-None-Match` values, for files.
    var ifNoneMatch: [String] = []
    /// The methods the path takes, for `Allow` on a 405 and `OPTIONS`.
    var allowedMethods: Set<String>?
    var body: RequestBody
    /// Reads the body while it arrives instead of `body` collecting it.
    var consumer: HTTPBodyConsumer?
    /// Bytes handed to `consumer` so far.
    var consumedBytes = 0
    /// Body bytes gathered for `consumer`: lws hands them over a few KB at a
    /// time, and a piece per callback cost more in hand-overs than in reading.
    var consumerPiece: [UInt8] = []
    /// How much to gather before handing a piece over.
    static let consumerPieceBytes = 256 * 1024

    init(
        id: Int, labels: RequestLabels, request: RouteRequest, responder: Responder, omitsBody: Bool,
        keepsAlive: Bool, bodyLimit: Int
    ) {
        self.id = id
        self.labels = labels
        self.request = request
        self.responder = responder
        self.omitsBody = omitsBody
        self.keepsAlive = keepsAlive
        self.body = RequestBody(limit: bodyLimit)
    }

    /// Takes the next piece of the body.
    func append(_ bytes: ArraySlice<UInt8>) {
        guard let consumer else {
            _ = bytes.withUnsafeBytes { body.append($0) }
            return
        }
        consumedBytes += bytes.count
        consumerPiece.append(contentsOf: bytes)
        if consumerPiece.count >= Self.consumerPieceBytes {
            consumer.consume(consumerPiece)
            consumerPiece.removeAll(keepingCapacity: true)
        }
    }

    /// The body is complete: the request as the route reads it, and the
    /// number of body bytes (which decides where the route runs).
    func complete() -> Int {
        if let consumer {
            if !consumerPiece.isEmpty { consumer.consume(consumerPiece) }
            consumerPiece = []
            return consumedBytes
        }
        request.body = body.bytes
        return request.body.count
    }
}
