import Foundation
import Testing

@testable import JSONScanning

/// The GeoJSON scanner reads features as RFC 7946 and simplestyle write
/// them, refuses what is not JSON as `JSONSerialization` does, and names
/// every other problem.
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

    static let readable = [
        #"{"type":"Feature","id":"a","geometry":{"type":"Point","coordinates":[2.35,48.85]},"properties":{"title":"Paris"}}"#,
        #" { "properties" : { "name" : "N", "title": "T", "extra": {"deep": [1, {"x": null}], "s": "\"q\""} } , "geometry": {"coordinates": [-1e-3, 4E1, 120], "type": "Point"}, "id": 12, "type": "Feature", "bbox": [0,0,1,1] } "#,
        ##"{"type":"Feature","id":-7.5,"geometry":{"type":"Point","coordinates":[0,-0.0]},"properties":{"subtitle":"caf\u00e9 \ud83d\ude00 \n\t\/","marker-color":"#abc","marker-symbol":"\u2605","draggable":true,"kind":null,"clusteringIdentifier":"c"}}"##,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"id":"from-props","draggable":false}}"#,
        #"{"type":"Feature","id":"u","geometry":{"type":"Point","coordinates":[1,2]},"properties":null}"#,
        "{\"type\":\"Feature\",\"id\":\"é日本\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[1,2]}}",
    ]

    @Test func readsTheFieldsOfAnAnnotation() throws {
        let f = try (0..<Self.readable.count).map { try scan(Self.readable[$0]).get() }
        #expect(f[0].id == "a" && !f[0].idIsNumber && f[0].title == "Paris")
        #expect(f[0].positions == [GeoJSONPosition(longitude: 2.35, latitude: 48.85)])
        #expect(f[1].id == "12" && f[1].idIsNumber && f[1].title == "T")
        #expect(f[1].positions == [GeoJSONPosition(longitude: -1e-3, latitude: 40, altitude: 120)])
        #expect(f[2].id == "-7.5" && f[2].idIsNumber && f[2].subtitle == "café 😀 \n\t/")
        #expect(f[2].markerColor == "#abc" && f[2].markerSymbol == "★" && f[2].draggable)
        #expect(f[2].kind == nil && f[2].clusteringIdentifier == "c")
        #expect(f[3].id == "from-props" && !f[3].draggable)
        #expect(f[4].id == "u" && f[4].title == nil)
        #expect(f[5].id == "é日本" && f[5].geometryType == "Point")
    }

    @Test func aFeatureWithoutAnIDIsRead() throws {
        let f = try scan(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{}}"#).get()
        #expect(f.id == nil && f.positions.count == 1)
    }

    @Test func multiPointsAndGeometryCollectionsOfPointsGiveTheirPoints() throws {
        let multi = try scan(
            #"{"type":"Feature","id":"m","geometry":{"coordinates":[[1,2],[3,4,5]],"type":"MultiPoint"}}"#
        ).get()
        #expect(multi.geometryType == "MultiPoint")
        #expect(
            multi.positions == [
                GeoJSONPosition(longitude: 1, latitude: 2), GeoJSONPosition(longitude: 3, latitude: 4, altitude: 5),
            ])
        let collection = try scan(
            #"{"type":"Feature","geometry":{"type":"GeometryCollection","geometries":["#
                + #"{"type":"Point","coordinates":[1,2]},{"type":"MultiPoint","coordinates":[[3,4],[5,6]]}]}}"#
        ).get()
        #expect(collection.geometryType == "GeometryCollection")
        #expect(collection.positions.map(\.longitude) == [1, 3, 5])
        let empty = try scan(#"{"type":"Feature","geometry":{"type":"MultiPoint","coordinates":[]}}"#).get()
        #expect(empty.positions.isEmpty && empty.geometryType == "MultiPoint")
    }

    @Test func aNullGeometryIsReadAsNoPoints() throws {
        let f = try scan(#"{"type":"Feature","id":"g","geometry":null,"properties":{"name":"Nowhere"}}"#).get()
        #expect(f.geometryType == nil && f.positions.isEmpty && f.title == "Nowhere")
    }

    @Test func styleAndDescriptionThatAreNotTextAreNotedNotRefused() throws {
        let f = try scan(
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"#
                + #""marker-color":255,"marker-symbol":["x"],"marker-size":"large","description":{"a":1}}}"#
        ).get()
        #expect(f.notText == ["marker-color", "marker-symbol", "description"])
        #expect(f.markerColor == nil && f.markerSymbol == nil && f.markerSize == "large" && f.description == nil)
        let described = try scan(
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"description":"D"}}"#
        ).get()
        #expect(described.description == "D" && described.subtitle == nil)
    }

    @Test func aCRSNamingLongitudeAndLatitudeIsTakenAndAnyOtherIsNamed() {
        for name in [
            "urn:ogc:def:crs:OGC:1.3:CRS84", "urn:ogc:def:crs:OGC::CRS84", "urn:ogc:def:crs:EPSG::4326", "EPSG:4326",
            "epsg:4326", "OGC:CRS84", "CRS84", "http://www.opengis.net/def/crs/OGC/1.3/CRS84",
            "http://www.opengis.net/def/crs/EPSG/0/4326", "urn:ogc:def:crs:EPSG:6.6:4326",
        ] {
            #expect(GeoJSONCRS.named(name).isLongitudeLatitude, "\(name)")
        }
        for name in ["urn:ogc:def:crs:EPSG::3857", "EPSG:43260", "urn:ogc:def:crs:EPSG::4326:x", "WGS84", ""] {
            #expect(!GeoJSONCRS.named(name).isLongitudeLatitude, "\(name)")
        }
        let crs = #""crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::3857"}}"#
        guard
            case .failure(.problem(let p)) = scan(
                #"{"type":"Feature","# + crs + #","geometry":{"type":"Point","coordinates":[1,2]}}"#)
        else {
            Issue.record("a feature in EPSG:3857 was read")
            return
        }
        #expect(p.message.contains("urn:ogc:def:crs:EPSG::3857") && p.message.contains("CRS84"), "\(p.message)")
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

    @Test func namesTheProblem() {
        let cases = [
            (
                #"{"type":"Feature","id":"l","geometry":{"type":"LineString","coordinates":[[0,0]]}}"#,
                #""geometry.coordinates" (a LineString) has 1 position; a line needs at least 2"#
            ),
            (
                #"{"type":"Feature","id":"p","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,1],[0,0]]]}}"#,
                #""geometry.coordinates[0]" (a ring of the Polygon) has 3 positions; a ring needs at least 4"#
            ),
            (
                #"{"type":"Feature","geometry":{"type":"GeometryCollection","geometries":[{"type":"LineString"}]}}"#,
                #"a GeometryCollection's LineString "coordinates" must be a list of [longitude, latitude] positions"#
            ),
            (
                #"{"type":"Feature","geometry":{"type":"GeometryCollection","geometries":[{"type":"Curve"}]}}"#,
                #""Curve" (in a GeometryCollection) is not supported"#
            ),
            (
                #"{"type":"Feature","geometry":{"type":"GeometryCollection","geometries":[{"type":"GeometryCollection","geometries":[]}]}}"#,
                "inside a GeometryCollection"
            ),
            (#"{"type":"Feature","geometry":{"type":"GeometryCollection"}}"#, "\"geometries\" array"),
            (
                #"{"type":"Feature","id":"t","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"title":5}}"#,
                "\"properties.title\" must be a string"
            ),
            (#"{"type":"Feature","id":"g"}"#, "\"geometry\" is missing"),
            (#"{"type":"Feature","id":"g","geometry":"here"}"#, "geometry object or null"),
            (#"{"type":"Feature","id":"c","geometry":{"type":"Point","coordinates":[1]}}"#, "[longitude, latitude]"),
            (
                #"{"type":"Feature","id":"c","geometry":{"type":"Point","coordinates":[1,2,3,4]}}"#,
                "\"geometry.coordinates\" must be"
            ),
            (
                #"{"type":"Feature","id":"c","geometry":{"type":"MultiPoint","coordinates":[[1,2],[3]]}}"#,
                "\"geometry.coordinates[1]\" must be"
            ),
            (#"{"type":"Feature","id":"c","geometry":{"type":"MultiPoint","coordinates":[1,2]}}"#, "a list of"),
            (#"{"type":"Feature","id":"c","geometry":{"coordinates":[1,2]}}"#, "\"geometry\" needs a \"type\""),
            (#"{"type":"Feature","id":true,"geometry":{"type":"Point","coordinates":[1,2]}}"#, "string or a number"),
            (#"{"type":"Point","coordinates":[1,2]}"#, "must be a \"Feature\""),
            (#"[1,2]"#, "must be a JSON object"),
            (
                #"{"type":"Feature","id":"d","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"draggable":"yes"}}"#,
                "draggable"
            ),
            (
                #"{"type":"Feature","crs":{"type":"link","properties":{"href":"x"}},"geometry":null}"#,
                "a \"link\" CRS"
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

    func scanDocument(_ document: String) -> Result<GeoJSONLineScanner.Document, GeoJSONLineScanner.DocumentProblem> {
        var bytes = Array(document.utf8)
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { all in
            Result { () throws(GeoJSONLineScanner.DocumentProblem) in
                try GeoJSONLineScanner.document(UnsafeBufferPointer(rebasing: all[0..<(all.count - 1)]))
            }
        }
    }

    @Test func readsACollectionAsItsLinesAreRead() throws {
        let features = Self.readable.joined(separator: " , ")
        let document = #" {"features": [ "# + features + #" ], "bbox": [0, 0, 1, 1], "type": "FeatureCollection"} "#
        let scanned = try scanDocument(document).get()
        #expect(scanned.isCollection && scanned.features.count == Self.readable.count)
        for (f, line) in zip(scanned.features, Self.readable) {
            let alone = try scan(line).get()
            #expect(f.id == alone.id && f.positions == alone.positions && f.title == alone.title)
        }
        #expect(try scanDocument(#"{"type":"FeatureCollection","features":[]}"#).get().features.isEmpty)
    }

    @Test func readsOneFeatureWhateverTheOrderOfItsMembers() throws {
        let document = #"{"geometry":{"type":"Point","coordinates":[1,2]},"id":"a","type":"Feature"}"#
        let scanned = try scanDocument(document).get()
        #expect(!scanned.isCollection && scanned.features.map(\.id) == ["a"])
    }

    @Test func aCollectionInCRS84IsTakenAndOneInAnotherCRSIsRefusedNamingIt() throws {
        let point = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]}}"#
        func collection(_ name: String) -> String {
            #"{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"\#(name)"}},"features":["#
                + point + "]}"
        }
        #expect(try scanDocument(collection("urn:ogc:def:crs:OGC:1.3:CRS84")).get().features.count == 1)
        #expect(try scanDocument(collection("urn:ogc:def:crs:EPSG::4326")).get().features.count == 1)
        guard case .failure(let problem) = scanDocument(collection("urn:ogc:def:crs:EPSG::27700")) else {
            Issue.record("a collection in EPSG:27700 was read")
            return
        }
        #expect(problem.message.hasPrefix(#""crs" is "urn:ogc:def:crs:EPSG::27700""#), "\(problem.message)")
    }

    @Test func namesTheFeatureOfAProblemInADocument() {
        let point = #"{"type":"Feature","id":"a","geometry":{"type":"Point","coordinates":[1,2]}}"#
        let cases = [
            (
                #"{"type":"FeatureCollection","features":["# + point
                    + #",{"type":"Feature","id":"l","geometry":{"type":"LineString","coordinates":[[1,2]]}}]}"#,
                #"features[1] (id "l"): "geometry.coordinates" (a LineString) has 1 position"#
            ),
            (#"{"type":"FeatureCollection","features":["# + point + #"]} x"#, "invalid JSON"),
            (#"{"type":"FeatureCollection","features":["# + point + #",]}"#, "invalid JSON"),
            (#"{"type":"FeatureCollection"}"#, "needs a \"features\" array"),
            (#"{"type":"Polygon","features":[]}"#, "GeoJSON type \"Polygon\" is not supported"),
            (#"[]"#, "expected a GeoJSON object"),
            (#"{"type":"Feature","id":"t","properties":{"title":1},"geometry":null}"#, "\"properties.title\""),
        ]
        for (document, part) in cases {
            guard case .failure(let problem) = scanDocument(document) else {
                Issue.record("\(document) was read")
                continue
            }
            #expect(problem.message.contains(part), "\(problem.message)")
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
        // A geometry collection nested as deep too.
        let nested =
            #"{"type":"Feature","geometry":"#
            + String(repeating: #"{"type":"GeometryCollection","geometries":["#, count: 600)
            + String(repeating: "]}", count: 600) + "}"
        guard case .failure(.invalidJSON) = scan(nested) else {
            Issue.record("geometry collections nested 600 deep were not refused as invalid JSON")
            return
        }
    }
}
