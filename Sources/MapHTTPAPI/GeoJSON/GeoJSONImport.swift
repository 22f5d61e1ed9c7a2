import Foundation
import JSONScanning
import LiveWorld
import MapGeometry
import SessionTransport

/// Reads a GeoJSON import (`POST /api/annotations` as `application/geo+json`
/// or `application/x-ndjson`) into annotations, all checked by the rules of
/// the JSON API. A problem anywhere refuses the whole import, and the error
/// names the feature (`features[3]`, or `line 4` of NDJSON), its id when it
/// has one, and the property.
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
            GeoJSONLineScanner.collection(UnsafeBufferPointer(rebasing: all[0..<(all.count - 1)]))
        }
        if let scanned {
            let batch = GeoJSONBatch(annotations: [], lines: nil, isCollection: true)
            return GeoJSONBatch(annotations: try annotations(scanned, batch.name), lines: nil, isCollection: true)
        }
        // Foundation's decoder skips what it does not read, and would call a bad title "not a string".
        let invalid = owned.withUnsafeBufferPointer { all in
            InvalidUTF8.find(in: UnsafeBufferPointer(rebasing: all[0..<(all.count - 1)]))
        }
        if let invalid {
            guard invalid.path.count >= 2, invalid.path.first == .key("features"),
                case .index(let i) = invalid.path[1]
            else { throw .badRequest(invalid.message()) }
            throw .badRequest(invalid.message(in: "features[\(i)]", dropping: 2))
        }
        let document: GeoJSONDocument
        do {
            document = try JSONDecoder().decode(GeoJSONDocument.self, from: Data(body))
        } catch let problem as GeoJSONFeature.Problem {
            throw .badRequest(place(problem.index.map { "features[\($0)]" }, id: problem.id) + problem.message)
        } catch {
            throw .badRequest("invalid JSON: \(LiveRequests.describe(error))")
        }
        let batch = GeoJSONBatch(annotations: [], lines: nil, isCollection: document.isCollection)
        return GeoJSONBatch(
            annotations: try annotations(document.features, batch.name), lines: nil,
            isCollection: document.isCollection)
    }

    /// Newline-delimited features, one `Feature` object a line (blank lines
    /// are skipped), each read straight from its bytes by
    /// `GeoJSONLineScanner`: a whole body at once (the transport streams
    /// them through `NDJSONImportStream` instead).
    static func features(ndjson body: [UInt8]) throws(APIError) -> GeoJSONBatch {
        var reader = NDJSONLineReader(maxFeatures: maxFeatures)
        var owned = body
        // strtod stops at this 0 when the last line ends in a number.
        owned.append(0)
        owned.withUnsafeBufferPointer { all in reader.feed(UnsafeBufferPointer(rebasing: all[0..<(all.count - 1)])) }
        reader.end()
        return try batch(of: reader)
    }

    /// The checked batch of what `reader` read, or its first problem.
    static func batch(of reader: NDJSONLineReader) throws(APIError) -> GeoJSONBatch {
        if let failure = reader.failure { throw .badRequest(failure) }
        guard !reader.features.isEmpty else { throw .badRequest("empty body; expected one GeoJSON Feature a line") }
        let lines = reader.lines
        return GeoJSONBatch(
            annotations: try annotations(reader.features) { "line \(lines[$0])" }, lines: lines,
            isCollection: true)
    }

    /// "features[3] (id \"a\"): " and the like.
    static func place(_ where: String?, id: String?) -> String {
        guard let `where` else { return "" }
        guard let id else { return `where` + ": " }
        return "\(`where`) (id \"\(id.prefix(80))\"): "
    }

    /// The features as annotations, checked; ids must be unique in the import.
    private static func annotations(
        _ features: [GeoJSONFeature],
        _ name: (Int) -> String
    ) throws(APIError) -> [LiveAnnotation] {
        guard features.count <= maxFeatures else {
            throw .badRequest("\(features.count) features; one import takes at most \(maxFeatures)")
        }
        typealias Rules = AnnotationFieldRules
        var out: [LiveAnnotation] = []
        out.reserveCapacity(features.count)
        var seen = [String: Int](minimumCapacity: features.count)
        for (i, f) in features.enumerated() {
            let what = place(name(i), id: f.id).dropLast(2).description
            guard let id = f.id else {
                throw .badRequest("\(what): the feature needs an id (\"id\" or \"properties.id\")")
            }
            try Rules.checkID(id, what)
            if let first = seen.updateValue(i, forKey: id) {
                throw .badRequest(
                    "\(what): id \"\(id.prefix(80))\" is also the id of \(name(first)); "
                        + "ids must be unique")
            }
            let kind = f.kind ?? "point"
            try Rules.checkText(kind, field: "properties.kind", limit: Rules.maxKindBytes, what)
            try Rules.checkText(
                f.title, field: "properties.title", limit: Rules.maxTextBytes,
                allowsControls: true, what)
            try Rules.checkText(
                f.subtitle, field: "properties.subtitle", limit: Rules.maxTextBytes,
                allowsControls: true, what)
            try Rules.checkText(
                f.clusteringIdentifier, field: "properties.clusteringIdentifier",
                limit: Rules.maxClusteringIdentifierBytes, what)
            try Rules.checkMarkerColor(f.markerColor, field: "properties.marker-color", what)
            try Rules.checkMarkerSymbol(f.markerSymbol, field: "properties.marker-symbol", what)
            guard f.latitude.isFinite, f.longitude.isFinite else {
                throw .badRequest("\(what): \"geometry.coordinates\" must be finite numbers")
            }
            let coordinate = try LiveRequests.coordinate(latitude: f.latitude, longitude: f.longitude, what)
            out.append(
                LiveAnnotation(
                    id: id, kind: kind, title: f.title, subtitle: f.subtitle, coordinate: coordinate,
                    isDraggable: f.draggable, clusteringIdentifier: f.clusteringIdentifier,
                    markerColor: f.markerColor, markerSymbol: f.markerSymbol))
        }
        return out
    }

}

/// An import read and checked, and where each feature came from.
struct GeoJSONBatch {
    var annotations: [LiveAnnotation]
    /// The NDJSON line of each feature; nil for a GeoJSON document.
    var lines: [Int]?
    var isCollection: Bool

    /// `features[3]`, `line 4` or `feature`.
    func name(_ i: Int) -> String {
        if let lines { return "line \(lines[i])" }
        return isCollection ? "features[\(i)]" : "feature"
    }

    /// The place of `id` in the import, for an id the store refused.
    func name(of id: String) -> String? {
        annotations.firstIndex { $0.id == id }.map(name)
    }
}
