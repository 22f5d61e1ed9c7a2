import Foundation
import SampleApps
import SessionTransport
import Synchronization
import Wire

@testable import LiveWorld
@testable import MapHTTPAPI

/// The repository root, found from this file's path.
let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Both samples, as `mapwire` plugs them in by default: their seeds are the world the API tests start from.
let sampleApp: SampleMapApp = {
    do {
        return SampleMapApp(
            content: try SampleContent.load(
                dataDirectory: repoRoot.appendingPathComponent("fixtures"),
                publicDirectory: repoRoot.appendingPathComponent("Public")))
    } catch {
        fatalError("sample content: \(error)")
    }
}()

/// A store in memory holding the samples' seeds, a new one for each test.
func freshStore() -> AnnotationStore {
    AnnotationStore(seeds: sampleApp.seeds)
}

extension AnnotationsAPI {
    /// The answer the transport would give once a request's head passed its
    /// checks: the route table's, always one for a path under `/api/`.
    func respond(to request: RouteRequest) -> RouteResponse {
        routes.respond(to: request) ?? .error(599, "the API's table does not own \(request.path)")
    }

    /// The reader the transport would stream `request`'s body into, if its route streams that type.
    func bodyConsumer(for request: RouteRequest) -> HTTPBodyConsumer? {
        routes.consumer(for: request)
    }
}

/// Collects what a feed sends, in place of a socket.
final class RecordingOutput: SessionOutput {
    let sent = Mutex<[[UInt8]]>([])
    func send(_ message: [UInt8]) { sent.withLock { $0.append(message) } }
    func close(code: WebSocketCloseCode, reason: String) {}
}
