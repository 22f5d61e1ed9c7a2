import Foundation
import SessionTransport
import Testing

@testable import LiveWorld
@testable import MapHTTPAPI

/// An NDJSON import read in pieces as they arrive gives what the whole body
/// gives, wherever the pieces are cut.
@Suite struct NDJSONStreamTests {
    static func line(_ i: Int) -> String {
        #"{"type":"Feature","id":"s\#(i)","geometry":{"type":"Point","coordinates":[\#(i % 180),\#(i % 90)]},"#
            + #""properties":{"title":"Pin \#(i)","marker-symbol":"\#(i % 10)"}}"#
    }

    static let body = Array(((0..<300).map(line).joined(separator: "\r\n") + "\n\n" + line(300)).utf8)

    @Test(arguments: [1, 2, 7, 64, 4096, 1 << 20])
    func piecesOfAnySizeReadAsTheWholeBody(size: Int) throws {
        let api = AnnotationsAPI(store: freshStore())
        let stream = try #require(
            api.bodyConsumer(
                for: RouteRequest(
                    method: "POST", path: "/api/annotations", contentType: "application/x-ndjson; charset=utf-8")))
        var offset = 0
        while offset < Self.body.count {
            stream.consume(Array(Self.body[offset..<min(offset + size, Self.body.count)]))
            offset += size
        }
        let answer = stream.finish()
        #expect(answer.status == 201, "\(String(decoding: answer.body, as: UTF8.self))")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        #expect(json["imported"] as? Int == 301)
        #expect(json["ids"] as? [String] == (0...300).map { "s\($0)" })
        let last = try #require(api.store.record(id: "s300")?.annotation as? LiveAnnotation)
        #expect(last.appearance.title == "Pin 300" && last.appearance.markerSymbol == "0")
    }

    @Test func aBadLineInAPieceIsNamedAndNothingIsAdded() throws {
        let api = AnnotationsAPI(store: freshStore())
        let stream = try #require(
            api.bodyConsumer(
                for: RouteRequest(
                    method: "POST", path: "/api/annotations", contentType: "application/x-ndjson")))
        let bad = Array((Self.line(1) + "\n" + Self.line(2) + "\n{\"type\":\"Feature\",\"id\":\"x\",").utf8)
        stream.consume(Array(bad[0..<50]))
        stream.consume(Array(bad[50...]))
        stream.consume(Array(" oops}\n".utf8) + Array(Self.line(4).utf8))
        let answer = stream.finish()
        #expect(answer.status == 400)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("line 3: invalid JSON"))
        #expect(api.store.record(id: "s1") == nil)
    }

    @Test(arguments: [1, 5, 4096])
    func aGeoJSONTextSequenceIsStreamedToo(size: Int) throws {
        let api = AnnotationsAPI(store: freshStore())
        let stream = try #require(
            api.bodyConsumer(
                for: RouteRequest(method: "POST", path: "/api/annotations", contentType: "application/geo+json-seq")))
        let body = Array((0..<20).map { "\u{1E}" + Self.line($0) + "\n" }.joined().utf8)
        var offset = 0
        while offset < body.count {
            stream.consume(Array(body[offset..<min(offset + size, body.count)]))
            offset += size
        }
        let answer = stream.finish()
        #expect(answer.status == 201, "\(String(decoding: answer.body, as: UTF8.self))")
        #expect(api.store.record(id: "s19")?.annotation.title == "Pin 19")
    }

    @Test func onlyAnNDJSONImportIsStreamed() {
        let api = AnnotationsAPI(store: freshStore())
        #expect(
            api.bodyConsumer(
                for: RouteRequest(
                    method: "POST", path: "/api/annotations",
                    contentType: "application/geo+json")) == nil)
        #expect(
            api.bodyConsumer(
                for: RouteRequest(
                    method: "POST", path: "/api/moves",
                    contentType: "application/x-ndjson")) == nil)
        #expect(
            api.bodyConsumer(
                for: RouteRequest(
                    method: "PATCH", path: "/api/annotations",
                    contentType: "application/x-ndjson")) == nil)
    }
}
