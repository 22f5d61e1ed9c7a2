import Testing

@testable import JSONScanning

/// Lines and areas as RFC 7946 writes them: each read into one flat buffer
/// with where its lines, rings and polygons end, rings closed, and every
/// problem named with the coordinates it is in.
@Suite struct GeoJSONShapeScannerTests {
    func scan(_ geometry: String, properties: String = "{}") -> Result<GeoJSONFeature, GeoJSONLineScanner.Failure> {
        var bytes = Array(#"{"type":"Feature","id":"s","geometry":\#(geometry),"properties":\#(properties)}"#.utf8)
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { all in
            Result { () throws(GeoJSONLineScanner.Failure) in
                try GeoJSONLineScanner.feature(UnsafeBufferPointer(rebasing: all[0..<(all.count - 1)]))
            }
        }
    }

    func shape(_ geometry: String) throws -> GeoJSONShape {
        let f = try scan(geometry).get()
        #expect(f.positions.isEmpty && f.shapes.count == 1)
        return try #require(f.shapes.first)
    }

    func problem(_ geometry: String) -> String {
        guard case .failure(.problem(let p)) = scan(geometry) else { return "read: \(geometry)" }
        #expect(p.id == "s")
        return p.message
    }

    @Test func aLineStringIsItsPositionsInOrder() throws {
        let line = try shape(#"{"type":"LineString","coordinates":[[1,2],[3.5,-4],[ 5 , 6 ]]}"#)
        #expect(line.kind == .lineString && !line.hasAltitudes)
        #expect(line.numbers == [1, 2, 3.5, -4, 5, 6] && line.ringEnds == [3] && line.polygonEnds.isEmpty)
        // The type may come after the coordinates, as some writers put it.
        let late = try shape(#"{"coordinates":[[1,2],[3,4]],"bbox":[1,2,3,4],"type":"LineString"}"#)
        #expect(late.numbers == [1, 2, 3, 4] && late.ringEnds == [2])
    }

    @Test func altitudesAreKept() throws {
        let line = try shape(#"{"type":"LineString","coordinates":[[1,2,100],[3,4,-5.5]]}"#)
        #expect(line.hasAltitudes && line.numbers == [1, 2, 100, 3, 4, -5.5] && line.positionCount == 2)
        let area = try shape(#"{"type":"Polygon","coordinates":[[[0,0,1],[1,0,2],[1,1,3],[0,0,1]]]}"#)
        #expect(area.hasAltitudes && area.ringEnds == [4])
    }

    @Test func aMultiLineStringIsOneShapeOfItsLines() throws {
        let lines = try shape(#"{"type":"MultiLineString","coordinates":[[[0,0],[1,1]],[[2,2],[3,3],[4,4]]]}"#)
        #expect(lines.kind == .multiLineString && lines.ringEnds == [2, 5] && lines.numbers.count == 10)
    }

    @Test func aPolygonWithAHoleKeepsItsRings() throws {
        let area = try shape(
            #"{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]],"#
                + #"[[2,2],[4,2],[4,4],[2,2]]]}"#)
        #expect(area.kind == .polygon && area.ringEnds == [5, 9] && area.polygonEnds == [2])
        #expect(Array(area.numbers[10..<12]) == [2, 2])
    }

    @Test func aMultiPolygonIsOneShapeOfItsPolygons() throws {
        let areas = try shape(
            #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],"#
                + #"[[[5,5],[9,5],[9,9],[5,5]],[[6,6],[7,6],[7,7],[6,6]]]]}"#)
        #expect(areas.kind == .multiPolygon && areas.ringEnds == [4, 8, 12] && areas.polygonEnds == [1, 3])
    }

    @Test func anUnclosedRingIsClosed() throws {
        let area = try shape(
            #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1]],[[0.2,0.2],[0.4,0.2],[0.4,0.4],[0.2,0.2]]]}"#)
        #expect(area.ringEnds == [4, 8])
        #expect(Array(area.numbers[0..<8]) == [0, 0, 1, 0, 1, 1, 0, 0])
        let withAltitudes = try shape(#"{"type":"MultiPolygon","coordinates":[[[[0,0,7],[1,0,8],[1,1,9]]]]}"#)
        #expect(withAltitudes.ringEnds == [4] && Array(withAltitudes.numbers.suffix(3)) == [0, 0, 7])
        // A line is never closed.
        #expect(try shape(#"{"type":"LineString","coordinates":[[0,0],[1,1],[2,0]]}"#).ringEnds == [3])
    }

    @Test func aGeometryCollectionNumbersItsPartsInOrder() throws {
        let f = try scan(
            #"{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[1,2]},"#
                + #"{"type":"LineString","coordinates":[[0,0],[1,1]]},{"type":"MultiPoint","coordinates":[[3,4],[5,6]]},"#
                + #"{"type":"LineString","coordinates":[]},{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}]}"#
        ).get()
        #expect(f.geometryType == "GeometryCollection")
        #expect(f.positions.map(\.longitude) == [1, 3, 5])
        // Point 0, line 1, points 2 and 3; the empty line is no part; the polygon 4.
        #expect(f.shapes.map(\.part) == [1, 4] && f.shapes.map(\.kind) == [.lineString, .polygon])
    }

    @Test func anEmptyGeometryHasNoParts() throws {
        for type in GeoJSONShape.Kind.allCases {
            let f = try scan(#"{"type":"\#(type.rawValue)","coordinates":[]}"#).get()
            #expect(f.shapes.isEmpty && f.positions.isEmpty && f.geometryType == type.rawValue)
        }
    }

    @Test func theStyleOfLinesAndAreasIsReadUnchecked() throws {
        let f = try scan(
            #"{"type":"LineString","coordinates":[[0,0],[1,1]]}"#,
            properties: ##"{"stroke":"#f00","stroke-width":2.5,"stroke-opacity":1.5,"fill":"nope","fill-opacity":-1}"##
        ).get()
        #expect(f.stroke == "#f00" && f.strokeWidth == 2.5 && f.strokeOpacity == 1.5)
        #expect(f.fill == "nope" && f.fillOpacity == -1 && f.notText.isEmpty && f.notNumber.isEmpty)
        let wrong = try scan(
            #"{"type":"LineString","coordinates":[[0,0],[1,1]]}"#,
            properties: #"{"stroke":5,"stroke-width":"4","stroke-opacity":null,"fill-opacity":[1]}"#
        ).get()
        #expect(wrong.stroke == nil && wrong.strokeWidth == nil && wrong.strokeOpacity == nil)
        #expect(wrong.notText == ["stroke"] && wrong.notNumber == ["stroke-width", "fill-opacity"])
    }

    @Test func refusalsNameTheCoordinatesAndWhatIsWrong() {
        let cases = [
            (
                #"{"type":"LineString","coordinates":[[0,0]]}"#,
                #""geometry.coordinates" (a LineString) has 1 position; a line needs at least 2"#
            ),
            (
                #"{"type":"MultiLineString","coordinates":[[[0,0],[1,1]],[[2,2]]]}"#,
                #""geometry.coordinates[1]" (a line of the MultiLineString) has 1 position"#
            ),
            (
                #"{"type":"Polygon","coordinates":[[[0,0],[1,1],[0,0]]]}"#,
                #""geometry.coordinates[0]" (a ring of the Polygon) has 3 positions; a ring needs at least 4"#
            ),
            (
                #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]],[[0,0],[1,1]]]}"#,
                #""geometry.coordinates[1]" (a ring of the Polygon) has 2 positions"#
            ),
            (
                #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[[[5,5],[6,6],[5,5]]]]}"#,
                #""geometry.coordinates[1][0]" (a ring of the MultiPolygon) has 3 positions"#
            ),
            (
                #"{"type":"MultiPolygon","coordinates":[[]]}"#,
                #""geometry.coordinates[0]" (a polygon) has no rings"#
            ),
            (
                #"{"type":"LineString","coordinates":[[0,0],[1,1,5]]}"#,
                #""geometry.coordinates[1]" has 3 numbers where the positions before it have 2"#
            ),
            (
                #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1,1,1],[0,0]]]}"#,
                #""geometry.coordinates[0][2]" must be [longitude, latitude] or [longitude, latitude, altitude]"#
            ),
            (
                #"{"type":"LineString","coordinates":[[0,0],["1",1]]}"#,
                #""geometry.coordinates" must be a list of [longitude, latitude] positions for a LineString"#
            ),
            (
                #"{"type":"LineString","coordinates":[[[0,0],[1,1]]]}"#,
                #""geometry.coordinates" must be a list of [longitude, latitude] positions for a LineString"#
            ),
            (
                #"{"type":"Polygon","coordinates":[[0,0],[1,0],[1,1],[0,0]]}"#,
                #""geometry.coordinates" must be a list of lists of [longitude, latitude] positions for a Polygon"#
            ),
            (
                #"{"type":"MultiPolygon","coordinates":[[[[[0,0]]]]]}"#,
                #"must be a list of lists of lists of [longitude, latitude] positions for a MultiPolygon"#
            ),
            (
                #"{"type":"MultiLineString","coordinates":[[[0,0],[1,1]],[0,0]]}"#,
                #"must be a list of lists of [longitude, latitude] positions for a MultiLineString"#
            ),
            (
                #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[]]]}"#,
                #"must be a list of lists of [longitude, latitude] positions for a Polygon"#
            ),
            (#"{"type":"LineString","coordinates":"0,0 1,1"}"#, #"must be a list of [longitude, latitude]"#),
            (
                #"{"type":"GeometryCollection","geometries":[{"type":"Polygon","coordinates":[[[0,0],[1,1]]]}]}"#,
                #"a GeometryCollection's Polygon "coordinates[0]" (a ring of the Polygon) has 2 positions"#
            ),
        ]
        for (geometry, part) in cases {
            let message = problem(geometry)
            #expect(message.contains(part), "\(geometry): \(message)")
        }
    }

    @Test func malformedCoordinatesAreStillCheckedAsJSON() {
        for geometry in [
            #"{"type":"LineString","coordinates":[[0,0],[1,1],]}"#,
            #"{"type":"LineString","coordinates":[[0,0][1,1]]}"#,
            #"{"type":"LineString","coordinates":[[0,0],["a",1}]]}"#,
            #"{"type":"Polygon","coordinates":[[[0,0],[1,]]]}"#,
        ] {
            guard case .failure(.invalidJSON) = scan(geometry) else {
                Issue.record("\(geometry) was not refused as invalid JSON")
                continue
            }
        }
    }

    @Test func aDocumentNamesTheFeatureOfABadRing() {
        let document =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"ok","geometry":null},"#
            + #"{"type":"Feature","id":7,"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,1]]]}}]}"#
        var bytes = Array(document.utf8)
        bytes.append(0)
        let result = bytes.withUnsafeBufferPointer { all in
            Result { () throws(GeoJSONLineScanner.DocumentProblem) in
                try GeoJSONLineScanner.document(UnsafeBufferPointer(rebasing: all[0..<(all.count - 1)]))
            }
        }
        guard case .failure(let problem) = result else {
            Issue.record("read")
            return
        }
        #expect(problem.message.hasPrefix(#"features[1] (id "7"): "geometry.coordinates[0]" (a ring of the Polygon)"#))
    }
}
