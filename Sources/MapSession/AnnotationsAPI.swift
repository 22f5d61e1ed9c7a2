import MapCore

/// `/api/...`: the annotations of the shared world as JSON (docs in README, HTTP API v1).
final class AnnotationsAPI: Sendable {
    let world: World

    init(world: World) {
        self.world = world
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        switch (request.method, request.path) {
        case ("GET", "/api/annotations"), ("GET", "/api/annotations.geojson"):
            // Every annotation of the shared store, people and landmarks first, then API and demo ones.
            let geoJSON = request.path.hasSuffix(".geojson") || Self.wantsGeoJSON(request.accept)
            do throws(APIError) {
                return try list(request, geoJSON: geoJSON)
            } catch {
                return error.response
            }
        case ("POST", "/api/annotations"), (_, "/api/moves"):
            return respondLive(to: request)
        case (_, let path) where path.hasPrefix("/api/annotations/"):
            return respondLive(to: request)
        case (_, "/api/annotations"), (_, "/api/annotations.geojson"):
            return APIError.methodNotAllowed("method \(request.method) not allowed on /api/annotations").response
        default:
            return APIError.notFound("no route \(request.method) \(request.path)").response
        }
    }
}
