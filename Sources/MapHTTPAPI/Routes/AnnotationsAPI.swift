import JSONScanning
import LiveWorld
import MapCore
import SessionTransport

/// `/api/...`: the annotations of the shared world as JSON and GeoJSON, and
/// the writes that add, edit, move and remove them (docs/http-api.md).
package final class AnnotationsAPI: Sendable {
    let store: AnnotationStore

    /// The API over `store`.
    package init(store: AnnotationStore) {
        self.store = store
    }

    /// `GET /api/annotations` (GeoJSON when `Accept` prefers
    /// `application/geo+json`) and `GET /api/annotations.geojson`: every
    /// annotation, people and landmarks first, then the lines and areas, in
    /// the box and page asked for.
    func list(_ request: RouteRequest) throws(APIError) -> RouteResponse {
        let query = try AnnotationListQuery(query: request.query)
        let (records, shapes, next) = query.page(of: store)
        if request.answerType == "application/geo+json" {
            let answer = GeoJSONCollectionAnswer(
                features: records.map(GeoJSONFeatureAnswer.init),
                shapes: shapes.map(GeoJSONShapeFeatureAnswer.init), next: next?.token)
            var response = RouteResponse.json(200, encoding: answer)
            if response.status == 200 { response.head.headerFields[.contentType] = "application/geo+json" }
            return response
        }
        return .json(
            200,
            encoding: AnnotationListAnswer(
                annotations: records.map(AnnotationAnswer.init),
                next: next?.token, shapes: shapes.isEmpty ? nil : shapes.map(ShapeAnswer.init)))
    }

    /// `GET /api/annotations/{id}`: an annotation, or a line or an area.
    func annotation(_ request: RouteRequest) throws(APIError) -> RouteResponse {
        let id = try Self.id(request)
        if let shape = store.shape(id: id) { return .json(200, encoding: ShapeAnswer(shape)) }
        guard let record = store.record(id: id) else { throw APIError(WorldError.unknownID(id)) }
        return .json(200, encoding: AnnotationAnswer(record))
    }

    /// The `{id}` of the path, checked. The transport hands over the path
    /// percent-decoded once already; decoding it again would let `pct%2541`
    /// address `pctA`.
    static func id(_ request: RouteRequest) throws(APIError) -> String {
        let id = request.parameters["id"] ?? ""
        try AnnotationFieldRules.checkID(id, "path")
        return id
    }
}
