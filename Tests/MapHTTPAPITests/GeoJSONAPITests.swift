import Foundation
import MapGeometry
import SessionTransport
import Testing

@testable import LiveWorld
@testable import MapHTTPAPI

/// GeoJSON and NDJSON in, GeoJSON out, boxes, pages and edits, through the
/// API as a client calls it.
@Suite struct GeoJSONAPITests {
    let store = freshStore()
    var api: AnnotationsAPI { AnnotationsAPI(store: store) }

    func call(
        _ method: String, _ path: String, _ body: String = "", query: String = "",
        contentType: String? = "application/json", accept: String? = nil
    )
        -> (status: Int, json: [String: Any], type: String)
    {
        let r = api.respond(
            to: RouteRequest(
                method: method, path: path, query: query, body: Array(body.utf8),
                contentType: contentType, accept: accept))
        let json = (try? JSONSerialization.jsonObject(with: Data(r.body))) as? [String: Any] ?? [:]
        return (r.status, json, r.contentType)
    }

    func importGeoJSON(_ body: String) -> (status: Int, json: [String: Any], type: String) {
        call("POST", "/api/annotations", body, contentType: "application/geo+json")
    }

    static func feature(_ id: String, _ lon: Double, _ lat: Double, _ properties: String = #""title":"T""#) -> String {
        #"{"type":"Feature","id":"\#(id)","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"properties":{\#(properties)}}"#
    }

    static func collection(_ features: [String]) -> String {
        #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
    }

    func error(_ r: (status: Int, json: [String: Any], type: String)) -> String { r.json["error"] as? String ?? "" }

