import MapCore
import SampleApps

/// `/api/...`: the annotations of the shared world as JSON (docs in README, HTTP API v1).
final class AnnotationsAPI: Sendable {
    let world: World

    init(world: World) {
        self.world = world
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        switch (request.method, request.path) {
        case ("GET", "/api/annotations"):
            return .json(200, annotationsJSON())
        case ("POST", "/api/annotations"), (_, "/api/moves"):
            return respondLive(to: request)
        case (_, let path) where path.hasPrefix("/api/annotations/"):
            return respondLive(to: request)
        case (_, "/api/annotations"):
            return .error(405, "method \(request.method) not allowed on /api/annotations")
        default:
            return .error(404, "no route \(request.method) \(request.path)")
        }
    }

    /// `{"annotations":[{id, kind, title, subtitle, latitude, longitude, draggable}]}`.
    func annotationsJSON() -> String {
        // Every annotation of the shared store, people and landmarks first, then API and demo ones.
        let items = world.store.records.map(Self.object(for:))
        return "{\"annotations\":[" + items.joined(separator: ",") + "]}"
    }

    static func object(id: String, kind: String, title: String?, subtitle: String?,
                       latitude: Double, longitude: Double, draggable: Bool = false) -> String {
        "{\"id\":\(JSONText.quote(id)),\"kind\":\(JSONText.quote(kind)),"
            + "\"title\":\(title.map(JSONText.quote) ?? "null"),\"subtitle\":\(subtitle.map(JSONText.quote) ?? "null"),"
            + "\"latitude\":\(latitude),\"longitude\":\(longitude),\"draggable\":\(draggable)}"
    }
}
