import Foundation
import Testing

@testable import JSONScanning

/// The NDJSON scanner reads what Foundation's decoder reads, and refuses
/// what it refuses.
@Suite struct GeoJSONLineScannerTests {
    func scan(_ line: String) -> Result<GeoJSONFeature, GeoJSONLineScanner.Failure> {
        var bytes = Array(line.utf8)
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { all in
            Result { () throws(GeoJSONLineScanner.Failure) in
                try GeoJSONLineScanner.feature(UnsafeBufferPointer(rebasing: all[0..<(all.count - 1)]))
            }
        }
    }

    func decode(_ line: String) -> GeoJSONFeature? {
        try? JSONDecoder().decode(GeoJSONFeature.self, from: Data(line.utf8))
    }

    static func same(_ a: GeoJSONFeature, _ b: GeoJSONFeature) -> Bool {
        a.id == b.id && a.longitude == b.longitude && a.latitude == b.latitude && a.title == b.title
            && a.subtitle == b.subtitle && a.kind == b.kind && a.clusteringIdentifier == b.clusteringIdentifier
            && a.draggable == b.draggable && a.markerColor == b.markerColor && a.markerSymbol == b.markerSymbol
    }

    static let readable = [
        #"{"type":"Feature","id":"a","geometry":{"type":"Point","coordinates":[2.35,48.85]},"properties":{"title":"Paris"}}"#,
        #" { "properties" : { "name" : "N", "title": "T", "extra": {"deep": [1, {"x": null}], "s": "\"q\""} } , "geometry": {"coordinates": [-1e-3, 4E1, 120], "type": "Point"}, "id": 12, "type": "Feature", "bbox": [0,0,1,1] } "#,
        ##"{"type":"Feature","id":-7.5,"geometry":{"type":"Point","coordinates":[0,-0.0]},"properties":{"subtitle":"caf\u00e9 \ud83d\ude00 \n\t\/","marker-color":"#abc","marker-symbol":"\u2605","draggable":true,"kind":null,"clusteringIdentifier":"c"}}"##,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"id":"from-props","draggable":false}}"#,
        #"{"type":"Feature","id":"u","geometry":{"type":"Point","coordinates":[1,2]},"properties":null}"#,
        "{\"type\":\"Feature\",\"id\":\"é日本\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[1,2]}}",
    ]

    @Test(arguments: readable)
    func readsWhatTheDecoderReads(_ line: String) throws {
        let expected = try #require(decode(line))
        let got = try scan(line).get()
        #expect(Self.same(got, expected), "\(got) vs \(expected)")
    }

    @Test(arguments: [
        #"{'type':'Feature'}"#, #"{"type":"Feature","id":01}"#,
        #"{"type":"Feature","id":1.}"#, #"{"type":"Feature","id":"a"#, "{\"type\":\"Feature\",\"id\":\"a\u{1}\"}",
        #"{"type":"Feature"} x"#, #"{"type":"Feature","id":tru}"#, #"{"type":"Feature","id":"\x"}"#,
        #"{"type":"Feature","geometry":{"coordinates":[1,,2]}}"#, #"{"type" "Feature"}"#, "",
    ])
    func refusesWhatIsNotJSON(_ line: String) {
        #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) == nil)
        guard case .failure(.invalidJSON) = scan(line) else {
            Issue.record("\(line) was not refused as invalid JSON")
            return
        }
    }

    @Test func namesTheProblemAsTheDecoderDoes() {
        let cases = [
            (
                #"{"type":"Feature","id":"l","geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}"#,
                "LineString"
            ),
            (
                #"{"type":"Feature","id":"t","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"title":5}}"#,
                "\"properties.title\" must be a string"
            ),
            (#"{"type":"Feature","id":"g","geometry":null}"#, "\"geometry\" must be a Point object"),
            (#"{"type":"Feature","id":"c","geometry":{"type":"Point","coordinates":[1]}}"#, "[longitude, latitude]"),
            (#"{"type":"Feature","id":true,"geometry":{"type":"Point","coordinates":[1,2]}}"#, "string or a number"),
            (#"{"type":"Point","coordinates":[1,2]}"#, "must be a \"Feature\""),
            (#"[1,2]"#, "must be a JSON object"),
            (
                #"{"type":"Feature","id":"d","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"draggable":"yes"}}"#,
                "draggable"
            ),
        ]
        for (line, part) in cases {
            guard case .failure(.problem(let p)) = scan(line) else {
                Issue.record("\(line) was not refused as a problem")
                continue
            }
            #expect(p.message.contains(part), "\(p.message)")
        }
    }

    func scanCollection(_ document: String) -> [GeoJSONFeature]? {
        var bytes = Array(document.utf8)
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { all in
            GeoJSONLineScanner.collection(UnsafeBufferPointer(rebasing: all[0..<(all.count - 1)]))
        }
    }

    @Test func readsAWellFormedCollectionAsTheDecoderDoes() throws {
        let features = Self.readable.joined(separator: " , ")
        let document = #" {"features": [ "# + features + #" ], "bbox": [0, 0, 1, 1], "type": "FeatureCollection"} "#
        let scanned = try #require(scanCollection(document))
        let decoded = try JSONDecoder().decode(GeoJSONDocument.self, from: Data(document.utf8)).features
        #expect(scanned.count == Self.readable.count && decoded.count == scanned.count)
        for (a, b) in zip(scanned, decoded) { #expect(Self.same(a, b), "\(a) vs \(b)") }
        #expect(scanCollection(#"{"type":"FeatureCollection","features":[]}"#)?.isEmpty == true)
    }

    @Test func leavesAnythingElseToTheDecoder() {
        let point = #"{"type":"Feature","id":"a","geometry":{"type":"Point","coordinates":[1,2]}}"#
        for document in [
            point,
            #"{"type":"FeatureCollection","features":["# + point
                + #",{"type":"Feature","id":"l","geometry":{"type":"LineString","coordinates":[]}}]}"#,
            #"{"type":"FeatureCollection","features":["# + point + #"]} x"#,
            #"{"type":"FeatureCollection","features":["# + point + #",]}"#,
            #"{"type":"FeatureCollection"}"#, #"{"type":"Polygon","features":[]}"#,
        ] {
            #expect(scanCollection(document) == nil, "\(document)")
        }
    }

    @Test func aLineNestedDeeperThanJSONSerializationAllowsIsInvalidNotFollowed() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let line =
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"x":"#
            + deep + "}}"
        guard case .failure(.invalidJSON(let what)) = scan(line) else {
            Issue.record("a line nested 100,000 deep was not refused as invalid JSON")
            return
        }
        #expect(what.contains("nested more than 512 deep"), "\(what)")
    }
}
