import Foundation
import SessionTransport
import Testing

@testable import LiveWorld
@testable import MapHTTPAPI

/// Whatever a client posts, the API answers with JSON: a 2xx with what was
/// applied, or a 4xx with a message. It never traps or answers 5xx.
@Suite struct APIFuzzTests {
    @Test func randomBodiesGetJSONAnswers() throws {
        let store = freshStore()
        let api = AnnotationsAPI(store: store)
        let fragments = [
            "{", "}", "[", "]", "\"id\"", ":", ",", "\"latitude\"", "\"longitude\"", "\"moves\"",
            "1e999", "-91", "NaN", "null", "true", "\"x\"", "0.5", "\"title\"", "\u{0}", "é", "{}", "[]",
        ]
        let routes = [
            ("POST", "/api/moves"), ("POST", "/api/annotations"), ("POST", "/api/annotations/amelie-fournier/position"),
            ("DELETE", "/api/annotations/nobody"), ("PUT", "/api/annotations"), ("GET", "/api/annotations/%00"),
        ]
        var state: UInt64 = 3
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        for _ in 0..<3000 {
            let body = (0..<(next() % 12)).map { _ in fragments[next() % fragments.count] }.joined()
            let (method, path) = routes[next() % routes.count]
            let r = api.respond(
                to: RouteRequest(method: method, path: path, body: Array(body.utf8), contentType: "application/json"))
            #expect(r.contentType == "application/json")
            let json = try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any]
            #expect(json != nil)
            if r.status >= 400 {
                #expect(r.status < 500, "\(method) \(path) \(body) -> \(r.status)")
                #expect((json?["error"] as? String)?.isEmpty == false)
            }
        }
    }

    /// Imports and edits, from fragments of GeoJSON: a 4xx naming the problem or a 2xx, never a trap.
    @Test func randomGeoJSONAndEditsGetJSONAnswers() throws {
        let store = freshStore()
        let api = AnnotationsAPI(store: store)
        let fragments = [
            "{", "}", "[", "]", ":", ",", "\"type\"", "\"Feature\"", "\"FeatureCollection\"",
            "\"features\"", "\"geometry\"", "\"Point\"", "\"coordinates\"", "\"properties\"",
            "\"id\"", "\"marker-color\"", "\"#abc\"", "\"marker-symbol\"", "\"title\"", "1e999", "-181",
            "null", "true", "0.5", "\"\\u12\"", "\"\\ud800\"", "\n", "\u{0}", "é", "{}", "[]", "\"x\"",
            "\u{1E}", "\"MultiPoint\"", "\"GeometryCollection\"", "\"geometries\"", "\"crs\"", "\"marker-size\"",
            "\"large\"", "\"cafe\"", "[1,2,3]",
        ]
        let requests: [(String, String, String?)] = [
            ("POST", "/api/annotations", "application/geo+json"), ("POST", "/api/annotations", "application/x-ndjson"),
            ("POST", "/api/annotations", "application/geo+json-seq"),
            ("PATCH", "/api/annotations/fuzz", "application/json"),
        ]
        #expect(
            api.respond(
                to: RouteRequest(
                    method: "POST", path: "/api/annotations",
                    body: Array(
                        #"{"id":"fuzz","title":"F","latitude":1,"longitude":1}"#.utf8), contentType: "application/json")
            ).status == 201)
        var state: UInt64 = 11
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        for _ in 0..<4000 {
            let body = (0..<(next() % 16)).map { _ in fragments[next() % fragments.count] }.joined()
            let (method, path, type) = requests[next() % requests.count]
            let r = api.respond(to: RouteRequest(method: method, path: path, body: Array(body.utf8), contentType: type))
            #expect(r.contentType == "application/json")
            let json = try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any]
            #expect(json != nil)
            if r.status >= 400 {
                #expect(r.status < 500, "\(method) \(path) \(body) -> \(r.status)")
                #expect((json?["error"] as? String)?.isEmpty == false)
            }
        }
    }
}
