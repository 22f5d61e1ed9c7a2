import DisplayList
import Foundation
import MapCore
import MapStyle
import StreetTiles
import Testing
import VectorTiles

/// A tile groups a layer's features by the feature values its paint reads, and tests only the features
/// whose values the filter pins: neither may change what is drawn.
@Suite struct TilePaintGroupingTests {
    static let red = Color(hex: 0xFF0000), green = Color(hex: 0x00FF00), blue = Color(hex: 0x0000FF)

    /// Karhula's z14 tile in a style of one line layer over its roads.
    func items(filter: String? = nil, color: String) throws -> [(item: StreetTile.Item, p: ItemProperties)] {
        let filterJSON = filter.map { #", "filter": \#($0)"# } ?? ""
        let json = #"""
            {"version": 8, "sources": {"openmaptiles": {"type": "vector"}}, "layers": [
              {"id": "roads", "type": "line", "source": "openmaptiles", "source-layer": "transportation"\#(filterJSON),
               "paint": {"line-color": \#(color), "line-width": ["interpolate", ["linear"], ["zoom"], 10, 1, 16, 4]}}
            ]}
            """#
        let archive = try TileArchives.open(
            path: repoRoot.appendingPathComponent("fixtures/tiles/karhula.mbtiles").path)
        let set = StreetTileSet(archives: [archive], style: try MapStyle(json: Data(json.utf8)))
        let rect = tileRect(z: karhulaTile.z, x: karhulaTile.x, y: karhulaTile.y)
        return drawn(set.tiles(covering: middle(of: rect), zoom: 14), zoom: 14).map { ($0.item, $0.p) }
    }

    /// The tile's road lines whose properties pass `test`, counted as the tile itself has them.
    func lineCount(where test: ([String: VectorTileValue]) -> Bool) throws -> Int {
        let archive = try TileArchives.open(
            path: repoRoot.appendingPathComponent("fixtures/tiles/karhula.mbtiles").path)
        let bytes = try #require(try archive.tile(z: karhulaTile.z, x: karhulaTile.x, y: karhulaTile.y))
        let layer = try #require(try VectorTile(decoding: bytes).layers.first { $0.name == "transportation" })
        var count = 0
        for feature in layer.features {
            let properties = Dictionary(layer.properties(of: feature), uniquingKeysWith: { a, _ in a })
            guard test(properties), case .lines(let lines) = try feature.decodeGeometry() else { continue }
            count += lines.filter { $0.count > 1 }.count
        }
        return count
    }

    func rings(_ item: StreetTile.Item) -> Int { item.path.decodedRings()?.count ?? 0 }

    @Test func featuresThePaintReadsAlikeShareOneItemAndOthersGetTheirOwn() throws {
        let drawn = try items(color: ##"["match", ["get", "class"], "motorway", "#f00", "track", "#0f0", "#00f"]"##)
        #expect(Set(drawn.map(\.p.stroke.color)) == [Self.red, Self.green, Self.blue])
        #expect(drawn.count == 3, "one item for each colour")
        let motorways = try #require(drawn.first { $0.p.stroke.color == Self.red })
        #expect(rings(motorways.item) == (try lineCount { $0["class"] == .string("motorway") }))
        let others = try #require(drawn.first { $0.p.stroke.color == Self.blue })
        #expect(
            rings(others.item)
                == (try lineCount { $0["class"] != .string("motorway") && $0["class"] != .string("track") }))
    }

    @Test func twoValuesPaintedAlikeShareAnItem() throws {
        let drawn = try items(color: ##"["match", ["get", "class"], ["motorway", "track"], "#f00", "#00f"]"##)
        #expect(drawn.count == 2)
        let red = try #require(drawn.first { $0.p.stroke.color == Self.red })
        #expect(
            rings(red.item) == (try lineCount { $0["class"] == .string("motorway") || $0["class"] == .string("track") })
        )
    }

    @Test func aFilterPinningTwoPropertiesDrawsExactlyTheFeaturesWithBoth() throws {
        let drawn = try items(
            filter:
                #"["all", ["==", ["get", "brunnel"], "bridge"], ["in", ["get", "class"], ["literal", ["track", "motorway"]]]]"#,
            color: ##""#ff0000""##)
        let expected = try lineCount {
            $0["brunnel"] == .string("bridge")
                && ($0["class"] == .string("track") || $0["class"] == .string("motorway"))
        }
        #expect(expected > 0, "the tile has such bridges")
        #expect(drawn.count == 1)
        #expect(drawn.first.map { rings($0.item) } == expected)
    }

    @Test func aPaintReadingTwoPropertiesGroupsByBoth() throws {
        let drawn = try items(
            color:
                ##"["case", ["==", ["get", "brunnel"], "bridge"], "#0f0", ["==", ["get", "class"], "motorway"], "#f00", "#00f"]"##
        )
        let bridges = try lineCount { $0["brunnel"] == .string("bridge") }
        let motorways = try lineCount { $0["brunnel"] != .string("bridge") && $0["class"] == .string("motorway") }
        let others = try lineCount { $0["brunnel"] != .string("bridge") && $0["class"] != .string("motorway") }
        #expect(bridges > 0 && motorways > 0 && others > 0)
        #expect(drawn.count == 3)
        for (color, count) in [(Self.green, bridges), (Self.red, motorways), (Self.blue, others)] {
            #expect(drawn.first { $0.p.stroke.color == color }.map { rings($0.item) } == count, "\(color)")
        }
    }

    @Test func aPaintReadingTheIdStillGroupsByWhatElseItReads() throws {
        // The id is no place in a value table: these features are grouped by their values themselves.
        let drawn = try items(
            color:
                ##"["case", ["==", ["id"], 123456789], "#0f0", ["==", ["get", "class"], "motorway"], "#f00", "#00f"]"##)
        #expect(drawn.count == 2)
        #expect(
            drawn.first { $0.p.stroke.color == Self.red }.map { rings($0.item) }
                == (try lineCount { $0["class"] == .string("motorway") }))
        #expect(
            drawn.first { $0.p.stroke.color == Self.blue }.map { rings($0.item) }
                == (try lineCount { $0["class"] != .string("motorway") }))
    }

    @Test func aCasingAndItsFillShareOnePathCountedOnce() throws {
        func tile(_ layers: [String]) throws -> StreetTile {
            let json =
                #"{"version": 8, "sources": {"openmaptiles": {"type": "vector"}}, "layers": ["#
                + layers.joined(separator: ",") + "]}"
            let archive = try TileArchives.open(
                path: repoRoot.appendingPathComponent("fixtures/tiles/karhula.mbtiles").path)
            let set = StreetTileSet(archives: [archive], style: try MapStyle(json: Data(json.utf8)))
            let rect = tileRect(z: karhulaTile.z, x: karhulaTile.x, y: karhulaTile.y)
            return try #require(set.tiles(covering: middle(of: rect), zoom: 14).first)
        }
        func layer(_ id: String, _ color: String, width: Int, filter: String = #"["==", ["get", "class"], "track"]"#)
            -> String
        {
            #"{"id": "\#(id)", "type": "line", "source": "openmaptiles", "source-layer": "transportation", "#
                + #""filter": \#(filter), "paint": {"line-color": "\#(color)", "line-width": \#(width)}}"#
        }
        let one = try tile([layer("casing", "#ccc", width: 6)])
        let both = try tile([layer("casing", "#ccc", width: 6), layer("fill", "#fff", width: 4)])
        #expect(both.items.count == 2)
        #expect(both.items[0].path === both.items[1].path, "the same tracks: one path for both")
        #expect(both.items[0].itemID != both.items[1].itemID)
        #expect(both.byteCount == one.byteCount + 256, "the path's bytes count once")
        let other = try tile([
            layer("casing", "#ccc", width: 6),
            layer("minor", "#fff", width: 4, filter: #"["==", ["get", "class"], "minor"]"#),
        ])
        #expect(other.items[0].path !== other.items[1].path, "other roads: a path of their own")
    }
}
