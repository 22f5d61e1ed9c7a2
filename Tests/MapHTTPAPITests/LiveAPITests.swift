import Foundation
import MapGeometry
import SessionTransport
import Testing

@testable import LiveWorld
@testable import MapHTTPAPI

@Suite struct LiveAPITests {
    let store = freshStore()
    var api: AnnotationsAPI { AnnotationsAPI(store: store) }

    func call(_ method: String, _ path: String, _ body: String = "") -> (status: Int, json: [String: Any]) {
        let r = api.respond(
            to: RouteRequest(method: method, path: path, body: Array(body.utf8), contentType: "application/json"))
        let json = (try? JSONSerialization.jsonObject(with: Data(r.body))) as? [String: Any] ?? [:]
        return (r.status, json)
    }

    func add(_ id: String, lat: Double = 10, lon: Double = 20) {
        let r = call(
            "POST", "/api/annotations", #"{"id":"\#(id)","title":"T \#(id)","latitude":\#(lat),"longitude":\#(lon)}"#)
        #expect(r.status == 201)
    }

    @Test func addMoveListAndDelete() throws {
        let added = call(
            "POST", "/api/annotations",
            #"{"id":"van","title":"Van","subtitle":"Deliveries","latitude":1.5,"longitude":2.5,"kind":"vehicle","draggable":true,"clusteringIdentifier":"fleet"}"#
        )
        #expect(added.status == 201)
        let object = try #require(added.json["added"] as? [String: Any])
        #expect(object["kind"] as? String == "vehicle")
        #expect(object["draggable"] as? Bool == true)
        #expect(object["clusteringIdentifier"] as? String == "fleet")

        let moved = call("POST", "/api/annotations/van/position", #"{"latitude":3,"longitude":4}"#)
        #expect(moved.status == 200)
        #expect(moved.json["applied"] as? Int == 1)

        let list = call("GET", "/api/annotations")
        let items = try #require(list.json["annotations"] as? [[String: Any]])
        let van = try #require(items.first { $0["id"] as? String == "van" })
        #expect(van["latitude"] as? Double == 3 && van["longitude"] as? Double == 4)
        #expect(van["subtitle"] as? String == "Deliveries")
        // The sample people are still listed, in the same shape.
        #expect(items.contains { $0["id"] as? String == "amelie-fournier" && $0["kind"] as? String == "person" })

        let removed = call("DELETE", "/api/annotations/van")
        #expect(removed.status == 200)
        #expect((removed.json["removed"] as? [String: Any])?["id"] as? String == "van")
        #expect(call("GET", "/api/annotations/van").status == 404)
    }

    @Test func batchAcceptsAnObjectOrABareArrayAndSaysWhatItApplied() {
        add("a")
        add("b")
        let r = call(
            "POST", "/api/moves",
            #"{"moves":[{"id":"a","latitude":1,"longitude":1},{"id":"b","latitude":2,"longitude":2}]}"#)
        #expect(r.status == 200)
        #expect(r.json["applied"] as? Int == 2)
        let bare = call("POST", "/api/moves", #"[{"id":"a","latitude":5,"longitude":5,"timestamp":7}]"#)
        #expect(bare.json["applied"] as? Int == 1)
        // An older timestamp than the last applied is skipped, and said so.
        let stale = call("POST", "/api/moves", #"[{"id":"a","latitude":6,"longitude":6,"timestamp":6}]"#)
        #expect(stale.json["applied"] as? Int == 0)
        #expect(stale.json["stale"] as? [String] == ["a"])
        #expect(store.record(id: "a")?.annotation.coordinate == Coordinate(latitude: 5, longitude: 5))
    }

    @Test(arguments: [
        ("POST", "/api/moves", "{not json", 400, "invalid JSON"),
        ("POST", "/api/moves", "", 400, "empty body"),
        ("POST", "/api/moves", #"{"moves":[{"id":"a","latitude":1}]}"#, 400, "missing \"longitude\""),
        ("POST", "/api/moves", #"{"moves":[{"id":"a","latitude":91,"longitude":0}]}"#, 400, "latitude 91.0 is outside"),
        (
            "POST", "/api/moves", #"{"moves":[{"id":"a","latitude":0,"longitude":-181}]}"#, 400,
            "longitude -181.0 is outside"
        ),
        ("POST", "/api/moves", #"{"moves":[{"id":"a","latitude":1e999,"longitude":0}]}"#, 400, ""),
        ("POST", "/api/moves", #"{"moves":[{"id":"a","latitude":"1","longitude":0}]}"#, 400, "must be a number"),
        ("POST", "/api/moves", #"{"moves":[{"id":"a","latitude":true,"longitude":0}]}"#, 400, "must be a number"),
        (
            "POST", "/api/moves", #"{"moves":[{"id":"ghost","latitude":1,"longitude":1}]}"#, 404,
            "no annotation with id ghost"
        ),
        ("POST", "/api/annotations/ghost/position", #"{"latitude":1,"longitude":1}"#, 404, "ghost"),
        ("POST", "/api/annotations/golden-gate-bridge/position", #"{"latitude":1,"longitude":1}"#, 409, "fixed"),
        ("POST", "/api/annotations", #"{"id":"a","title":"Again","latitude":1,"longitude":1}"#, 409, "exists"),
        ("POST", "/api/annotations", #"{"id":"c","latitude":1,"longitude":1}"#, 400, "missing \"title\""),
        // JSON's true and false only: Foundation would also read 0 and 1 (and 1.0) as Bool.
        (
            "POST", "/api/annotations", #"{"id":"c","title":"C","latitude":1,"longitude":1,"draggable":1}"#, 400,
            "\"draggable\" must be true or false"
        ),
        (
            "POST", "/api/annotations", #"{"id":"c","title":"C","latitude":1,"longitude":1,"draggable":0.0}"#, 400,
            "\"draggable\" must be true or false"
        ),
        (
            "POST", "/api/moves", #"{"moves":[{"id":"a","latitude":1,"longitude":1}],"echo":0}"#, 400,
            "\"echo\" must be true or false"
        ),
        (
            "POST", "/api/moves", #"{"moves":[{"id":"a","latitude":1,"longitude":1}],"echo":1}"#, 400,
            "\"echo\" must be true or false"
        ),
        ("DELETE", "/api/annotations/ghost", "", 404, "ghost"),
        ("GET", "/api/moves", "", 405, "POST"),
        ("PUT", "/api/annotations/a/position", "", 405, "POST"),
        ("PUT", "/api/annotations/a", "", 405, "PATCH"),
    ])
    func validation(method: String, path: String, body: String, status: Int, message: String) throws {
        add("a")
        let before = store.version
        let r = call(method, path, body)
        #expect(r.status == status)
        #expect(r.json["status"] as? Int == status)
        let error = try #require(r.json["error"] as? String)
        #expect(message.isEmpty || error.contains(message), "\(error)")
        #expect(store.version == before)
    }

    @Test func feedBodiesDecodeWithIntegersNullsExtraFieldsAndWhitespace() throws {
        let bare = try LiveRequests.moveBatch(
            Array(#" [ {"id":"a","latitude":1,"longitude":-2,"timestamp":null,"speed":{"kmh":3}} ] "#.utf8)
        ).moves
        #expect(bare == [Move(id: "a", coordinate: Coordinate(latitude: 1, longitude: -2))])
        let wrapped = try LiveRequests.moveBatch(
            Array(
                (#"{"source":"gps","moves":[{"id":"b","latitude":-1.25,"longitude":179.5,"#
                    + #""timestamp":3.5}]}"#).utf8)
        ).moves
        #expect(wrapped == [Move(id: "b", coordinate: Coordinate(latitude: -1.25, longitude: 179.5), timestamp: 3.5)])
        // What the decoder reads still goes through the same checks, by index.
        #expect(throws: APIError.badRequest("moves[1]: latitude 91.0 is outside -90...90")) {
            try LiveRequests.moveBatch(
                Array(
                    (#"[{"id":"a","latitude":1,"longitude":1},"#
                        + #"{"id":"b","latitude":91,"longitude":1}]"#).utf8))
        }
        #expect(throws: APIError.badRequest("moves[0]: \"id\" must be a non-empty string")) {
            try LiveRequests.moveBatch(Array(#"{"moves":[{"id":"","latitude":1,"longitude":1}]}"#.utf8))
        }
        #expect(throws: APIError.self) {
            try LiveRequests.moveBatch(Array(#"[{"id":"a","latitude":1e999,"longitude":1}]"#.utf8))
        }
    }

    /// `"echo":false` asks for an answer without the moves, read alike by
    /// the fast scanner and the slow way (a body the scanner does not take).
    @Test func aBatchMayAskForAnAnswerWithoutItsMoves() throws {
        add("a", lat: 10, lon: 20)
        let quiet = call("POST", "/api/moves", #"{"echo":false,"moves":[{"id":"a","latitude":1,"longitude":2}]}"#)
        #expect(quiet.status == 200 && quiet.json["applied"] as? Int == 1 && quiet.json["moves"] == nil)
        #expect(quiet.json["stale"] as? [String] == [] && quiet.json["version"] != nil)
        let loud = call("POST", "/api/moves", #"{"moves":[{"id":"a","latitude":3,"longitude":4}],"echo":true}"#)
        #expect((loud.json["moves"] as? [[String: Any]])?.first?["latitude"] as? Double == 3)
        for body in [
            #"{"moves":[{"id":"a","latitude":1,"longitude":2}],"echo":false}"#,
            // An id that is not ASCII.
            #"{"moves":[{"id":"café","latitude":1,"longitude":2}],"echo":false}"#,
        ] {
            let batch = try LiveRequests.moveBatch(Array(body.utf8))
            #expect(!batch.echoesMoves && batch.moves.count == 1, "\(body)")
        }
        #expect(try LiveRequests.moveBatch(Array(#"[{"id":"a","latitude":1,"longitude":2}]"#.utf8)).echoesMoves)
        let before = store.version
        let wrong = call("POST", "/api/moves", #"{"moves":[{"id":"a","latitude":5,"longitude":6}],"echo":"no"}"#)
        #expect(wrong.status == 400 && wrong.json["error"] as? String == "\"echo\" must be true or false")
        #expect(store.version == before, "a refused batch applies nothing")
    }

    /// The feed answers as the API does: a batch that says `"echo":false` is
    /// answered with its count, the next one in full.
    @Test func aFeedsBatchMayAskForAnAnswerWithoutItsMoves() throws {
        add("a", lat: 10, lon: 20)
        let output = RecordingOutput()
        let feed = FeedConnection(store: store, output: output)
        feed.receive(Array(#"{"moves":[{"id":"a","latitude":1,"longitude":2}],"echo":false}"#.utf8))
        feed.receive(Array(#"{"moves":[{"id":"a","latitude":3,"longitude":4}]}"#.utf8))
        let deadline = Date().addingTimeInterval(30)
        while output.sent.withLock({ $0.count }) < 2 && Date() < deadline { usleep(1_000) }
        let answers = output.sent.withLock { $0 }.map { String(decoding: $0, as: UTF8.self) }
        #expect(answers.count == 2)
        #expect(answers.first?.hasPrefix(#"{"applied":1,"stale":[]"#) == true, "\(answers)")
        #expect(answers.last?.hasPrefix(#"{"applied":1,"moves":[{"id":"a","latitude":3"#) == true, "\(answers)")
    }

    /// The transport lets a write's body through as JSON, GeoJSON or NDJSON;
    /// a route that reads JSON refuses the others instead of reading them as
    /// JSON, and only `POST /api/annotations` imports GeoJSON and NDJSON.
    @Test(arguments: ["application/geo+json", "application/x-ndjson; charset=utf-8", "text/plain"])
    func routesThatReadJSONRefuseOtherBodyTypes(type: String) {
        add("a", lat: 10, lon: 20)
        let before = store.version
        var writes = [
            ("PATCH", "/api/annotations/a", #"{"title":"B"}"#),
            ("POST", "/api/annotations/a/position", #"{"latitude":1,"longitude":2}"#),
            ("POST", "/api/moves", #"{"moves":[{"id":"a","latitude":1,"longitude":2}]}"#),
        ]
        if type == "text/plain" {
            writes.append(("POST", "/api/annotations", #"{"id":"b","title":"B","latitude":1,"longitude":2}"#))
        }
        for (method, path, body) in writes {
            let r = api.respond(to: RouteRequest(method: method, path: path, body: Array(body.utf8), contentType: type))
            let json = (try? JSONSerialization.jsonObject(with: Data(r.body))) as? [String: Any] ?? [:]
            #expect(r.status == 415 && json["status"] as? Int == 415, "\(method) \(path)")
            #expect((json["error"] as? String)?.contains("application/json") == true, "\(json)")
        }
        #expect(store.version == before, "nothing was applied")
    }

    @Test func routesThatReadJSONTakeItWithParameters() {
        add("a", lat: 10, lon: 20)
        let r = api.respond(
            to: RouteRequest(
                method: "PATCH", path: "/api/annotations/a",
                body: Array(#"{"title":"B"}"#.utf8),
                contentType: "Application/JSON; charset=utf-8"))
        #expect(r.status == 200)
        #expect(store.record(id: "a")?.look.title == "B")
    }

    @Test func aRejectedBatchAppliesNothing() {
        add("a", lat: 10, lon: 20)
        let r = call(
            "POST", "/api/moves",
            #"{"moves":[{"id":"a","latitude":1,"longitude":1},{"id":"a","latitude":100,"longitude":1}]}"#)
        #expect(r.status == 400)
        #expect((r.json["error"] as? String)?.contains("moves[1]") == true)
        #expect(store.record(id: "a")?.annotation.coordinate == Coordinate(latitude: 10, longitude: 20))
    }
}
