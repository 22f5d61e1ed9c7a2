import Dispatch
import JSONScanning
import LiveWorld
import SessionTransport

/// One producer on the feed WebSocket: every message is the body of
/// `POST /api/moves` (JSON, text or binary) and gets the same JSON answer,
/// or positions for lines, `{"append":[{"id","coordinates"}, ...]}`,
/// answered as `POST /api/annotations/{id}/coordinates` answers each; all
/// in order. Work leaves the transport's thread for the feed's own queue;
/// answers are written on a queue of their own, so neither the parsing of
/// the next batch nor the store's writer (which says when a batch is
/// committed) waits for the encoder.
package final class FeedConnection: SessionConnection, Sendable {
    let store: AnnotationStore
    let output: SessionOutput
    private let queue = DispatchQueue(label: "mapwire.feed")
    private let answers = DispatchQueue(label: "mapwire.feed.answers")

    /// A producer's connection, writing into `store` and answering on `output`.
    package init(store: AnnotationStore, output: SessionOutput) {
        self.store = store
        self.output = output
    }

    package func receive(_ message: [UInt8]) {
        let receivedAt = AnnotationStore.now()
        queue.async {
            // Ahead of the maps' frames (`ThreadPriority`): every frame that shows these moves waits for them,
            // and a batch queues behind the ones before it, where a map late for a frame draws the latest.
            ThreadPriority.raised { self.answer(to: message, receivedAt: receivedAt) { self.output.send($0) } }
        }
    }

    package func disconnected() {}

    /// Applies one message and calls `send` with its answer once its
    /// changes are in the store file: the batch result, or the API's error
    /// object. The feed's queue goes on to the next message meanwhile;
    /// answers still leave in order, since the store file commits moves and
    /// appends in the order they were applied and each answer is queued, in
    /// that order, on the answers' serial queue.
    func answer(to message: [UInt8], receivedAt: Double, send: @escaping @Sendable ([UInt8]) -> Void) {
        let answers = self.answers
        let reply: @Sendable (@escaping @Sendable () -> [UInt8]) -> Void = { write in answers.async { send(write()) } }
        let batch: LiveRequests.MoveBatch
        do throws(APIError) {
            switch try LiveRequests.feedMessage(message) {
            case .moves(let moves): batch = moves
            case .appends(let appends): return append(appends, receivedAt: receivedAt, reply: reply)
            }
        } catch {
            return store.afterEarlierWrites { reply { Self.json(error) } }
        }
        let echoesMoves = batch.echoesMoves
        do throws(WorldError) {
            try store.apply(batch.moves, receivedAt: receivedAt) { result, failure in
                reply {
                    failure.map { Self.json(APIError($0)) } ?? Self.json(MoveAnswer(result, echoesMoves: echoesMoves))
                }
            }
        } catch {
            store.afterEarlierWrites { reply { Self.json(APIError(error)) } }
        }
    }

    /// Appends to lines, answered as `POST /api/annotations/{id}/coordinates`
    /// answers each, once they are in the store file.
    private func append(
        _ appends: [AnnotationStore.TrailAppend], receivedAt: Double,
        reply: @escaping @Sendable (@escaping @Sendable () -> [UInt8]) -> Void
    ) {
        do throws(WorldError) {
            try store.extendShapes(appends, receivedAt: receivedAt) { result, failure in
                reply {
                    failure.map { Self.json(APIError($0)) }
                        ?? RouteJSON.encode(FeedAppendsAnswer(result)) ?? []
                }
            }
        } catch {
            store.afterEarlierWrites { reply { Self.json(APIError(error)) } }
        }
    }

    /// The answer as the API writes it (by hand: `MoveAnswer.feedJSON`).
    static func json(_ answer: MoveAnswer) -> [UInt8] {
        answer.feedJSON()
    }

    /// The error object of the API, `{"error":"...","status":N}`.
    static func json(_ error: APIError) -> [UInt8] {
        RouteJSON.encode(ErrorAnswer(error: error.message, status: error.status)) ?? []
    }
}
