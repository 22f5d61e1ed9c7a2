import MapCore

/// `/api/...`: the annotations of the shared world as JSON (docs/http-api.md).
final class AnnotationsAPI: Sendable {
    let world: World

    init(world: World) {
        self.world = world
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        switch (request.method, request.path) {
        case ("GET", "/api/annotations"), ("GET", "/api/annotations.geojson"):
            // Every annotation of the shared store, people and landmarks first, then API and demo ones.
            let offered = request.path.hasSuffix(".geojson")
                ? ["application/geo+json"] : ["application/json", "application/geo+json"]
            do throws(APIError) {
                let type = try Self.negotiate(request.accept, offered: offered)
                return try list(request, geoJSON: type == "application/geo+json")
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

    /// The type to answer in, by the request's `Accept`; 406 when it takes none of `offered`.
    static func negotiate(_ accept: String?, offered: [String]) throws(APIError) -> String {
        guard let type = AcceptNegotiation(accept).choose(from: offered) else {
            throw APIError(status: 406, message: "Accept \"\((accept ?? "").prefix(100))\" takes none of what "
                           + "this route answers: \(offered.joined(separator: ", "))")
        }
        return type
    }
}
