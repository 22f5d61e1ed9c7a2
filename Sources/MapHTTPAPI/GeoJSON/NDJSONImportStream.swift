import Dispatch
import JSONScanning
import LiveWorld
import SessionTransport

/// An NDJSON import read while its body arrives: each piece is split into
/// lines and scanned on a queue of the import's own, so by the time the last
/// byte is in, the features are too and only the checks and the batch add
/// are left. A bad line stops the reading; the answer names it.
final class NDJSONImportStream: HTTPBodyConsumer, @unchecked Sendable {
    private let api: AnnotationsAPI
    /// Runs the pieces in order; `reader` is touched only on it.
    private let queue = DispatchQueue(label: "mapwire.ndjson-import")
    private var reader = NDJSONLineReader(maxFeatures: GeoJSONImport.maxFeatures)

    init(api: AnnotationsAPI) {
        self.api = api
    }

    func consume(_ piece: [UInt8]) {
        queue.async { [self] in
            piece.withUnsafeBufferPointer { reader.feed($0) }
        }
    }

    func finish() -> RouteResponse {
        let read = queue.sync { () -> NDJSONLineReader in
            reader.end()
            return reader
        }
        do throws(APIError) {
            return try api.importBatch(GeoJSONImport.batch(of: read))
        } catch {
            return error.response
        }
    }
}
