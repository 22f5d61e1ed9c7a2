import Foundation
import MapGeometry
import SessionTransport
import Testing

@testable import LiveWorld
@testable import MapHTTPAPI

/// Lines and areas through the API as a client calls it: added as JSON,
/// read, listed and exported, edited, grown and removed.
@Suite struct ShapesAPITests {
    let store = AnnotationStore()
    var api: AnnotationsAPI { AnnotationsAPI(store: store) }

    typealias Answer = (status: Int, json: [String: Any], type: String, body: [UInt8])

    func call(_ method: String, _ path: String, _ body: String = "", query: String = "", accept: String? = nil)
        -> Answer
    {
        let r = api.respond(
            to: RouteRequest(
                method: method, path: path, query: query, body: Array(body.utf8), contentType: "application/json",
                accept: accept))
        let json = (try? JSONSerialization.jsonObject(with: Data(r.body))) as? [String: Any] ?? [:]
        return (r.status, json, r.contentType, r.body)
    }

    func error(_ r: Answer) -> String { r.json["error"] as? String ?? "" }

    static let route =
        ##"{"id":"route-1","title":"Route 1","description":"Old town","stroke":"#e63946","stroke-width":4,"##
        + #""geometry":{"type":"LineString","coordinates":[[2.35,48.85],[2.36,48.86]]}}"#

    func addPoint(_ id: String, lon: Double = 2.35, lat: Double = 48.85) {
        let r = call("POST", "/api/annotations", #"{"id":"\#(id)","title":"P","latitude":\#(lat),"longitude":\#(lon)}"#)
        #expect(r.status == 201)
    }

    @Test func aLineAddedAsJSONIsReadBackWithItsStyle() throws {
        let added = call("POST", "/api/annotations", Self.route)
        #expect(added.status == 201, "\(added.json)")
        let object = try #require(added.json["added"] as? [String: Any])
        #expect(object["id"] as? String == "route-1")
        #expect(object["kind"] as? String == "line")
        #expect(object["title"] as? String == "Route 1")
        #expect(object["subtitle"] as? String == "Old town")
        #expect(object["stroke"] as? String == "#e63946")
        #expect(object["stroke-width"] as? Double == 4)
        #expect(object["fill"] == nil && object["trail"] == nil)
        let geometry = try #require(object["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "LineString")
        #expect(geometry["coordinates"] as? [[Double]] == [[2.35, 48.85], [2.36, 48.86]])
        let shape = try #require(store.shape(id: "route-1"))
        #expect(shape.look.strokeWidth == 4 && shape.look.subtitle == "Old town")

        let read = call("GET", "/api/annotations/route-1")
        #expect(read.status == 200)
        #expect(NSDictionary(dictionary: read.json) == NSDictionary(dictionary: object))
        // One namespace: a point cannot take the id.
        let taken = call("POST", "/api/annotations", #"{"id":"route-1","title":"P","latitude":1,"longitude":1}"#)
        #expect(taken.status == 409)
    }

    @Test func everyGeometryTypeIsExportedAsStoredWithAltitudesAndNumericIDs() throws {
        let bodies = [
            #"{"id":7,"geometry":{"type":"LineString","coordinates":[[1,2,30],[3,4,40.5]]},"trail":{"max":50}}"#,
            #"{"id":"m","geometry":{"type":"MultiLineString","coordinates":[[[1,1],[2,2]],[[3,3],[4,4],[5,5]]]}}"#,
            #"{"id":"p","fill":"00f","fill-opacity":0.5,"geometry":{"type":"Polygon","coordinates":"#
                + #"[[[0,0],[4,0],[4,4],[0,0]],[[1,1],[2,1],[2,2],[1,1]]]}}"#,
            #"{"id":"mp","kind":"zone","geometry":{"type":"MultiPolygon","coordinates":"#
                + #"[[[[0,0],[1,0],[1,1],[0,0]]],[[[5,5],[6,5],[6,6]]]]}}"#,
        ]
        for body in bodies {
            let r = call("POST", "/api/annotations", body)
            #expect(r.status == 201, "\(body): \(r.json)")
        }
        let export = call("GET", "/api/annotations.geojson")
        #expect(export.status == 200 && export.type == "application/geo+json")
        let features = try #require(export.json["features"] as? [[String: Any]])
        #expect(features.count == 4)
        let byID = Dictionary(uniqueKeysWithValues: features.map { ("\($0["id"]!)", $0) })
        // A numeric id is a JSON number again, an altitude the third coordinate.
        #expect(features[0]["id"] as? Int == 7)
        let line = try #require(byID["7"]?["geometry"] as? [String: Any])
        #expect(line["type"] as? String == "LineString")
        #expect(line["coordinates"] as? [[Double]] == [[1, 2, 30], [3, 4, 40.5]])
        let multi = try #require(byID["m"]?["geometry"] as? [String: Any])
        #expect(multi["coordinates"] as? [[[Double]]] == [[[1, 1], [2, 2]], [[3, 3], [4, 4], [5, 5]]])
        let polygon = try #require(byID["p"]?["geometry"] as? [String: Any])
        #expect(
            polygon["coordinates"] as? [[[Double]]] == [
                [[0, 0], [4, 0], [4, 4], [0, 0]], [[1, 1], [2, 1], [2, 2], [1, 1]],
            ])
        let properties = try #require(byID["p"]?["properties"] as? [String: Any])
        #expect(properties["fill"] as? String == "00f" && properties["fill-opacity"] as? Double == 0.5)
        #expect(properties["kind"] as? String == "area")
        #expect(properties["title"] is NSNull && properties["description"] is NSNull)
        // An open ring is closed.
        let areas = try #require(byID["mp"]?["geometry"] as? [String: Any])
        #expect(areas["type"] as? String == "MultiPolygon")
        #expect(
            areas["coordinates"] as? [[[[Double]]]] == [
                [[[0, 0], [1, 0], [1, 1], [0, 0]]], [[[5, 5], [6, 5], [6, 6], [5, 5]]],
            ])
        #expect((byID["mp"]?["properties"] as? [String: Any])?["kind"] as? String == "zone")
        // The JSON list has them under "shapes", the trail's limit with the line.
        let list = call("GET", "/api/annotations")
        let shapes = try #require(list.json["shapes"] as? [[String: Any]])
        #expect(shapes.map { $0["id"] as? String } == ["7", "m", "p", "mp"])
        #expect((shapes[0]["trail"] as? [String: Any])?["max"] as? Int == 50)
    }

