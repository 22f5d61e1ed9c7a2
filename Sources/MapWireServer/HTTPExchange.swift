import MapSession

/// One dynamic HTTP request in flight: its body as it arrives, then the
/// handler's answer as it is written out. Confined to the service thread; the
/// handler runs elsewhere on a copy of `request`.
final class HTTPExchange {
    let id: Int
    let wsi: OpaquePointer
    var request: HTTPRequest
    var body: RequestBody
    /// True once the request went to the handler.
    var dispatched = false
    /// The answer, once known.
    var response: HTTPResponse?
    /// Close the connection after answering (the body was refused unread).
    var closeAfterResponse = false
    /// A next request arrived on the connection before this one was
    /// answered: this one is answered, the rest ignored, then it closes.
    var pipelined = false
    /// Reads the body while it arrives instead of `body` collecting it.
    var consumer: HTTPBodyConsumer?
    /// Bytes handed to `consumer` so far.
    var consumedBytes = 0
    /// Body bytes gathered for `consumer`: lws hands them over a few KB at a
    /// time, and a piece per callback cost more in hand-overs than in reading.
    var consumerPiece: [UInt8] = []
    /// How much to gather before handing a piece over.
    static let consumerPieceBytes = 256 * 1024
    var headersSent = false
    var bodyOffset = 0

    init(id: Int, wsi: OpaquePointer, request: HTTPRequest, bodyLimit: Int) {
        self.id = id
        self.wsi = wsi
        self.request = request
        self.body = RequestBody(limit: bodyLimit)
    }

    /// The next piece of the response body and whether it is the last.
    func nextBodyChunk(max: Int) -> (chunk: ArraySlice<UInt8>, isLast: Bool)? {
        guard let response else { return nil }
        let end = min(response.body.count, bodyOffset + max)
        let chunk = response.body[bodyOffset..<end]
        bodyOffset = end
        return (chunk, end == response.body.count)
    }
}
