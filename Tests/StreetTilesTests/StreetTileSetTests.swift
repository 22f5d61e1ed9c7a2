import DisplayList
import MapCore
import MapGeometry
import MapStyle
import Testing
import VectorTiles

@testable import StreetTiles

@Suite struct StreetTileSetTests {
    @Test func aKarhulaTileDrawsRoadsAndBuildingsInTheStylesColours() throws {
        let set = try karhula()
        let rect = tileRect(z: karhulaTile.z, x: karhulaTile.x, y: karhulaTile.y)
        let tiles = set.tiles(covering: middle(of: rect), zoom: 14)
        #expect(tiles.count == 1)
        let items = drawn(tiles, zoom: 14)
        let fills = Set(items.map(\.p.fill))
        let strokes = Set(items.map(\.p.stroke.color))
        #expect(fills.contains(color(0xE4E0DA)), "buildings")
        #expect(fills.contains(color(0xEEEBE6)), "residential land")
        #expect(strokes.contains(color(0xFFFFFF)), "minor roads and streets")
        #expect(strokes.contains(color(0xDCD7CF)), "the streets' casing")
        // One item per style layer and paint: far fewer than the tile's hundreds of features.
        #expect(items.count < 60)
        let roads = try #require(items.first { $0.p.stroke.color == color(0xFFFFFF) })
        #expect(roads.p.stroke.width > 0)
        #expect(roads.p.fill == .clear, "a line is stroked, never filled")
        #expect(roads.item.path.decodedRings()?.count ?? 0 > 1, "the tile's streets in one path")
    }

    @Test func waterIsDrawnInTheStylesBlueAsAreasAndAsStreams() throws {
        let stream = tileRect(z: 14, x: 9417, y: 4708)
        let karhulaItems = drawn(try karhula().tiles(covering: middle(of: stream), zoom: 14), zoom: 14)
        #expect(karhulaItems.contains { $0.p.stroke.color == color(0xB8D3E3) && $0.p.fill == .clear })
        let archive = try TileArchives.open(
            path: repoRoot.appendingPathComponent("fixtures/tiles/helsinki.mbtiles").path)
        let helsinki = StreetTileSet(archives: [archive], style: try MapStyle.builtIn(.light))
        let bay = tileRect(z: 14, x: 9326, y: 4741)
        let helsinkiItems = drawn(helsinki.tiles(covering: middle(of: bay), zoom: 14), zoom: 14)
        let lake = try #require(helsinkiItems.first { $0.p.fill == color(0xB8D3E3) }, "Töölönlahti")
        #expect(lake.item.path.decodedRings()?.allSatisfy { $0.first == $0.last } == true, "closed rings")
    }

    @Test func everyItemIsCutToItsTilesSquare() throws {
        let set = try karhula()
        let rect = tileRect(z: karhulaTile.z, x: karhulaTile.x, y: karhulaTile.y)
        let tile = try #require(set.tiles(covering: middle(of: rect), zoom: 14).first)
        #expect(tile.clip == WorldClip(x: Int32(rect.minX), y: Int32(rect.minY), width: 1 << 16, height: 1 << 16))
        // The geometry runs past the tile's edge (its buffer), which the clip cuts off.
        let points = tile.items.flatMap { $0.path.decodedRings() ?? [] }.flatMap { $0 }
        #expect(points.contains { !rect.contains($0) })
        #expect(points.allSatisfy { rect.insetBy(dx: -rect.width / 2, dy: -rect.height / 2).contains($0) })
    }

