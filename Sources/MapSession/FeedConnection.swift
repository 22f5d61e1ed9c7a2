import Dispatch

/// One producer on the feed WebSocket: every message is the body of
/// `POST /api/moves` (JSON, text or binary) and gets the same JSON answer,
/// in order. Work leaves the transport's thread for the feed's own queue.
final class FeedConnection: SessionConnection, Sendable {
    let store: AnnotationStore
    let output: SessionOutput
    private let queue = DispatchQueue(label: "mapwire.feed")

    init(store: AnnotationStore, output: SessionOutput) {
        self.store = store
        self.output = output
    }

    func receive(_ message: [UInt8]) {
        let receivedAt = AnnotationStore.now()
        queue.async { self.output.send(Array(self.answer(to: message, receivedAt: receivedAt).utf8)) }
    }

    func disconnected() {}

    /// The answer for one message: the batch result, or the API's error object.
    func answer(to message: [UInt8], receivedAt: Double) -> String {
        do throws(APIError) {
            let result = try store.apply(LiveRequests.moves(message), receivedAt: receivedAt)
            return AnnotationsAPI.json(result)
        } catch {
            return "{\"error\":\(JSONText.quote(error.message)),\"status\":\(error.status)}"
        }
    }
}

extension MapWireApp: FeedFactory {
    public func openFeed(output: SessionOutput) -> SessionConnection {
        FeedConnection(store: world.store, output: output)
    }
}
