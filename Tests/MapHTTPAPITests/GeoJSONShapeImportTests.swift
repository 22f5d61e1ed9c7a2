import Foundation
import MapGeometry
import SessionTransport
import Testing

@testable import LiveWorld
@testable import MapHTTPAPI

/// Lines and areas through `POST /api/annotations`: each feature a shape of
/// the world with its texts and style, parts of collections numbered among
/// their points, ids in input order, style problems warned about, and every
/// refusal naming the feature with nothing added.
@Suite struct GeoJSONShapeImportTests {
    let store = freshStore()
    var api: AnnotationsAPI { AnnotationsAPI(store: store) }

    typealias Answer = (status: Int, json: [String: Any])

    func post(_ body: String, _ type: String = "application/geo+json") -> Answer {
        let r = api.respond(
            to: RouteRequest(method: "POST", path: "/api/annotations", body: Array(body.utf8), contentType: type))
        return (r.status, (try? JSONSerialization.jsonObject(with: Data(r.body))) as? [String: Any] ?? [:])
    }

    static func feature(_ geometry: String, id: String? = nil, _ properties: String = "") -> String {
        let member = id.map { #""id":\#($0),"# } ?? ""
        return #"{"type":"Feature",\#(member)"geometry":\#(geometry),"properties":{\#(properties)}}"#
    }

    static func collection(_ features: [String]) -> String {
        #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
    }

    static let line = #"{"type":"LineString","coordinates":[[2.35,48.85,35],[2.29,48.86,40]]}"#
    static let square = #"{"type":"Polygon","coordinates":[[[0,0],[4,0],[4,4],[0,4]],[[1,1],[2,1],[2,2],[1,1]]]}"#

    func error(_ r: Answer) -> String { r.json["error"] as? String ?? "" }
    func warnings(_ r: Answer) -> [[String: Any]] { r.json["warnings"] as? [[String: Any]] ?? [] }

    @Test func everyGeometryTypeBecomesAShapeOfTheWorld() throws {
        let features = [
            Self.feature(Self.line, id: #""route""#, #""title":"Route","description":"Paris","kind":"bus""#),
            Self.feature(Self.square, id: "12", #""name":"Square","subtitle":"S","description":"D""#),
            Self.feature(#"{"type":"MultiLineString","coordinates":[[[0,0],[1,1]],[[2,2],[3,3]]]}"#, id: #""ml""#),
            Self.feature(
                #"{"type":"MultiPolygon","coordinates":[[[[10,10],[11,10],[11,11],[10,10]]],"#
                    + #"[[[20,20],[21,20],[21,21]]]]}"#, id: #""mp""#),
        ]
        let r = post(Self.collection(features))
        #expect(r.status == 201, "\(r.json)")
        #expect(r.json["imported"] as? Int == 4 && r.json["ids"] as? [String] == ["route", "12", "ml", "mp"])
        let route = try #require(store.shape(id: "route"))
        #expect(route.kind == "bus" && route.title == "Route" && route.subtitle == "Paris" && !route.idIsNumber)
        #expect(route.geometry.kind == .lineString && route.geometry.altitudes == [35, 40])
        #expect(
            route.geometry.coordinates == [
                Coordinate(latitude: 48.85, longitude: 2.35), .init(latitude: 48.86, longitude: 2.29),
            ])
        let square = try #require(store.shape(id: "12"))
        #expect(square.idIsNumber && square.kind == "area" && square.title == "Square" && square.subtitle == "S")
        // The outer ring was not closed: it is, and the hole is kept.
        #expect(square.geometry.ringEnds == [5, 9] && square.geometry.polygonEnds == [2])
        #expect(square.geometry.coordinates[4] == Coordinate(latitude: 0, longitude: 0))
        let ml = try #require(store.shape(id: "ml"))
        #expect(ml.kind == "line" && ml.geometry.kind == .multiLineString && ml.geometry.ringEnds == [2, 4])
        let mp = try #require(store.shape(id: "mp"))
        #expect(
            mp.geometry.kind == .multiPolygon && mp.geometry.polygonEnds == [1, 2] && mp.geometry.ringEnds == [4, 8])
        #expect(store.record(id: "route") == nil && store.shapeCount == 4)
    }

    @Test func aCollectionsPartsAreNumberedAndIDsStayInInputOrder() throws {
        let parts =
            #"{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[1,1]},"# + Self.line
            + #",{"type":"MultiPoint","coordinates":[[2,2],[3,3]]},"# + Self.square + "]}"
        let features = [
            Self.feature(#"{"type":"Point","coordinates":[5,5]}"#, id: #""first""#),
            Self.feature(parts, id: #""gc""#, ##""title":"Mixed","marker-color":"#0f0","stroke":"#00f""##),
            Self.feature(Self.line, #""name":"No id""#),
            Self.feature(#"{"type":"Point","coordinates":[6,6]}"#, id: #""last""#),
        ]
        let r = post(Self.collection(features))
        #expect(r.status == 201, "\(r.json)")
        let ids = try #require(r.json["ids"] as? [String])
        #expect(r.json["imported"] as? Int == 8 && ids.count == 8)
        #expect(Array(ids[0..<6]) == ["first", "gc:0", "gc:1", "gc:2", "gc:3", "gc:4"] && ids[7] == "last")
        #expect((store.record(id: "gc:0")?.annotation as? LiveAnnotation)?.appearance.markerColor == "#0f0")
        #expect(store.record(id: "gc:2") != nil && store.record(id: "gc:3") != nil)
        #expect(store.shape(id: "gc:1")?.look.stroke == "#00f" && store.shape(id: "gc:1")?.title == "Mixed")
        #expect(store.shape(id: "gc:4")?.geometry.kind == .polygon)
        // A new id for a line without one, not of a part.
        #expect(!ids[6].contains(":") && store.shape(id: ids[6])?.title == "No id")
    }

    @Test func ndjsonLinesAreImportedAndRefusalsNameTheLine() throws {
        let body = [Self.feature(Self.line, id: #""a""#), Self.feature(Self.square, id: #""b""#)].joined(
            separator: "\n")
        let r = post(body, "application/x-ndjson")
        #expect(r.status == 201 && r.json["ids"] as? [String] == ["a", "b"], "\(r.json)")
        let bad = [
            Self.feature(Self.line, id: #""c""#),
            Self.feature(#"{"type":"Polygon","coordinates":[[[0,0],[1,1],[0,0]]]}"#, id: #""d""#),
        ].joined(separator: "\n")
        let refused = post(bad, "application/x-ndjson")
        #expect(refused.status == 400)
        #expect(error(refused).hasPrefix(#"line 2 (id "d"): "geometry.coordinates[0]" (a ring of the Polygon)"#))
        #expect(store.shape(id: "c") == nil)
    }

    @Test func styleProblemsAreWarningsAndTheShapeKeepsTheDefault() throws {
        let features = [
            Self.feature(
                Self.square, id: #""s""#,
                ##""stroke":"blue","stroke-width":-2,"stroke-opacity":1.5,"fill":"#00ff00","fill-opacity":"half""##),
            Self.feature(Self.line, id: #""t""#, ##""stroke":"#123","stroke-width":0,"stroke-opacity":0.5,"fill":7"##),
            // Style of lines on a point is not read; a point's marker style on a line is not either.
            Self.feature(#"{"type":"Point","coordinates":[1,1]}"#, id: #""p""#, #""stroke":5,"fill-opacity":9"#),
            Self.feature(Self.line, id: #""u""#, #""marker-color":"nope","marker-size":3"#),
        ]
        let r = post(Self.collection(features))
        #expect(r.status == 201, "\(r.json)")
        let seen = warnings(r).map {
            [$0["index"] as? Int ?? -1, $0["id"] as? String ?? "", $0["property"] as? String ?? ""] as [AnyHashable]
        }
        #expect(
            seen == [
                [0, "s", "fill-opacity"], [0, "s", "stroke"], [0, "s", "stroke-width"], [0, "s", "stroke-opacity"],
                [1, "t", "fill"],
            ], "\(warnings(r))")
        #expect((warnings(r)[1]["why"] as? String)?.contains("the standard blue is drawn") == true)
        #expect((warnings(r)[2]["why"] as? String)?.contains("-2.0 is not a width") == true)
        let s = try #require(store.shape(id: "s")).look
        #expect(s.stroke == nil && s.strokeWidth == nil && s.strokeOpacity == nil)
        #expect(s.fill == "#00ff00" && s.fillOpacity == nil)
        let t = try #require(store.shape(id: "t")).look
        #expect(t.stroke == "#123" && t.strokeWidth == 0 && t.strokeOpacity == 0.5 && t.fill == nil)
    }

    /// A width the JSON add refuses is one an import does not keep either:
    /// kept, it would come back from `GET` and the export wider than any
    /// answer the API describes.
    @Test func aWidthOverTheWidestIsAWarningAndTheUsualWidth() throws {
        let r = post(
            Self.collection([
                Self.feature(Self.line, id: #""wide""#, #""stroke-width":500"#),
                Self.feature(Self.line, id: #""widest""#, #""stroke-width":100"#),
            ]))
        #expect(r.status == 201, "\(r.json)")
        let seen = warnings(r).map { [$0["id"] as? String ?? "", $0["property"] as? String ?? ""] }
        #expect(seen == [["wide", "stroke-width"]], "\(warnings(r))")
        #expect((warnings(r).first?["why"] as? String)?.contains("0 to 100") == true, "\(warnings(r))")
        #expect(try #require(store.shape(id: "wide")).look.strokeWidth == nil)
        #expect(try #require(store.shape(id: "widest")).look.strokeWidth == 100)
    }

    @Test func aDuplicateIDAmongLinesRefusesTheWholeImport() {
        let before = (store.records.count, store.shapeCount)
        let cases: [(String, Int, [String])] = [
            (
                Self.collection([
                    Self.feature(#"{"type":"Point","coordinates":[1,1]}"#, id: #""pin""#),
                    Self.feature(Self.line, id: #""twice""#), Self.feature(Self.square, id: #""twice""#),
                ]),
                400, ["features[2]", "\"twice\"", "features[1]", "unique"]
            ),
            (
                Self.collection([
                    Self.feature(Self.line, id: #""fresh""#), Self.feature(Self.square, id: #""amelie-fournier""#),
                ]),
                409, ["features[1]", "amelie-fournier", "exists", "nothing was imported"]
            ),
            (
                Self.collection([
                    Self.feature(Self.line, id: #""fresh""#),
                    Self.feature(#"{"type":"LineString","coordinates":[[0,0],[1,95]]}"#, id: #""far""#),
                ]),
                400, [#"features[1] (id "far"): "geometry.coordinates[1]": latitude 95.0 is outside -90...90"#]
            ),
        ]
        for (body, status, parts) in cases {
            let r = post(body)
            #expect(r.status == status, "\(r.json)")
            for part in parts { #expect(error(r).contains(part), "\(error(r)) should name \(part)") }
        }
        #expect((store.records.count, store.shapeCount) == before)
        #expect(store.shape(id: "fresh") == nil && store.record(id: "pin") == nil)
    }

    @Test func aShapesIDIsTakenForAPoint() throws {
        #expect(post(Self.collection([Self.feature(Self.line, id: #""taken""#)])).status == 201)
        let again = post(Self.collection([Self.feature(#"{"type":"Point","coordinates":[1,1]}"#, id: #""taken""#)]))
        #expect(again.status == 409 && error(again).hasPrefix("features[0]"), "\(again.json)")
    }
}
