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
        case (_, "/api/annotations"):
            return .error(405, "method \(request.method) not allowed on /api/annotations")
        default:
            return .error(404, "no route \(request.method) \(request.path)")
        }
    }

    /// `{"annotations":[{id, kind, title, subtitle, latitude, longitude, draggable}]}`.
    func annotationsJSON() -> String {
        var items: [String] = []
        for person in world.content.people {
            items.append(Self.object(id: person.id, kind: "person", title: person.title, subtitle: person.subtitle,
                                     latitude: person.coordinate.latitude, longitude: person.coordinate.longitude))
        }
        for landmark in world.content.landmarks {
            items.append(Self.object(id: landmark.id, kind: landmark.kind.rawValue, title: landmark.title,
                                     subtitle: landmark.subtitle, latitude: landmark.coordinate.latitude,
                                     longitude: landmark.coordinate.longitude))
        }
        return "{\"annotations\":[" + items.joined(separator: ",") + "]}"
    }

    static func object(id: String, kind: String, title: String?, subtitle: String?,
                       latitude: Double, longitude: Double, draggable: Bool = false) -> String {
        "{\"id\":\(JSONText.quote(id)),\"kind\":\(JSONText.quote(kind)),"
            + "\"title\":\(title.map(JSONText.quote) ?? "null"),\"subtitle\":\(subtitle.map(JSONText.quote) ?? "null"),"
            + "\"latitude\":\(latitude),\"longitude\":\(longitude),\"draggable\":\(draggable)}"
    }
}
