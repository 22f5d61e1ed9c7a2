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
/// routes that take one in the path).
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

    static func check(_ bytes: [UInt8]) {
        guard let route = bytes.first else { return }
        let rest = Array(bytes.dropFirst())
        let text = String(decoding: rest.prefix(300), as: UTF8.self)
        let json = "application/json"
        let request: RouteRequest
        switch route % 9 {
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
