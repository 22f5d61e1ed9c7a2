import Foundation
import SessionTransport
import Testing

@testable import LiveWorld
@testable import MapHTTPAPI

/// A string that is not valid UTF-8 is refused on every way in, with a 400
/// that names the field (and the feature), never repaired and stored.
@Suite struct InvalidUTF8Tests {
    let store = freshStore()
    var api: AnnotationsAPI { AnnotationsAPI(store: store) }

    /// Bytes that are not UTF-8 (a lone continuation byte, a byte no UTF-8
    /// has, a sequence cut short), and an escape of half a surrogate pair.
    static let badTitles: [[UInt8]] = [
        Array("Caf".utf8) + [0xE9], [0x80] + Array("x".utf8), Array("A".utf8) + [0xFF, 0xFE],
        Array("pin ".utf8) + [0xF0, 0x9F, 0x98], Array(#"\ud800"#.utf8), Array(#"x\udc00y"#.utf8),
        Array(#"\ud83d\u0041"#.utf8),
    ]

    static func feature(_ id: String, title: [UInt8]) -> [UInt8] {
        Array(#"{"type":"Feature","id":"\#(id)","geometry":{"type":"Point","coordinates":[2,1]},"#.utf8)
            + Array(#""properties":{"title":""#.utf8) + title + Array(#""}}"#.utf8)
    }

    static func good(_ id: String) -> [UInt8] { feature(id, title: Array("Fine é ✓".utf8)) }

    static func collection(_ features: [[UInt8]]) -> [UInt8] {
        Array(#"{"type":"FeatureCollection","features":["#.utf8) + Array(features.joined(separator: [0x2C]))
            + Array("]}".utf8)
    }

    func call(_ method: String, _ path: String, _ body: [UInt8], type: String = "application/json") -> (Int, String) {
        let r = api.respond(to: RouteRequest(method: method, path: path, body: body, contentType: type))
        let json = (try? JSONSerialization.jsonObject(with: Data(r.body))) as? [String: Any]
        return (r.status, json?["error"] as? String ?? "")
    }

    func streamed(_ body: [UInt8]) throws -> (Int, String) {
        let stream = try #require(
            api.bodyConsumer(
                for: RouteRequest(
                    method: "POST", path: "/api/annotations", contentType: "application/x-ndjson")))
        // Cut inside the bad title, so the reader joins a line split between two pieces.
        let cut = body.count - 8
        stream.consume(Array(body[..<cut]))
        stream.consume(Array(body[cut...]))
        let r = stream.finish()
        let json = (try? JSONSerialization.jsonObject(with: Data(r.body))) as? [String: Any]
        return (r.status, json?["error"] as? String ?? "")
    }

    @Test(arguments: badTitles)
    func aBadTitleIsRefusedTheSameWayOnEveryPath(title: [UInt8]) throws {
        let before = store.records.count
        let collection = Self.collection([Self.good("a"), Self.good("b"), Self.feature("c", title: title)])
        #expect(
            call("POST", "/api/annotations", collection, type: "application/geo+json")
                == (400, #"features[2]: "properties.title" is not valid UTF-8"#))
        #expect(
            call("POST", "/api/annotations", Self.feature("c", title: title), type: "application/geo+json")
                == (400, #""properties.title" is not valid UTF-8"#))
        let ndjson = Self.good("a") + [0x0A] + Self.good("b") + [0x0A] + Self.feature("c", title: title) + [0x0A]
        #expect(
            call("POST", "/api/annotations", ndjson, type: "application/x-ndjson")
                == (400, #"line 3: "properties.title" is not valid UTF-8"#))
        #expect(try streamed(ndjson) == (400, #"line 3: "properties.title" is not valid UTF-8"#))
        let plain = Array(#"{"id":"c","latitude":1,"longitude":2,"title":""#.utf8) + title + Array(#""}"#.utf8)
        #expect(call("POST", "/api/annotations", plain) == (400, #"annotation: "title" is not valid UTF-8"#))
        #expect(store.records.count == before, "a refused body adds nothing")
    }

    @Test func anEditAndAMoveAreRefusedNamingTheField() {
        #expect(
            call("POST", "/api/annotations", Array(#"{"id":"a","latitude":1,"longitude":2,"title":"A"}"#.utf8))
                .0 == 201)
        let edit = Array(#"{"subtitle":"ok","title":""#.utf8) + [0xC3] + Array(#""}"#.utf8)
        #expect(call("PATCH", "/api/annotations/a", edit) == (400, #"edit: "title" is not valid UTF-8"#))
        #expect(store.record(id: "a")?.annotation.title == "A")
        let moves =
            Array(#"{"moves":[{"id":"a","latitude":1,"longitude":2},{"id":"\udfff","latitude":1,"#.utf8)
            + Array(#""longitude":2}]}"#.utf8)
        #expect(call("POST", "/api/moves", moves) == (400, #""moves[1].id" is not valid UTF-8"#))
    }

    /// Not only the fields an import keeps: a body with such a string is not
    /// JSON, wherever it is, and the refusal says where.
    @Test func aBadStringAnywhereIsRefusedWhereverItIs() {
        let note =
            Array(#"{"type":"Feature","id":"n","geometry":{"type":"Point","coordinates":[2,1]},"#.utf8)
            + Array(#""properties":{"title":"T","tags":["a",""#.utf8) + [0xFF] + Array(#""]}}"#.utf8)
        #expect(
            call(
                "POST", "/api/annotations", Self.collection([Self.good("a"), note]),
                type: "application/geo+json") == (400, #"features[1]: "properties.tags[1]" is not valid UTF-8"#))
        #expect(
            call("POST", "/api/annotations", note, type: "application/geo+json")
                == (400, #""properties.tags[1]" is not valid UTF-8"#))
        #expect(
            call("POST", "/api/annotations", note, type: "application/x-ndjson")
                == (400, #"line 1: "properties.tags[1]" is not valid UTF-8"#))
        let key =
            Array(#"{"type":"Feature","id":"k","geometry":{"type":"Point","coordinates":[2,1]},"#.utf8)
            + Array(#""properties":{"title":"T",""#.utf8) + [0xFF] + Array(#"":1}}"#.utf8)
        #expect(
            call("POST", "/api/annotations", key, type: "application/x-ndjson")
                == (400, #"line 1: a key in "properties" is not valid UTF-8"#))
        #expect(store.record(id: "n") == nil && store.record(id: "k") == nil)
    }

    @Test func validTextOfEveryKindIsStillTakenAsSent() throws {
        let title = "Café 日本 😀 \u{7F}"
        let escaped = #"Caf\u00e9 \u65e5\u672c \ud83d\ude00 \u007f"#
        for (id, text) in [("raw", Array(title.utf8)), ("escaped", Array(escaped.utf8))] {
            #expect(
                call("POST", "/api/annotations", Self.feature(id, title: text), type: "application/geo+json")
                    .0 == 201)
            #expect(store.record(id: id)?.annotation.title == title)
        }
    }
}
