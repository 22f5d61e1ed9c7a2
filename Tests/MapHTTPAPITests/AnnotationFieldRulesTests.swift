import Foundation
import MapGeometry
import SessionTransport
import Testing

@testable import LiveWorld
@testable import MapHTTPAPI

/// Ids, field lengths and timestamps the live API refuses, and the path ids
/// it reads exactly as the transport hands them over (decoded once).
@Suite struct AnnotationFieldRulesTests {
    let store = freshStore()
    var api: AnnotationsAPI { AnnotationsAPI(store: store) }

    func call(_ method: String, _ path: String, _ body: String = "") -> (status: Int, error: String) {
        let r = api.respond(
            to: RouteRequest(method: method, path: path, body: Array(body.utf8), contentType: "application/json"))
        let json = (try? JSONSerialization.jsonObject(with: Data(r.body))) as? [String: Any] ?? [:]
        return (r.status, json["error"] as? String ?? "")
    }

    func addBody(id: String, title: String = "T", extra: String = "") -> String {
        "{\"id\":\(quoted(id)),\"title\":\(quoted(title)),\"latitude\":1,\"longitude\":2\(extra)}"
    }

    /// `pct%41` and `pctA` are two ids; the path `pct%41` (what lws hands
    /// over for `pct%2541`) addresses the first, never the second.
    @Test func pathIdsAreNotDecodedAgain() {
        #expect(call("POST", "/api/annotations", addBody(id: "pct%41")).status == 201)
        #expect(call("POST", "/api/annotations", addBody(id: "pctA")).status == 201)
        #expect(call("DELETE", "/api/annotations/pct%41").status == 200)
        #expect(store.record(id: "pctA") != nil)
        #expect(store.record(id: "pct%41") == nil)
    }

    @Test(arguments: [
        (String(repeating: "x", count: 257), "at most 256 bytes"),
        (String(repeating: "é", count: 129), "at most 256 bytes"),
        ("a/b", "must not contain '/'"),
        ("nul\u{0}x", "control characters"),
        ("tab\tx", "control characters"),
        ("del\u{7F}", "control characters"),
    ])
    func badIdsAreRefusedOnAdd(id: String, rule: String) {
        let r = call("POST", "/api/annotations", addBody(id: id))
        #expect(r.status == 400)
        #expect(r.error.contains(rule), "\(r.error)")
        #expect(store.record(id: id) == nil)
    }

    @Test func idsUpToTheLimitAreAccepted() {
        let id = String(repeating: "é", count: 128) // 256 bytes
        #expect(call("POST", "/api/annotations", addBody(id: id)).status == 201)
        #expect(call("GET", "/api/annotations/\(id)").status == 200)
    }

    @Test func badIdsInPathsAndMovesAre400() {
        let long = String(repeating: "x", count: 300)
        #expect(call("GET", "/api/annotations/\(long)").status == 400)
        #expect(call("DELETE", "/api/annotations/bad\u{1}id").status == 400)
        let move = call("POST", "/api/moves", "[{\"id\":\"\(long)\",\"latitude\":1,\"longitude\":1}]")
        #expect(move.status == 400)
        #expect(move.error.contains("moves[0]") && move.error.contains("256"), "\(move.error)")
    }

    @Test(arguments: [
        ("title", String(repeating: "t", count: 1025), "\"title\" is 1025 bytes; at most 1024"),
        ("subtitle", String(repeating: "s", count: 1025), "\"subtitle\" is 1025 bytes; at most 1024"),
        ("kind", String(repeating: "k", count: 65), "\"kind\" is 65 bytes; at most 64"),
        ("clusteringIdentifier", String(repeating: "c", count: 257), "\"clusteringIdentifier\" is 257 bytes"),
        ("kind", "bus\nline", "\"kind\" must not contain control characters"),
    ])
    func fieldsBeyondTheirLimitsAre400(field: String, value: String, message: String) {
        var body: String
        if field == "title" {
            body = addBody(id: "f", title: value)
        } else {
            body = addBody(id: "f", extra: ",\"\(field)\":\(quoted(value))")
        }
        let r = call("POST", "/api/annotations", body)
        #expect(r.status == 400)
        #expect(r.error.contains(message), "\(r.error)")
        body = addBody(
            id: "f", title: String(repeating: "t", count: 1024),
            extra: ",\"subtitle\":\(quoted(String(repeating: "s", count: 1024)))")
        #expect(call("POST", "/api/annotations", body).status == 201)
    }

    /// `1e308` would make every later timestamped move of the pin stale.
    @Test func farFutureTimestampsAreRefusedAndCannotFreezeAPin() throws {
        #expect(call("POST", "/api/annotations", addBody(id: "bus")).status == 201)
        for body in [
            #"[{"id":"bus","latitude":3,"longitude":3,"timestamp":1e308}]"#,
            #"{"moves":[{"id":"bus","latitude":3,"longitude":3,"timestamp":1e308}]}"#,
        ] {
            let r = call("POST", "/api/moves", body)
            #expect(r.status == 400)
            #expect(r.error.contains("moves[0]: \"timestamp\""), "\(r.error)")
        }
        let position = call("POST", "/api/annotations/bus/position", #"{"latitude":3,"longitude":3,"timestamp":1e300}"#)
        #expect(position.status == 400)
        let twoDays = Date().timeIntervalSince1970 + 2 * 86_400
        #expect(
            call("POST", "/api/moves", "[{\"id\":\"bus\",\"latitude\":3,\"longitude\":3,\"timestamp\":\(twoDays)}]")
                .status == 400)
        // A producer counting seconds, from zero or from the epoch, still moves it.
        #expect(call("POST", "/api/moves", #"[{"id":"bus","latitude":4,"longitude":4,"timestamp":5}]"#).status == 200)
        let now = Date().timeIntervalSince1970
        #expect(
            call("POST", "/api/moves", "[{\"id\":\"bus\",\"latitude\":5,\"longitude\":5,\"timestamp\":\(now)}]")
                .status == 200)
        #expect(store.record(id: "bus")?.annotation.coordinate == Coordinate(latitude: 5, longitude: 5))
    }

    @Test func timestampRuleIsFiniteAndAtMostADayAhead() {
        let now = 1_800_000_000.0
        #expect(throws: Never.self) { try AnnotationFieldRules.checkTimestamp(now + 86_400, "m", now: now) }
        #expect(throws: Never.self) { try AnnotationFieldRules.checkTimestamp(-5, "m", now: now) }
        #expect(throws: APIError.self) { try AnnotationFieldRules.checkTimestamp(now + 86_401, "m", now: now) }
        #expect(throws: APIError.self) { try AnnotationFieldRules.checkTimestamp(.infinity, "m", now: now) }
    }
}

/// `string` as a JSON string literal.
private func quoted(_ string: String) -> String {
    String(decoding: (try? JSONEncoder().encode(string)) ?? Data(), as: UTF8.self)
}