    @Test func pastTheArchivesDeepestZoomItDrawsTheDeepestTileAtTheCamerasWidths() throws {
        let set = try karhula()
        let rect = tileRect(z: karhulaTile.z, x: karhulaTile.x, y: karhulaTile.y)
        let at14 = drawn(set.tiles(covering: middle(of: rect), zoom: 14), zoom: 14)
        let tiles = set.tiles(covering: middle(of: rect), zoom: 16.5)
        #expect(
            tiles.map(\.clip) == [WorldClip(x: Int32(rect.minX), y: Int32(rect.minY), width: 1 << 16, height: 1 << 16)])
        let at16 = drawn(tiles, zoom: 16.5)
        let widths14 = at14.filter { $0.p.stroke.color == color(0xFFFFFF) }.map(\.p.stroke.width)
        let widths16 = at16.filter { $0.p.stroke.color == color(0xFFFFFF) }.map(\.p.stroke.width)
        #expect(widths16.max() ?? 0 > widths14.max() ?? 0, "roads widen as the camera zooms in")
    }

    @Test func theArchiveIsDrawnOnlyWhereItHasDataAndLargeEnoughToSee() throws {
        let set = try karhula()
        let helsinki = Mercator.project(Coordinate(latitude: 60.17, longitude: 24.94))
        let far = Rect(x: helsinki.x - 1000, y: helsinki.y - 1000, width: 2000, height: 2000)
        #expect(set.tiles(covering: far, zoom: 14).isEmpty)
        // Karhula is about 0.04 degrees wide: 29 px at zoom 10, a speck not drawn; 58 px at 11.
        let world = Rect(x: 0, y: 0, width: Mercator.worldSize, height: Mercator.worldSize)
        #expect(set.tiles(covering: world, zoom: 10).isEmpty)
        // Its z11 tile is larger than its bounds, yet its ground is painted over the bounds alone.
        let background = try #require(drawn(set.tiles(covering: world, zoom: 11), zoom: 11).first)
        #expect(background.p.fill == color(0xF4F2EE))
        let ground = try #require(background.item.path.decodedRings()?.first)
        let bounds = StreetTileSet.coverage([26.9299999, 60.5200000, 26.9699999, 60.5399999])
        let tile = tileRect(z: 11, x: 9418 >> 3, y: 4709 >> 3)
        #expect(bounds.width < tile.width / 2)
        let grid = Double(1 << 9) // The path's rounding at zoom 11.
        #expect(ground.allSatisfy { bounds.insetBy(dx: -grid, dy: -grid).contains($0) })
    }

    @Test func aTileIsMadeOnceAndSharedTheSameForEveryMap() throws {
        let set = try karhula()
        let rect = middle(of: tileRect(z: karhulaTile.z, x: karhulaTile.x, y: karhulaTile.y))
        let first = try #require(set.tiles(covering: rect, zoom: 14.2).first)
        let again = try #require(set.tiles(covering: rect, zoom: 14.7).first)
        #expect(first === again)
        #expect(set.cache.usage.count == 1)
    }

    @Test func theCacheDropsTheLeastRecentlyDrawnTilesPastItsBound() throws {
        let set = try karhula(byteLimit: 30_000)
        let rect = tileRect(z: karhulaTile.z, x: karhulaTile.x, y: karhulaTile.y)
        let first = try #require(set.tiles(covering: middle(of: rect), zoom: 14).first)
        // Karhula's other tiles, around the first.
        let around = rect.insetBy(dx: -rect.width * 0.9, dy: -rect.height * 0.9)
        _ = set.tiles(covering: around, zoom: 14)
        #expect(set.cache.usage.bytes <= 30_000 || set.cache.usage.count == 1)
        let again = try #require(set.tiles(covering: middle(of: rect), zoom: 14).first)
        #expect(first !== again, "made again once dropped")
        #expect(first.items.map(\.path.data) == again.items.map(\.path.data))
    }

    @Test func pmtilesAndMBTilesOfTheSameAreaDrawTheSame() throws {
        let rect = middle(of: tileRect(z: karhulaTile.z, x: karhulaTile.x, y: karhulaTile.y))
        let mbtiles = drawn(try karhula().tiles(covering: rect, zoom: 14), zoom: 14)
        let pmtiles = drawn(try karhula("karhula.pmtiles").tiles(covering: rect, zoom: 14), zoom: 14)
        #expect(mbtiles.map(\.p) == pmtiles.map(\.p))
        #expect(mbtiles.map(\.item.path.data) == pmtiles.map(\.item.path.data))
    }

    @Test func theCreditIsTheArchivesWithoutItsHTML() throws {
        #expect(try karhula().attributions == ["© OpenStreetMap contributors"])
        #expect(StreetTileSet.plainText("<a href=\"x\">&copy; OpenMapTiles</a>") == "© OpenMapTiles")
    }

    @Test func aCreditKeepsItsLinksHref() throws {
        let helsinki = try StreetTileSet(paths: [
            repoRoot.appendingPathComponent("fixtures/tiles/helsinki.mbtiles").path
        ])
        #expect(
            helsinki.attributions == [
                MapCredit(text: "© OpenStreetMap contributors", url: "https://www.openstreetmap.org/copyright")
            ])
        // OpenMapTiles' own attribution: two links, each its own credit with its page.
        let openMapTiles = """
            <a href="https://www.openmaptiles.org/" target="_blank">&copy; OpenMapTiles</a> \
            <A HREF='https://example.org/osm?a=1&amp;b=2'>&copy; OpenStreetMap contributors</A>
            """
        #expect(
            StreetTileSet.credits(fromHTML: openMapTiles) == [
                MapCredit(text: "© OpenMapTiles", url: "https://www.openmaptiles.org/"),
                MapCredit(text: "© OpenStreetMap contributors", url: "https://example.org/osm?a=1&b=2"),
            ])
        // Text outside links is a credit of its own; a link that is not to a web page is text only.
        #expect(
            StreetTileSet.credits(fromHTML: "Tiles by <b>Me</b> | <a href=javascript:alert(1)>© Data Co</a>") == [
                MapCredit(text: "Tiles by Me |"), MapCredit(text: "© Data Co"),
            ])
        #expect(StreetTileSet.credits(fromHTML: "<a href=\"https://x.example\"></a>").isEmpty)
        #expect(StreetTileSet.credits(fromHTML: "&copy; OpenStreetMap")[0].url == MapCredit.openStreetMapCopyright)
    }
}
