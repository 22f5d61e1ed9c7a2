import DisplayList
import Foundation
import MapCore
import MapGeometry
import SessionTransport
import Testing

@testable import LiveWorld
@testable import MapHTTPAPI

/// GeoJSON as GDAL and fiona write it: features without ids, numeric ids,
/// a legacy `crs`, altitudes, text sequences, MultiPoints, null geometries
/// and style values that are not what simplestyle says; style problems are
/// warnings, never refusals.
@Suite struct GeoJSONLenientImportTests {
    let store = freshStore()
    var api: AnnotationsAPI { AnnotationsAPI(store: store) }

    typealias Answer = (status: Int, json: [String: Any])

    func post(_ body: String, _ type: String = "application/geo+json") -> Answer {
        let r = api.respond(
            to: RouteRequest(method: "POST", path: "/api/annotations", body: Array(body.utf8), contentType: type))
        return (r.status, (try? JSONSerialization.jsonObject(with: Data(r.body))) as? [String: Any] ?? [:])
    }

    func get(_ path: String) -> [String: Any] {
        let r = api.respond(to: RouteRequest(method: "GET", path: path))
        return (try? JSONSerialization.jsonObject(with: Data(r.body))) as? [String: Any] ?? [:]
    }

    func patch(_ id: String, _ body: String) -> Answer {
        let r = api.respond(
            to: RouteRequest(
                method: "PATCH", path: "/api/annotations/\(id)", body: Array(body.utf8),
                contentType: "application/json"))
        return (r.status, (try? JSONSerialization.jsonObject(with: Data(r.body))) as? [String: Any] ?? [:])
    }

