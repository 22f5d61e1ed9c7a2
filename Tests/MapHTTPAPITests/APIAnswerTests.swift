import Foundation
import MapGeometry
import SampleApps
import SessionTransport
import Testing

@testable import LiveWorld
@testable import MapHTTPAPI

/// Every answer of the API is JSON of the shape docs/http-api.md documents.
@Suite struct APIAnswerTests {
    let store = freshStore()
    var api: AnnotationsAPI { AnnotationsAPI(store: store) }

    func call(_ method: String, _ path: String, _ body: String = "") throws -> (status: Int, json: [String: Any]) {
        let r = api.respond(
            to: RouteRequest(method: method, path: path, body: Array(body.utf8), contentType: "application/json"))
        #expect(r.contentType == "application/json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])
        return (r.status, json)
    }

    static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func anAnnotationHasEveryFieldAndNullForAMissingTitleOrSubtitle() throws {
        let paris = Coordinate(latitude: 48.85, longitude: 2.35)
        try store.add(LiveAnnotation(id: "bare", title: nil, coordinate: paris))
        let bare = try call("GET", "/api/annotations/bare")
        #expect(bare.status == 200)
        #expect(Set(bare.json.keys) == ["id", "kind", "title", "subtitle", "latitude", "longitude", "draggable"])
        #expect(bare.json["title"] is NSNull && bare.json["subtitle"] is NSNull)
        #expect(bare.json["kind"] as? String == "point")
        #expect(bare.json["latitude"] as? Double == 48.85 && bare.json["longitude"] as? Double == 2.35)
        #expect(bare.json["draggable"] as? Bool == false)

        let added = try call(
            "POST", "/api/annotations",
            #"{"id":"van","title":"Van \"7\" / é","subtitle":"x","#
                + #""latitude":10,"longitude":-0.5,"draggable":true,"clusteringIdentifier":"fleet"}"#)
        #expect(added.status == 201)
        let van = try #require(added.json["added"] as? [String: Any])
        #expect(Set(added.json.keys) == ["added"])
        #expect(van["title"] as? String == "Van \"7\" / é")
        #expect(van["clusteringIdentifier"] as? String == "fleet")
        #expect(van["latitude"] as? Double == 10 && van["draggable"] as? Bool == true)

        let removed = try call("DELETE", "/api/annotations/van")
        #expect(Set(removed.json.keys) == ["removed"])
        #expect((removed.json["removed"] as? [String: Any])?["subtitle"] as? String == "x")
    }

    @Test func theListHoldsEveryAnnotationInTheOrderAdded() throws {
        let list = try call("GET", "/api/annotations")
        #expect(Set(list.json.keys) == ["annotations"])
        let items = try #require(list.json["annotations"] as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == store.records.map(\.id))
    }

    @Test func aMoveAnswerSaysWhatWasAppliedWhatWasStaleAndTheVersion() throws {
        try store.add(LiveAnnotation(id: "bus", title: "Bus", coordinate: Coordinate(latitude: 0, longitude: 0)))
        _ = try call("POST", "/api/moves", #"[{"id":"bus","latitude":1,"longitude":1,"timestamp":5}]"#)
        let r = try call(
            "POST", "/api/moves",
            #"[{"id":"bus","latitude":48.85,"longitude":2.35,"timestamp":6},"#
                + #"{"id":"bus","latitude":3,"longitude":3,"timestamp":4}]"#)
        #expect(r.status == 200)
        #expect(Set(r.json.keys) == ["applied", "moves", "stale", "version"])
        #expect(r.json["applied"] as? Int == 1)
        let moves = try #require(r.json["moves"] as? [[String: Any]])
        #expect(moves.count == 1 && Set(moves[0].keys) == ["id", "latitude", "longitude"])
        #expect(moves[0]["latitude"] as? Double == 48.85 && moves[0]["longitude"] as? Double == 2.35)
        #expect(r.json["stale"] as? [String] == ["bus"])
        #expect((r.json["version"] as? NSNumber)?.uint64Value == store.version)
    }

    @Test func numbersRoundTripAndTheFeedAnswerStartsWithApplied() throws {
        let result = MoveResult(
            applied: [
                Move(id: "a", coordinate: Coordinate(latitude: 48.85, longitude: 10)),
                Move(
                    id: "b",
                    coordinate: Coordinate(
                        latitude: 0.3000000000000001,
                        longitude: -1e-7)),
            ],
            stale: [], version: 12)
        let text = String(decoding: FeedConnection.json(MoveAnswer(result)), as: UTF8.self)
        // The load tool and simple producers read the count from the front of the answer.
        #expect(text.hasPrefix(#"{"applied":2,"moves":[{"id":"a","latitude":48.85,"longitude":10}"#), "\(text)")
        // Decoded as Swift does: JSONSerialization reads numbers through Decimal, which rounds 17 digits.
        struct Answer: Decodable {
            struct Moved: Decodable { let id: String, latitude: Double, longitude: Double }
            let applied: Int, moves: [Moved], stale: [String], version: UInt64
        }
        let answer = try JSONDecoder().decode(Answer.self, from: Data(text.utf8))
        #expect(answer.moves.map(\.latitude) == [48.85, 0.3000000000000001] && answer.moves[1].longitude == -1e-7)
        #expect(answer.applied == 2 && answer.stale.isEmpty && answer.version == 12)
    }

    @Test func routesTheAPIDoesNotHaveAreJSONErrors() throws {
        let wrongMethod = try call("PUT", "/api/annotations")
        #expect(wrongMethod.status == 405 && wrongMethod.json["status"] as? Int == 405)
        let noRoute = try call("GET", "/api/nothing")
        #expect(noRoute.status == 404 && (noRoute.json["error"] as? String)?.contains("no route") == true)
    }
}