    @Test func aCollectionWithColoursAndSymbolsIsImported() throws {
        let body = Self.collection([
            Self.feature(
                "a", 2.35, 48.85,
                ##""title":"Paris","subtitle":"FR","marker-color":"#e63946","marker-symbol":"P","clusteringIdentifier":"c","draggable":true"##
            ),
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[13.4,52.5]},"properties":{"id":7,"name":"Berlin","kind":"city"}}"#,
            #"{"type":"Feature","id":8,"geometry":{"type":"Point","coordinates":[-0.1,51.5,30]},"properties":null}"#,
        ])
        let r = importGeoJSON(body)
        #expect(r.status == 201)
        #expect(r.json["imported"] as? Int == 3)
        #expect(r.json["ids"] as? [String] == ["a", "7", "8"])
        #expect((r.json["warnings"] as? [Any])?.isEmpty == true)
        let a = try #require(store.record(id: "a"))
        let look = try #require((a.annotation as? LiveAnnotation)?.appearance)
        #expect(look == LiveAnnotation.Look(title: "Paris", subtitle: "FR", markerColor: "#e63946", markerSymbol: "P"))
        #expect(a.draggable && a.clusteringIdentifier == "c")
        #expect(a.annotation.coordinate == Coordinate(latitude: 48.85, longitude: 2.35))
        #expect(store.record(id: "7")?.annotation.title == "Berlin")
        #expect(store.record(id: "7")?.kind == "city")
        #expect(store.record(id: "8")?.annotation.title == nil)
        // A single Feature is taken too.
        #expect(importGeoJSON(Self.feature("one", 1, 1)).status == 201)
    }

    @Test func everyProblemOfAnImportIsA4xxNamingTheFeatureAndNothingIsAdded() {
        let before = store.records.count
        let good = Self.feature("ok", 1, 1)
        let cases: [(String, Int, [String])] = [
            (
                Self.collection([
                    good,
                    #"{"type":"Feature","id":"l","geometry":{"type":"LineString","coordinates":[[0,0]]},"properties":{}}"#,
                ]),
                400, ["features[1]", "\"l\"", "LineString", "1 position"]
            ),
            (
                Self.collection([good, Self.feature("x", 1, 1), Self.feature("ok", 2, 2)]),
                400, ["features[2]", "\"ok\"", "features[0]", "unique"]
            ),
            (
                Self.collection([
                    good, #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,1]},"properties":{"id":""}}"#,
                ]),
                400, ["features[1]", "non-empty"]
            ),
            (Self.collection([good, Self.feature("far", 1, 95)]), 400, ["features[1]", "latitude 95"]),
            (
                Self.collection([good, Self.feature("t", 1, 1, #""title":5"#)]), 400,
                ["features[1]", "properties.title"]
            ),
            (
                Self.collection([good, #"{"type":"Feature","id":"g"}"#]), 400,
                ["features[1]", "\"geometry\" is missing"]
            ),
            (#"{"type":"Polygon","coordinates":[]}"#, 400, ["Polygon", "FeatureCollection"]),
            (#"{"type":"FeatureCollection","features":[{"#, 400, ["invalid JSON"]),
            (
                Self.collection([good, Self.feature("amelie-fournier", 1, 1)]), 409,
                ["features[1]", "amelie-fournier", "exists"]
            ),
        ]
        for (body, status, parts) in cases {
            let r = importGeoJSON(body)
            #expect(r.status == status, "\(body)")
            for part in parts { #expect(error(r).contains(part), "\(error(r)) should name \(part)") }
        }
        #expect(store.records.count == before)
        #expect(store.record(id: "ok") == nil)
    }

    @Test func ndjsonIsImportedAndItsErrorsNameTheLine() {
        let lines = (0..<50).map { Self.feature("n\($0)", Double($0), 1) }
        let r = call(
            "POST", "/api/annotations", lines.joined(separator: "\n") + "\n\n",
            contentType: "application/x-ndjson")
        #expect(r.status == 201 && r.json["imported"] as? Int == 50)
        #expect(store.record(id: "n49") != nil)

        let bad = [Self.feature("m1", 1, 1), "", Self.feature("m2", 1, 91)]
        let e = call("POST", "/api/annotations", bad.joined(separator: "\r\n"), contentType: "application/x-ndjson")
        #expect(e.status == 400 && error(e).hasPrefix("line 3 (id \"m2\"): "))
        let broken = call(
            "POST", "/api/annotations", Self.feature("m3", 1, 1) + "\n{not json\n",
            contentType: "application/x-ndjson")
        #expect(broken.status == 400 && error(broken).hasPrefix("line 2: invalid JSON"))
        #expect(store.record(id: "m1") == nil && store.record(id: "m3") == nil)
    }

    @Test func exportDeleteAllImportGivesTheSameWorld() throws {
        _ = importGeoJSON(
            Self.collection([
                Self.feature("a", 2.35, 48.85, ##""title":"Paris","marker-color":"#e63946","marker-symbol":"P""##),
                Self.feature(
                    "b", -70.5, -33.25,
                    #""title":"Santiago","subtitle":"CL","draggable":true,"clusteringIdentifier":"s""#),
            ]))
        let exported = call("GET", "/api/annotations.geojson")
        #expect(exported.status == 200 && exported.type == "application/geo+json")
        #expect(exported.json["type"] as? String == "FeatureCollection")
        let viaAccept = call("GET", "/api/annotations", accept: "application/json;q=0.5, application/geo+json")
        #expect(viaAccept.type == "application/geo+json")
        let before = call("GET", "/api/annotations").json["annotations"] as? [[String: Any]] ?? []
        let body = try JSONSerialization.data(withJSONObject: exported.json)
        for r in store.records where r.annotation is LiveAnnotation {
            #expect(call("DELETE", "/api/annotations/\(r.id)").status == 200)
        }
        // The app's own people and landmarks stay; import what only the API may add.
        let features = (exported.json["features"] as? [[String: Any]] ?? []).filter {
            store.record(id: "\($0["id"]!)") == nil
        }
        let again = try JSONSerialization.data(withJSONObject: ["type": "FeatureCollection", "features": features])
        #expect(!body.isEmpty)
        let r = importGeoJSON(String(decoding: again, as: UTF8.self))
        #expect(r.status == 201)
        let after = call("GET", "/api/annotations").json["annotations"] as? [[String: Any]] ?? []
        #expect(after.count == before.count)
        let describe = { (items: [[String: Any]]) in
            items.map { try! JSONSerialization.data(withJSONObject: $0, options: .sortedKeys) }.sorted {
                $0.lexicographicallyPrecedes($1)
            }
        }
        #expect(describe(after) == describe(before))
    }

    @Test func bboxAndPagesWorkInBothFormats() throws {
        _ = importGeoJSON(
            Self.collection(
                (0..<10).map { Self.feature("p\($0)", 170 + Double($0) / 2, -50) }
                    + [Self.feature("west", -175, -50), Self.feature("out", 0, -50)]))
        // Across the antimeridian: 175...180 and -180...-170.
        let box = call("GET", "/api/annotations", query: "bbox=175,-51,-170,-49")
        let ids = (box.json["annotations"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(ids == ["west"])
        let wide = call("GET", "/api/annotations", query: "bbox=172,-51,-170,-49")
        let wideIDs = (wide.json["annotations"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(wideIDs == ["p4", "p5", "p6", "p7", "p8", "p9", "west"])

        for geo in [false, true] {
            var seen: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                var query = "bbox=160,-51,-170,-49&limit=3"
                if let cursor { query += "&cursor=\(cursor)" }
                let r = call("GET", geo ? "/api/annotations.geojson" : "/api/annotations", query: query)
                #expect(r.status == 200)
                let items = (r.json[geo ? "features" : "annotations"] as? [[String: Any]]) ?? []
                #expect(items.count <= 3)
                seen += items.compactMap { $0["id"] as? String }
                cursor = r.json["next"] as? String
                pages += 1
            } while cursor != nil && pages < 10
            #expect(seen == (0..<10).map { "p\($0)" } + ["west"])
            #expect(pages == 4)
        }
    }

    @Test func badQueryValuesAre400NamingTheParameter() {
        for (query, name) in [
            ("bbox=1,2,3", "bbox"), ("bbox=a,b,c,d", "bbox"), ("bbox=0,10,1,5", "bbox"),
            ("bbox=0,-91,1,5", "bbox"), ("limit=0", "limit"), ("limit=x", "limit"),
            ("cursor=%%%", "cursor"), ("colour=red", "colour"),
        ] {
            for path in ["/api/annotations", "/api/annotations.geojson"] {
                let r = call("GET", path, query: query)
                #expect(r.status == 400 && error(r).contains(name), "\(query): \(error(r))")
            }
        }
    }

    @Test func patchChangesTitleAndStyleAndNullClears() throws {
        #expect(
            call(
                "POST", "/api/annotations",
                ##"{"id":"v","title":"Van","latitude":1,"longitude":2,"markerColor":"#abc"}"##
            ).status == 201)
        let r = call("PATCH", "/api/annotations/v", ##"{"title":"Lorry","marker-color":"#00ff00","markerSymbol":"L"}"##)
        #expect(r.status == 200)
        #expect(r.json["title"] as? String == "Lorry" && r.json["markerColor"] as? String == "#00ff00")
        #expect(r.json["markerSymbol"] as? String == "L")
        let cleared = call("PATCH", "/api/annotations/v", #"{"marker-color":null,"subtitle":"s"}"#)
        #expect(cleared.json["markerColor"] == nil && cleared.json["markerSymbol"] as? String == "L")
        #expect(cleared.json["subtitle"] as? String == "s" && cleared.json["title"] as? String == "Lorry")

        let refusals: [(String, String, Int, String)] = [
            ("v", ##"{"marker-color":"#12345"}"##, 400, "marker-color"),
            ("v", #"{"markerSymbol":"toolong"}"#, 400, "markerSymbol"),
            ("v", #"{"markerSymbol":""}"#, 400, "markerSymbol"),
            ("v", ##"{"marker-color":"#fff","markerColor":"#000"}"##, 400, "not both"),
            ("v", #"{"latitude":3}"#, 400, "latitude"),
            ("v", #"{}"#, 400, "changes nothing"),
            ("v", #"{"title":7}"#, 400, "title"),
            ("nobody", #"{"title":"x"}"#, 404, "nobody"),
            ("amelie-fournier", #"{"title":"x"}"#, 409, "belongs to an app"),
        ]
        for (id, body, status, part) in refusals {
            let e = call("PATCH", "/api/annotations/\(id)", body)
            #expect(e.status == status && error(e).contains(part), "\(body): \(error(e))")
        }
        #expect((store.record(id: "v")?.annotation as? LiveAnnotation)?.appearance.title == "Lorry")
    }

    @Test func aPageGoesOnWhereTheLastStoppedWhenPinsComeAndGoMeanwhile() throws {
        _ = importGeoJSON(Self.collection((0..<6).map { Self.feature("q\($0)", 100, Double($0)) }))
        let box = "bbox=99,-1,101,10&limit=2"
        let first = call("GET", "/api/annotations", query: box)
        #expect((first.json["annotations"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["q0", "q1"])
        let cursor = try #require(first.json["next"] as? String)
        // The last one listed and an earlier one go, one is added at the end.
        #expect(call("DELETE", "/api/annotations/q1").status == 200)
        #expect(call("DELETE", "/api/annotations/q0").status == 200)
        _ = importGeoJSON(Self.feature("q6", 100, 6))
        var seen: [String] = []
        var next: String? = cursor
        while let c = next {
            let r = call("GET", "/api/annotations", query: box + "&cursor=\(c)")
            seen += (r.json["annotations"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            next = r.json["next"] as? String
        }
        #expect(seen == ["q2", "q3", "q4", "q5", "q6"])
    }
}