    static func point(_ coordinates: String, id: String? = nil, _ properties: String = "") -> String {
        let member = id.map { #""id":\#($0),"# } ?? ""
        return #"{"type":"Feature",\#(member)"geometry":{"type":"Point","coordinates":[\#(coordinates)]},"#
            + #""properties":{\#(properties)}}"#
    }

    static func collection(_ features: [String], extra: String = "") -> String {
        #"{"type":"FeatureCollection",\#(extra)"features":[\#(features.joined(separator: ","))]}"#
    }

    func live(_ id: String) -> LiveAnnotation? { store.record(id: id)?.annotation as? LiveAnnotation }

    func exported(_ id: String) -> [String: Any]? {
        (get("/api/annotations.geojson")["features"] as? [[String: Any]])?.first { "\($0["id"]!)" == id }
    }

    func warnings(_ r: Answer) -> [[String: Any]] { r.json["warnings"] as? [[String: Any]] ?? [] }

    @Test func featuresWithoutIDsGetNewUniqueIDsInInputOrder() throws {
        let body = Self.collection([
            Self.point("1,1", #""name":"First""#), Self.point("2,2", id: #""given""#),
            Self.point("3,3", #""name":"Third""#),
        ])
        let r = post(body)
        #expect(r.status == 201)
        let ids = try #require(r.json["ids"] as? [String])
        #expect(ids.count == 3 && ids[1] == "given" && Set(ids).count == 3)
        #expect(live(ids[0])?.title == "First" && live(ids[2])?.title == "Third")
        #expect(exported(ids[0]) != nil && exported(ids[2]) != nil)
        // The same document again adds three more: new ids, no clash with the first three.
        let again = post(Self.collection([Self.point("1,1"), Self.point("3,3")]))
        let more = try #require(again.json["ids"] as? [String])
        #expect(again.status == 201 && Set(more).isDisjoint(with: ids))
    }

    @Test func aNewIDIsNeverOneTheWorldOrTheImportHas() {
        var drawn: [String] = []
        let id = GeoJSONImportPlan.newID(points: 2) { id in
            drawn.append(id)
            // The first id drawn, and its points, count as taken.
            return drawn.count <= 3 && (id == drawn[0] || id.hasPrefix(drawn[0]))
        }
        #expect(id != drawn[0] && !id.hasPrefix(drawn[0]))
    }

    @Test func aNumericIDComesBackAsANumberInTheExportAndAfterAnEdit() throws {
        let r = post(
            Self.collection([
                Self.point("1,1", id: "42"), Self.point("2,2", id: "-7.5"), Self.point("3,3", id: #""43""#),
            ]))
        #expect(r.json["ids"] as? [String] == ["42", "-7.5", "43"])
        let features = get("/api/annotations.geojson")["features"] as? [[String: Any]] ?? []
        let ids = features.map { $0["id"]! }
        #expect(ids.contains { ($0 as? NSNumber)?.intValue == 42 && !($0 is String) })
        #expect(ids.contains { ($0 as? NSNumber)?.doubleValue == -7.5 && !($0 is String) })
        #expect(ids.contains { $0 as? String == "43" })
        #expect(patch("42", #"{"title":"Forty-two"}"#).status == 200)
        let text = String(
            decoding: api.respond(to: RouteRequest(method: "GET", path: "/api/annotations.geojson")).body, as: UTF8.self
        )
        #expect(text.contains(#""id":42,"#) && text.contains(#""id":"43""#))
        // The JSON API keeps ids as strings.
        #expect(get("/api/annotations/42")["id"] as? String == "42")
    }

    @Test func aLegacyCRSNamingLongitudeAndLatitudeIsTakenAndAnyOtherRefused() {
        func crs(_ name: String) -> String { #""crs":{"type":"name","properties":{"name":"\#(name)"}},"# }
        for name in ["urn:ogc:def:crs:OGC:1.3:CRS84", "urn:ogc:def:crs:EPSG::4326", "EPSG:4326"] {
            #expect(post(Self.collection([Self.point("1,1")], extra: crs(name))).status == 201, "\(name)")
        }
        let r = post(Self.collection([Self.point("1,1", id: #""x""#)], extra: crs("urn:ogc:def:crs:EPSG::3857")))
        #expect(r.status == 400)
        let error = r.json["error"] as? String ?? ""
        #expect(error.contains("urn:ogc:def:crs:EPSG::3857") && error.contains("CRS84"), "\(error)")
        #expect(store.record(id: "x") == nil)
    }

    @Test func anAltitudeIsKeptAndExported() throws {
        #expect(post(Self.point("2.35,48.85,35.5", id: #""high""#)).status == 201)
        #expect(live("high")?.altitude == 35.5)
        let geometry = try #require(exported("high")?["geometry"] as? [String: Any])
        #expect(geometry["coordinates"] as? [Double] == [2.35, 48.85, 35.5])
        #expect(get("/api/annotations/high")["altitude"] as? Double == 35.5)
        #expect(post(Self.point("1,1", id: #""flat""#)).status == 201)
        #expect(get("/api/annotations/flat")["altitude"] == nil)
    }

    @Test func styleProblemsAreWarningsAndTheFeatureKeepsTheDefault() throws {
        let body = Self.collection([
            Self.point("1,1", id: #""ok""#, ##""marker-color":"ff0000","marker-symbol":"cafe","marker-size":"small""##),
            Self.point("2,2", id: #""red""#, #""marker-color":"red""#),
            Self.point("3,3", id: #""long""#, ##""marker-symbol":"ABCD","marker-color":"#0a0""##),
            Self.point("4,4", id: #""huge""#, ##""marker-size":"huge","marker-symbol":"""##),
            Self.point("5,5", #""marker-color":12,"description":"Plain text""#),
        ])
        let r = post(body)
        #expect(r.status == 201, "\(r.json)")
        #expect(r.json["imported"] as? Int == 5)
        let ok = try #require(live("ok")?.appearance)
        #expect(ok == LiveAnnotation.Look(title: nil, markerColor: "ff0000", markerSymbol: "cafe", markerSize: .small))
        #expect(live("red")?.appearance.markerColor == nil)
        // An icon name a marker does not draw is kept as given, with a warning.
        #expect(live("long")?.appearance.markerSymbol == "ABCD" && live("long")?.appearance.markerColor == "#0a0")
        #expect(live("huge")?.appearance.markerSize == nil && live("huge")?.appearance.markerSymbol == nil)
        let w = warnings(r)
        let found = w.map { "\($0["index"]!) \($0["property"]!)" }
        #expect(found == ["1 marker-color", "2 marker-symbol", "3 marker-symbol", "3 marker-size", "4 marker-color"])
        #expect(w[0]["id"] as? String == "red" && (w[0]["why"] as? String)?.contains("\"red\" is not a colour") == true)
        #expect((w[1]["why"] as? String)?.contains("unknown icon, the default glyph is drawn") == true)
        #expect(w.allSatisfy { $0["line"] == nil })
        let generated = try #require((r.json["ids"] as? [String])?.last)
        #expect(w[4]["id"] as? String == generated && live(generated)?.subtitle == "Plain text")
    }

    @Test func subtitleWinsOverDescriptionAndATooLongDescriptionIsLeftOut() throws {
        let long = String(repeating: "d", count: 2000)
        let r = post(
            Self.collection([
                Self.point("1,1", id: #""both""#, #""subtitle":"S","description":"D""#),
                Self.point("1,1", id: #""long""#, #""description":"\#(long)""#),
            ]))
        #expect(r.status == 201 && live("both")?.subtitle == "S" && live("long")?.subtitle == nil)
        #expect(warnings(r).map { $0["property"] as? String } == ["description"])
    }

    @Test func multiPointsAndCollectionsOfPointsBecomeAnAnnotationAPoint() throws {
        let multi =
            #"{"type":"Feature","id":"m","geometry":{"type":"MultiPoint","coordinates":[[1,1],[2,2,9]]},"#
            + ##""properties":{"name":"Stops","marker-color":"#00f"}}"##
        let collection =
            #"{"type":"Feature","geometry":{"type":"GeometryCollection","geometries":["#
            + #"{"type":"Point","coordinates":[3,3]},{"type":"MultiPoint","coordinates":[[4,4]]}]}}"#
        let r = post(Self.collection([multi, collection]))
        #expect(r.status == 201, "\(r.json)")
        let ids = try #require(r.json["ids"] as? [String])
        #expect(ids.count == 4 && ids[0] == "m:0" && ids[1] == "m:1")
        #expect(ids[2].hasSuffix(":0") && ids[3] == ids[2].dropLast() + "1")
        #expect(live("m:1")?.title == "Stops" && live("m:1")?.appearance.markerColor == "#00f")
        #expect(live("m:1")?.altitude == 9 && live("m:0")?.coordinate == Coordinate(latitude: 1, longitude: 1))
        #expect(live(ids[3])?.coordinate == Coordinate(latitude: 4, longitude: 4))
        // A derived id that clashes with a given one is a duplicate, refused.
        let clash = post(
            Self.collection([multi.replacingOccurrences(of: #""m""#, with: #""n""#), Self.point("1,1", id: #""n:1""#)]))
        #expect(clash.status == 400 && (clash.json["error"] as? String)?.contains("unique") == true)
    }

    @Test func emptyLinesAndPolygonsAreSkippedAsNullGeometries() {
        for type in ["LineString", "Polygon", "MultiLineString", "MultiPolygon"] {
            let feature = #"{"type":"Feature","id":"x","geometry":{"type":"\#(type)","coordinates":[]}}"#
            let r = post(Self.collection([Self.point("1,1", id: #""fine-\#(type)""#), feature]))
            #expect(r.status == 201 && r.json["ids"] as? [String] == ["fine-\(type)"], "\(r.json)")
            #expect(warnings(r).map { $0["property"] as? String } == ["geometry"])
            #expect((warnings(r).first?["why"] as? String)?.contains("a \(type) without positions") == true)
        }
        #expect(store.shape(id: "x") == nil)
    }

    @Test func aNullGeometryIsSkippedWithAWarning() throws {
        let body = [
            Self.point("1,1", id: #""here""#), #"{"type":"Feature","id":"nowhere","geometry":null,"properties":{}}"#,
            #"{"type":"Feature","geometry":null,"properties":null}"#,
        ]
        let r = post(body.joined(separator: "\n"), "application/x-ndjson")
        #expect(r.status == 201 && r.json["imported"] as? Int == 1 && r.json["ids"] as? [String] == ["here"])
        let w = warnings(r)
        #expect(w.count == 2 && w[0]["index"] as? Int == 1 && w[0]["line"] as? Int == 2)
        #expect(w[0]["id"] as? String == "nowhere" && w[0]["property"] as? String == "geometry")
        #expect(w[1]["id"] == nil && w[1]["line"] as? Int == 3)
        #expect(store.record(id: "nowhere") == nil)
    }

    @Test func aGeoJSONTextSequenceIsImportedWholeOrStreamed() throws {
        let records = (0..<3).map { "\u{1E}" + Self.point("\($0),1", id: #""q\#($0)""#) + "\n" }.joined()
        let r = post(records, "application/geo+json-seq")
        #expect(r.status == 201 && r.json["ids"] as? [String] == ["q0", "q1", "q2"])
        // A separator before NDJSON lines is taken too.
        let n = post(records.replacingOccurrences(of: "\"q", with: "\"r"), "application/x-ndjson")
        #expect(n.status == 201 && n.json["ids"] as? [String] == ["r0", "r1", "r2"])
        let bad = post("\u{1E}" + Self.point("1,1", id: #""s0""#) + "\n\u{1E}{\"type\":\n", "application/geo+json-seq")
        #expect(bad.status == 400 && (bad.json["error"] as? String)?.hasPrefix("line 2: invalid JSON") == true)
    }

    @Test func patchTakesTheSameColourSymbolAndSizeFormsAndRefusesABadOne() throws {
        #expect(post(Self.point("1,1", id: #""p""#)).status == 201)
        let r = patch("p", #"{"marker-color":"0af","marker-symbol":"rail-metro","marker-size":"large"}"#)
        #expect(r.status == 200, "\(r.json)")
        #expect(r.json["markerColor"] as? String == "0af" && r.json["markerSymbol"] as? String == "rail-metro")
        #expect(r.json["markerSize"] as? String == "large" && live("p")?.markerSize == .large)
        #expect(live("p")?.markerColor == Color(hex: 0x00AAFF))
        #expect(patch("p", #"{"markerSize":null}"#).json["markerSize"] == nil)
        for (body, part) in [
            (#"{"marker-symbol":"not-an-icon"}"#, "unknown icon name"),
            (#"{"marker-color":"red"}"#, "not a colour"), (#"{"marker-size":"huge"}"#, "small, medium or large"),
            (#"{"marker-size":"large","markerSize":"small"}"#, "not both"),
        ] {
            let e = patch("p", body)
            #expect(e.status == 400 && (e.json["error"] as? String)?.contains(part) == true, "\(body): \(e.json)")
        }
        #expect(live("p")?.appearance.markerSymbol == "rail-metro")
        // A single add as JSON takes the same forms and is as strict.
        let add = #"{"id":"j","title":"J","latitude":1,"longitude":1,"markerColor":"ABC","markerSize":"small"}"#
        #expect(post(add, "application/json").status == 201 && live("j")?.markerSize == .small)
        #expect(
            post(#"{"id":"k","title":"K","latitude":1,"longitude":1,"markerSize":"xl"}"#, "application/json").status
                == 400)
    }

    @Test func exportThenImportGivesTheSameFeatures() throws {
        let body = Self.collection([
            Self.point("1,2,3", id: "5", ##""title":"Five","marker-size":"large","marker-symbol":"bus""##),
            Self.point("4,5", id: #""s""#, #""marker-color":"abc""#),
        ])
        #expect(post(body).status == 201)
        let ours = { (features: [[String: Any]]) in
            features.filter { ["5", "s"].contains("\($0["id"]!)") }.map {
                String(decoding: try! JSONSerialization.data(withJSONObject: $0, options: .sortedKeys), as: UTF8.self)
            }
        }
        let before = ours(get("/api/annotations.geojson")["features"] as? [[String: Any]] ?? [])
        #expect(before.count == 2 && before[0].contains(#""id":5,"#) && before[0].contains("[1,2,3]"))
        for id in ["5", "s"] {
            #expect(api.respond(to: RouteRequest(method: "DELETE", path: "/api/annotations/\(id)")).status == 200)
        }
        #expect(post(Self.collection(before)).status == 201)
        #expect(ours(get("/api/annotations.geojson")["features"] as? [[String: Any]] ?? []) == before)
    }
}
