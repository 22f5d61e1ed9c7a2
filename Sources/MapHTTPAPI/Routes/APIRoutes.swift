import LiveWorld
import SessionTransport

/// Every route of the HTTP API, declared once: method, path, the body types
/// it reads and how, whether it writes, what it answers, and who answers.
/// The transport reads its 405s, `Allow`, write checks, body limits and
/// streaming from here; docs/openapi.yaml describes the same table.
extension AnnotationsAPI {
    /// A JSON body, read whole.
    static let jsonBody: [String: Route.BodyReading] = ["application/json": .whole]
    /// An annotation (JSON) or an import: a GeoJSON document read whole within
    /// the import limit, NDJSON and GeoJSON text sequences scanned while they arrive.
    static let addBody: [String: Route.BodyReading] = [
        "application/json": .whole, "application/geo+json": .bulk, "application/x-ndjson": .streamed,
        "application/geo+json-seq": .streamed,
    ]
    /// What the list answers in; `Accept` chooses.
    static let listTypes = ["application/json", "application/geo+json"]

    /// The API's routes, owning every path under `/api/`.
    package var routes: RouteTable {
        RouteTable(
            [
                Route("GET", "/api/annotations", answers: Self.listTypes) { [self] in answer($0, list) },
                Route(
                    "POST", "/api/annotations", body: Self.addBody, writes: true,
                    streamer: { [self] _ in NDJSONImportStream(api: self) }
                ) { [self] in answer($0, add) },
                Route("GET", "/api/annotations.geojson", answers: ["application/geo+json"]) { [self] in answer($0, list)
                },
                Route("GET", "/api/annotations/{id}") { [self] in answer($0, annotation) },
                Route("PATCH", "/api/annotations/{id}", body: Self.jsonBody, writes: true) { [self] in answer($0, edit)
                },
                Route("DELETE", "/api/annotations/{id}", body: Self.jsonBody, bodyIsOptional: true, writes: true) {
                    [self] in answer($0, remove)
                },
                Route("POST", "/api/annotations/{id}/position", body: Self.jsonBody, writes: true) {
                    [self] in answer($0, position)
                },
                Route("POST", "/api/annotations/{id}/coordinates", body: Self.jsonBody, writes: true) {
                    [self] in answer($0, appendCoordinates)
                },
                Route("POST", "/api/moves", body: Self.jsonBody, writes: true) { [self] in answer($0, moves) },
            ], prefixes: ["/api/"])
    }

    /// A handler's answer, or its refusal as the API's error object.
    private func answer(
        _ request: RouteRequest,
        _ handler: (RouteRequest) throws(APIError) -> RouteResponse
    ) -> RouteResponse {
        do throws(APIError) {
            return try handler(request)
        } catch {
            return error.response
        }
    }
}
