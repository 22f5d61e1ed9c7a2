import JSONScanning
import LiveWorld
import SessionTransport

/// Reads a GeoJSON import (`POST /api/annotations` as `application/geo+json`,
/// `application/geo+json-seq` or `application/x-ndjson`) into features;
/// `GeoJSONImportPlan` turns them into annotations. A problem with the JSON,
/// a geometry or an id refuses the whole import, and the error names the
/// feature (`features[3]`, or `line 4` of NDJSON), its id when it has one,
/// and the property.
enum GeoJSONImport {
    /// Most features in one import.
    static let maxFeatures = 200_000

    /// A `FeatureCollection` or a single `Feature`.
    static func features(geoJSON body: [UInt8]) throws(APIError) -> GeoJSONBatch {
        guard !body.isEmpty else { throw .badRequest("empty body; expected a GeoJSON FeatureCollection or Feature") }
        var owned = body
        // strtod stops at this 0 should the document end in a number.
        owned.append(0)
        let scanned = owned.withUnsafeBufferPointer { all in
            Result { () throws(GeoJSONLineScanner.DocumentProblem) in
                try GeoJSONLineScanner.document(UnsafeBufferPointer(rebasing: all[0..<(all.count - 1)]))
            }
        }
        switch scanned {
        case .success(let document):
            guard document.features.count <= maxFeatures else {
                throw .badRequest("\(document.features.count) features; one import takes at most \(maxFeatures)")
            }
            return GeoJSONBatch(features: document.features, lines: nil, isCollection: document.isCollection)
        case .failure(let problem): throw .badRequest(problem.message)
        }
    }

    /// Newline-delimited features, or a GeoJSON text sequence, read by
    /// `NDJSONLineReader`: a whole body at once (the transport streams them
    /// through `NDJSONImportStream` instead).
    static func features(ndjson body: [UInt8]) throws(APIError) -> GeoJSONBatch {
        var reader = NDJSONLineReader(maxFeatures: maxFeatures)
        var owned = body
        // strtod stops at this 0 when the last line ends in a number.
        owned.append(0)
        owned.withUnsafeBufferPointer { all in reader.feed(UnsafeBufferPointer(rebasing: all[0..<(all.count - 1)])) }
        reader.end()
        return try batch(of: reader)
    }

    /// The batch `reader` read, or its first problem.
    static func batch(of reader: NDJSONLineReader) throws(APIError) -> GeoJSONBatch {
        if let failure = reader.failure { throw .badRequest(failure) }
        guard !reader.features.isEmpty else { throw .badRequest("empty body; expected one GeoJSON Feature a line") }
        return GeoJSONBatch(features: reader.features, lines: reader.lines, isCollection: true)
    }

    /// "features[3] (id \"a\"): " and the like.
    static func place(_ where: String?, id: String?) -> String {
        guard let `where` else { return "" }
        guard let id else { return `where` + ": " }
        return "\(`where`) (id \"\(id.prefix(80))\"): "
    }
}

/// An import read, and where each feature came from.
struct GeoJSONBatch {
    var features: [GeoJSONFeature]
    /// The NDJSON line of each feature; nil for a GeoJSON document.
    var lines: [Int]?
    var isCollection: Bool

    /// `features[3]`, `line 4` or `feature`.
    func name(_ i: Int) -> String {
        if let lines { return "line \(lines[i])" }
        return isCollection ? "features[\(i)]" : "feature"
    }
}
