import MapCore

/// The list in both formats, with its box and pages, and the GeoJSON and
/// NDJSON imports (docs/http-api.md, "Your own data").
extension AnnotationsAPI {
    /// `GET /api/annotations` (GeoJSON when `Accept` names
    /// `application/geo+json`) and `GET /api/annotations.geojson`.
    func list(_ request: HTTPRequest, geoJSON: Bool) throws(APIError) -> HTTPResponse {
        let query = try AnnotationListQuery(query: request.query)
        let (records, next) = query.page(of: world.store)
        if geoJSON {
            let answer = GeoJSONCollectionAnswer(features: records.map(GeoJSONFeatureAnswer.init), next: next?.token)
            var response = HTTPResponse.json(200, encoding: answer)
            if response.status == 200 { response.contentType = "application/geo+json" }
            return response
        }
        return .json(200, encoding: AnnotationListAnswer(annotations: records.map(AnnotationAnswer.init),
                                                         next: next?.token))
    }

    /// An NDJSON import's body is read while it arrives (`NDJSONImportStream`).
    func bodyConsumer(for request: HTTPRequest) -> HTTPBodyConsumer? {
        guard request.method == "POST", request.path == "/api/annotations",
              Self.mediaType(request.contentType) == "application/x-ndjson" else { return nil }
        return NDJSONImportStream(api: self)
    }

    /// The media type of a `Content-Type`, without parameters, lower case.
    static func mediaType(_ contentType: String?) -> String {
        guard let contentType else { return "" }
        return (contentType.split(separator: ";", omittingEmptySubsequences: false).first ?? "")
            .trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// `POST /api/annotations` as GeoJSON or NDJSON: every feature added in
    /// one batch, or none.
    func importFeatures(_ request: HTTPRequest, ndjson: Bool) throws(APIError) -> HTTPResponse {
        let batch = ndjson ? try GeoJSONImport.features(ndjson: request.body)
                           : try GeoJSONImport.features(geoJSON: request.body)
        return try importBatch(batch)
    }

    /// Adds a read and checked import in one batch; refusals name the feature.
    func importBatch(_ batch: GeoJSONBatch) throws(APIError) -> HTTPResponse {
        do throws(WorldError) {
            try world.store.add(batch.annotations)
        } catch {
            var refusal = APIError(error)
            if case .duplicateID(let id) = error, let name = batch.name(of: id) {
                refusal.message = "\(name): \(refusal.message); nothing was imported"
            } else if case .coordinateOutOfRange(_, let id, _) = error, let name = batch.name(of: id) {
                refusal.message = "\(name): \(refusal.message)"
            }
            throw refusal
        }
        return .json(201, encoding: ImportedAnswer(imported: batch.annotations.count))
    }
}
