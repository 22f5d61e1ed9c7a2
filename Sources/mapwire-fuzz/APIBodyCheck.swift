import Foundation
import LiveWorld
import MapHTTPAPI
import MapSession
import SampleApps
import SessionTransport

/// Whatever a client sends to a write route, the API answers JSON: a 2xx,
/// or a 4xx whose `error` names the problem; never a trap, never a 5xx.
///
/// The first byte picks the route, the rest is the body (or the id, for the
/// routes that take one in the path). Edits and appends go to a pin, a line,
/// an area and a trail of the target's own, made again whenever an input
/// has removed one.
enum APIBodyCheck {
    /// One app for the whole run, its world in memory; loaded on first use.
    static let app: MapService = {
        let root = URL(
            fileURLWithPath: ProcessInfo.processInfo.environment["MAPWIRE_ROOT"]
                ?? FileManager.default.currentDirectoryPath)
        do {
            let content = try SampleContent.load(
                dataDirectory: root.appendingPathComponent("fixtures"),
                publicDirectory: root.appendingPathComponent("Public"))
            return try MapService(
                app: SampleMapApp(content: content),
                options: .init(
                    dataDirectory: root.appendingPathComponent("fixtures"),
                    publicDirectory: root.appendingPathComponent("Public"),
                    storePath: ":memory:"))
        } catch {
            fatalError("cannot load the app from \(root.path) (set MAPWIRE_ROOT to the repository): \(error)")
        }
    }()

    /// What edits and appends go to, with the body that adds each.
    static let targets = [
        "fuzz-pin": #"{"id":"fuzz-pin","title":"Pin","latitude":48.85,"longitude":2.35}"#,
        "fuzz-line": #"{"id":"fuzz-line","geometry":{"type":"LineString","coordinates":[[2.35,48.85],[2.36,48.86]]}}"#,
        "fuzz-area":
            #"{"id":"fuzz-area","geometry":{"type":"Polygon","coordinates":[[[2,48],[3,48],[3,49],[2,48]]]}}"#,
        // A trail, so appends keep it at most 1,000 positions however long the run.
        "fuzz-trail":
            #"{"id":"fuzz-trail","trail":{"max":1000},"#
            + #""geometry":{"type":"LineString","coordinates":[[2.35,48.85],[2.36,48.86]]}}"#,
    ]

    /// `id` of `targets`, added again when an earlier input removed it.
    static func target(_ id: String) -> String {
        guard let body = targets[id] else { fatalError("no target \(id)") }
        let exists = app.routes.respond(to: RouteRequest(method: "GET", path: "/api/annotations/" + id))
        if exists?.status == 404 {
            let added = app.routes.respond(
                to: RouteRequest(
                    method: "POST", path: "/api/annotations", body: Array(body.utf8), contentType: "application/json"))
            guard added?.status == 201 else { fatalError("cannot add \(id): \(added?.status ?? 0)") }
        }
        return "/api/annotations/" + id
    }

    static func check(_ bytes: [UInt8]) {
        guard let route = bytes.first else { return }
        let rest = Array(bytes.dropFirst())
        let text = String(decoding: rest.prefix(300), as: UTF8.self)
        let json = "application/json"
        let request: RouteRequest
        switch route % 13 {
        case 0: request = RouteRequest(method: "POST", path: "/api/moves", body: rest, contentType: json)
        case 1: request = RouteRequest(method: "POST", path: "/api/annotations", body: rest, contentType: json)
        case 2:
            request = RouteRequest(
                method: "POST", path: "/api/annotations/amelie-fournier/position", body: rest,
                contentType: json)
        case 3: request = RouteRequest(method: "DELETE", path: "/api/annotations/" + text)
        case 4: request = RouteRequest(method: "GET", path: "/api/annotations/" + text)
        // Imports: a GeoJSON document, and lines or records read as a streamed body is.
        case 6:
            request = RouteRequest(
                method: "POST", path: "/api/annotations", body: rest, contentType: "application/geo+json")
        case 7:
            request = RouteRequest(
                method: "POST", path: "/api/annotations", body: rest, contentType: "application/x-ndjson")
        case 8:
            request = RouteRequest(
                method: "POST", path: "/api/annotations", body: rest, contentType: "application/geo+json-seq")
        // Edits of a pin, a line and an area, and positions appended to a trail.
        case 9: request = RouteRequest(method: "PATCH", path: target("fuzz-pin"), body: rest, contentType: json)
        case 10: request = RouteRequest(method: "PATCH", path: target("fuzz-line"), body: rest, contentType: json)
        case 11: request = RouteRequest(method: "PATCH", path: target("fuzz-area"), body: rest, contentType: json)
        case 12:
            request = RouteRequest(
                method: "POST", path: target("fuzz-trail") + "/coordinates", body: rest, contentType: json)
        default:
            request = RouteRequest(
                method: "POST", path: "/api/annotations/" + text + "/position", body: rest,
                contentType: json)
        }
        guard let response = app.routes.respond(to: request) else {
            fatalError("\(request.method) \(request.path): no answer")
        }
        guard response.contentType.hasPrefix("application/json") else {
            fatalError("\(request.method) \(request.path): answered \(response.contentType)")
        }
        guard let json = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] else {
            fatalError("\(request.method) \(request.path): the answer is not a JSON object")
        }
        guard response.status < 500 else {
            fatalError("\(request.method) \(request.path): \(response.status) \(json)")
        }
        if response.status >= 400, (json["error"] as? String)?.isEmpty != false {
            fatalError("\(request.method) \(request.path): \(response.status) without an error message")
        }
    }
}
