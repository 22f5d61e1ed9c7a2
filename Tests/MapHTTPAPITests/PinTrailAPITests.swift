import Foundation
import MapGeometry
import SessionTransport
import Testing

@testable import LiveWorld
@testable import MapHTTPAPI

/// A pin added with `"trail": {"max": N}` draws its trail, a line of the
/// world named `<id>:trail` that its moves extend.
@Suite struct PinTrailAPITests {
    let store = AnnotationStore()
    var api: AnnotationsAPI { AnnotationsAPI(store: store) }

    func call(_ method: String, _ path: String, _ body: String = "") -> (status: Int, json: [String: Any]) {
        let r = api.respond(
            to: RouteRequest(method: method, path: path, body: Array(body.utf8), contentType: "application/json"))
        return (r.status, (try? JSONSerialization.jsonObject(with: Data(r.body))) as? [String: Any] ?? [:])
    }

    @Test func aPinWithATrailDrawsTheLineOfItsMoves() throws {
        let added = call(
            "POST", "/api/annotations",
            #"{"id":"bus","title":"Bus 7","latitude":48.85,"longitude":2.35,"trail":{"max":3}}"#)
        #expect(added.status == 201)
        for (k, lon) in [2.36, 2.37, 2.38].enumerated() {
            let moved = call(
                "POST", "/api/moves",
                #"{"moves":[{"id":"bus","latitude":48.85,"longitude":\#(lon),"timestamp":\#(k)}]}"#)
            #expect(moved.status == 200)
        }
        let trail = call("GET", "/api/annotations/bus:trail")
        #expect(trail.status == 200)
        #expect(trail.json["kind"] as? String == "trail")
        let geometry = try #require(trail.json["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "LineString")
        let coordinates = try #require(geometry["coordinates"] as? [[Double]])
        #expect(coordinates.map { $0[0] } == [2.36, 2.37, 2.38], "the newest three")
        #expect(call("DELETE", "/api/annotations/bus").status == 200)
        #expect(call("GET", "/api/annotations/bus:trail").status == 404, "the trail goes with its pin")
    }

    @Test func aBadTrailIsRefusedNamingIt() {
        for trail in [#"{"max":1}"#, #""long""#, #"{"max":3,"min":1}"#] {
            let r = call(
                "POST", "/api/annotations", #"{"id":"bus","title":"B","latitude":0,"longitude":0,"trail":\#(trail)}"#)
            #expect(r.status == 400)
            #expect((r.json["error"] as? String)?.contains("\"trail\"") == true, "\(r.json)")
        }
        #expect(store.record(id: "bus") == nil)
    }
}
