import MapCore

/// `/api/...`: the annotations of the shared world as JSON (docs in README, HTTP API v1).
final class AnnotationsAPI: Sendable {
    let world: World

    init(world: World) {
        self.world = world
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        switch (request.method, request.path) {
        case ("GET", "/api/annotations"):
            // Every annotation of the shared store, people and landmarks first, then API and demo ones.
            let annotations = world.store.records.map(AnnotationAnswer.init)
            return .json(200, encoding: AnnotationListAnswer(annotations: annotations))
        case ("POST", "/api/annotations"), (_, "/api/moves"):
            return respondLive(to: request)
        case (_, let path) where path.hasPrefix("/api/annotations/"):
            return respondLive(to: request)
        case (_, "/api/annotations"):
            return APIError.methodNotAllowed("method \(request.method) not allowed on /api/annotations").response
        default:
            return APIError.notFound("no route \(request.method) \(request.path)").response
        }
    }
}