    @Test func aWorldOfPointsListsByteForByteAsBefore() {
        addPoint("a")
        addPoint("b", lon: 3)
        let list = call("GET", "/api/annotations", query: "limit=1")
        let expected =
            #"{"annotations":[{"draggable":false,"id":"a","kind":"point","latitude":48.85,"longitude":2.35,"#
            + #""subtitle":null,"title":"P"}],"next":"czE"}"#
        #expect(String(decoding: list.body, as: UTF8.self) == expected)
        let export = call("GET", "/api/annotations.geojson", query: "cursor=czE")
        let feature =
            #"{"features":[{"geometry":{"coordinates":[3,48.85],"type":"Point"},"id":"b","properties":"#
            + #"{"draggable":false,"kind":"point","subtitle":null,"title":"P"},"type":"Feature"}],"#
            + #""type":"FeatureCollection"}"#
        #expect(String(decoding: export.body, as: UTF8.self) == feature)
    }

    @Test func pagesRunThroughThePointsThenTheShapesAndBoxesMeetShapeBounds() throws {
        for i in 0..<3 { addPoint("p\(i)", lon: Double(i)) }
        for i in 0..<4 {
            let lon = Double(i) * 10
            let r = call(
                "POST", "/api/annotations",
                #"{"id":"l\#(i)","geometry":{"type":"LineString","coordinates":[[\#(lon),0],[\#(lon + 5),1]]}}"#)
            #expect(r.status == 201)
        }
        var ids: [String] = []
        var cursor: String?
        var pages = 0
        repeat {
            let query = "limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
            let page = call("GET", "/api/annotations", query: query)
            #expect(page.status == 200, "\(page.json)")
            ids += (page.json["annotations"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            ids += (page.json["shapes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            cursor = page.json["next"] as? String
            pages += 1
            // Removing what was listed does not move the cursor: nothing is repeated or skipped.
            if pages == 3 { _ = call("DELETE", "/api/annotations/l1") }
        } while cursor != nil && pages < 10
        #expect(ids == ["p0", "p1", "p2", "l0", "l1", "l2", "l3"])
        #expect(pages == 4)
        // A box meets a line whose bounds it touches, though no position lies in it.
        let boxed = call("GET", "/api/annotations.geojson", query: "bbox=21,0.1,22,0.2")
        let features = try #require(boxed.json["features"] as? [[String: Any]])
        #expect(features.map { $0["id"] as? String } == ["l2"])
        // Points exactly fill a page: the next one is the shapes'.
        let full = call("GET", "/api/annotations", query: "limit=3")
        #expect(full.json["shapes"] == nil)
        let rest = call("GET", "/api/annotations", query: "limit=5&cursor=\(full.json["next"] as? String ?? "")")
        #expect((rest.json["shapes"] as? [[String: Any]])?.count == 3)
        #expect(rest.json["annotations"] as? [Any] != nil && rest.json["next"] == nil)
    }

    @Test func aPatchChangesStyleTextsAndGeometryOfTheSameSort() throws {
        #expect(call("POST", "/api/annotations", Self.route).status == 201)
        let edited = call(
            "PATCH", "/api/annotations/route-1",
            #"{"stroke":null,"strokeOpacity":0.25,"subtitle":"New town","title":null,"#
                + #""geometry":{"type":"MultiLineString","coordinates":[[[0,0],[1,1]],[[2,2],[3,3]]]}}"#)
        #expect(edited.status == 200, "\(edited.json)")
        #expect(edited.json["stroke"] == nil && edited.json["stroke-opacity"] as? Double == 0.25)
        #expect(edited.json["title"] is NSNull && edited.json["subtitle"] as? String == "New town")
        #expect(edited.json["stroke-width"] as? Double == 4)
        let shape = try #require(store.shape(id: "route-1"))
        #expect(shape.geometry.kind == .multiLineString && shape.look.stroke == nil)

        let refused: [(String, [String])] = [
            (#"{"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}}"#, ["geometry", "a line"]),
            (#"{"stroke":"blue"}"#, ["stroke", "not a colour"]),
            (#"{"stroke-width":-1}"#, ["stroke-width", "outside"]),
            (#"{"stroke-opacity":2}"#, ["stroke-opacity", "outside"]),
            (#"{"stroke-width":"3"}"#, ["stroke-width", "number"]),
            (##"{"fill":"#fff"}"##, ["fill", "line has no fill"]),
            (##"{"marker-color":"#fff"}"##, ["marker-color", "unknown"]),
            (#"{"subtitle":"a","description":"b"}"#, ["subtitle", "description", "not both"]),
            (#"{"geometry":{"type":"LineString","coordinates":[[0,0]]}}"#, ["geometry.coordinates", "2 positions"]),
            (#"{"geometry":{"type":"LineString","coordinates":[[0,0],[0,91]]}}"#, ["coordinates[1]", "latitude"]),
            (#"{"geometry":{"type":"LineString","coordinates":[[0,0],[1,1,5]]}}"#, ["coordinates[1]", "altitude"]),
            (#"{"geometry":null}"#, ["geometry"]),
            ("{}", ["changes nothing"]),
        ]
        for (body, words) in refused {
            let r = call("PATCH", "/api/annotations/route-1", body)
            #expect(r.status == 400, "\(body)")
            for word in words { #expect(error(r).contains(word), "\(body): \(error(r))") }
        }
        #expect(store.shape(id: "route-1")?.look.strokeOpacity == 0.25)
        // An area takes an area, and a fill.
        let area = #"{"id":"zone","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}}"#
        #expect(call("POST", "/api/annotations", area).status == 201)
        let filled = call(
            "PATCH", "/api/annotations/zone",
            ##"{"fill":"#123456","fill-opacity":0,"geometry":{"type":"MultiPolygon","coordinates":[[[[0,0],[2,0],[2,2],[0,0]]]]}}"##
        )
        #expect(filled.status == 200, "\(filled.json)")
        #expect(filled.json["fill"] as? String == "#123456" && filled.json["fill-opacity"] as? Double == 0)
        let line = #"{"geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}"#
        #expect(error(call("PATCH", "/api/annotations/zone", line)).contains("an area"))
        // A point's edit is as it was.
        addPoint("pin")
        #expect(call("PATCH", "/api/annotations/pin", ##"{"stroke":"#fff"}"##).status == 400)
        #expect(call("PATCH", "/api/annotations/pin", #"{"title":"Pin"}"#).status == 200)
    }

    @Test func aBadShapeAddIsA400NamingTheFieldAndAddsNothing() {
        let cases: [(String, [String])] = [
            (#"{"geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}"#, ["missing \"id\""]),
            (#"{"id":"x","geometry":{"type":"Point","coordinates":[0,0]}}"#, ["Point", "latitude"]),
            (#"{"id":"x","geometry":{"type":"Circle","coordinates":[0,0]}}"#, ["\"Circle\"", "LineString"]),
            (#"{"id":"x","geometry":{"type":"LineString"}}"#, ["\"coordinates\""]),
            (#"{"id":"x","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,1],[0,0]]]}}"#, ["4 positions"]),
            (#"{"id":"x","geometry":{"type":"LineString","coordinates":[[0,0],[1,true]]}}"#, ["coordinates[1]"]),
            (
                #"{"id":"x","trail":{"max":1},"geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}"#,
                ["trail", "2 to 100000"]
            ),
            (
                #"{"id":"x","trail":{"max":5},"geometry":{"type":"MultiLineString","coordinates":[[[0,0],[1,1]]]}}"#,
                ["trail", "MultiLineString"]
            ),
            (
                #"{"id":"x","latitude":1,"geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}"#,
                ["\"latitude\""]
            ),
            (
                ##"{"id":"x","fill":"#fff","geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}"##,
                ["fill"]
            ),
            (#"{"id":"a/b","geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}"#, ["'/'"]),
        ]
        for (body, words) in cases {
            let r = call("POST", "/api/annotations", body)
            #expect(r.status == 400, "\(body): \(r.json)")
            for word in words { #expect(error(r).contains(word), "\(body): \(error(r))") }
        }
        #expect(store.shapeCount == 0)
    }

    @Test func positionsAreAppendedToALineAndATrailKeepsItsNewest() throws {
        let trail = #"{"id":"bus","trail":{"max":4},"geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}"#
        #expect(call("POST", "/api/annotations", trail).status == 201)
        let r = call("POST", "/api/annotations/bus/coordinates", #"{"coordinates":[[2,2],[3,3]]}"#)
        #expect(r.status == 200, "\(r.json)")
        #expect(r.json["id"] as? String == "bus" && r.json["appended"] as? Int == 2 && r.json["points"] as? Int == 4)
        let version = try #require(r.json["version"] as? Int)
        let more = call("POST", "/api/annotations/bus/coordinates", #"{"coordinates":[[4,4]]}"#)
        #expect(more.json["points"] as? Int == 4 && (more.json["version"] as? Int ?? 0) > version)
        #expect(store.shape(id: "bus")?.geometry.coordinates.first == Coordinate(latitude: 1, longitude: 1))

        addPoint("pin")
        let area = #"{"id":"zone","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}}"#
        #expect(call("POST", "/api/annotations", area).status == 201)
        let refused: [(String, String, Int, String)] = [
            ("nobody", #"{"coordinates":[[1,1]]}"#, 404, "nobody"),
            ("nobody", "not json", 404, "nobody"),
            ("pin", #"{"coordinates":[[1,1]]}"#, 409, "point"),
            ("zone", #"{"coordinates":[[1,1]]}"#, 409, "Polygon"),
            ("bus", #"{"coordinates":[[1,1,10]]}"#, 409, "no altitudes"),
            ("bus", #"{"coordinates":[]}"#, 400, "at least one"),
            ("bus", #"{"coordinates":[[181,1]]}"#, 400, "longitude"),
            ("bus", #"{"positions":[[1,1]]}"#, 400, "\"positions\""),
            ("bus", "[[1,1]]", 400, "object"),
        ]
        for (id, body, status, word) in refused {
            let r = call("POST", "/api/annotations/\(id)/coordinates", body)
            #expect(r.status == status, "\(id) \(body): \(r.json)")
            #expect(error(r).contains(word), "\(id) \(body): \(error(r))")
        }
        #expect(store.shape(id: "bus")?.geometry.coordinates.count == 4)
    }

    @Test func aShapeIsRemovedAsAnAnnotationIs() throws {
        #expect(call("POST", "/api/annotations", Self.route).status == 201)
        let removed = call("DELETE", "/api/annotations/route-1")
        #expect(removed.status == 200)
        #expect((removed.json["removed"] as? [String: Any])?["id"] as? String == "route-1")
        #expect(call("GET", "/api/annotations/route-1").status == 404)
        #expect(call("DELETE", "/api/annotations/route-1").status == 404)
        #expect(store.shapeCount == 0)
    }
}
