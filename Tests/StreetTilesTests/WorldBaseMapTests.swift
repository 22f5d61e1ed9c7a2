import DisplayList
import MapCore
import MapGeometry
import MapStyle
import StreetTiles
import Synchronization
import Testing
import VectorTiles
import ViewKit

/// The world's tiles as the base map, with a city's tiles over them: one
/// style, one background, names and credits of what is on screen.
@Suite struct WorldBaseMapTests {
    let fonts: FontBook
    let world = repoRoot.appendingPathComponent("fixtures/tiles/world.mbtiles").path
    let helsinki = repoRoot.appendingPathComponent("fixtures/tiles/helsinki.mbtiles").path
    let karhulaCentre = Coordinate(latitude: 60.5305, longitude: 26.9505)

    init() throws {
        fonts = try FontBook.load(publicDirectory: repoRoot.appendingPathComponent("Public"))
    }

    func map(_ baseMap: BaseMap, at center: Coordinate, zoom: Double) -> (Window, MapView) {
        let window = Window(size: Size(width: 1024, height: 768), clock: ManualClock())
        let map = MapView(
            frame: window.bounds, fonts: fonts, baseMap: baseMap, camera: Camera(center: center, zoom: zoom))
        window.addSubview(map)
        map.controls.options = MapControlsOptions()
        return (window, map)
    }

    func backgroundFills(_ tiles: [StreetTile], _ set: StreetTileSet, zoom: Double) -> Int {
        tiles.flatMap(\.items).filter { $0.paint.itemProperties(zoom: zoom)?.fill == set.backgroundColor }.count
    }

    @Test func onlyTheWorldPaintsTheBackgroundSoTheSeaShowsUnderACity() throws {
        let set = try StreetTileSet(paths: [
            world, repoRoot.appendingPathComponent("fixtures/tiles/karhula.mbtiles").path,
        ])
        let square = tileRect(z: karhulaTile.z, x: karhulaTile.x, y: karhulaTile.y)
        let tiles = set.tiles(covering: middle(of: square), zoom: 14)
        let worldTiles = tiles.filter { $0.archive == 0 }, cityTiles = tiles.filter { $0.archive == 1 }
        #expect(worldTiles.count == 1 && cityTiles.count == 1)
        #expect(set.ground(zoom: 14) == set.backgroundColor, "the world's land under everything, painted once")
        #expect(backgroundFills(worldTiles, set, zoom: 14) == 0, "not once more under each tile")
        #expect(backgroundFills(cityTiles, set, zoom: 14) == 0, "the city's tile paints none over it")
        #expect(
            worldTiles[0].clip.width > cityTiles[0].clip.width * 32,
            "past its zoom 8 the world draws its deepest tile, whole")
    }

    @Test func theCreditsAreThoseOfTheTilesOnScreen() throws {
        let baseMap = try StreetTileSet(paths: [world, helsinki]).baseMap()
        #expect(baseMap.attributions == ["Natural Earth", "© OpenStreetMap contributors"])
        let (window, map) = map(baseMap, at: Coordinate(latitude: 60.1699, longitude: 24.9415), zoom: 15)
        _ = window.renderScene()
        #expect(map.controls.attribution.sources == ["Natural Earth", "© OpenStreetMap contributors"])
        map.camera = Camera(center: Coordinate(latitude: 30, longitude: -40), zoom: 15)
        _ = window.renderScene()
        #expect(map.controls.attribution.sources == ["Natural Earth"], "mid-Atlantic: no street in sight")
    }

    @Test func aPlaceBothArchivesNameIsNamedOnce() throws {
        let baseMap = try StreetTileSet(paths: [world, helsinki]).baseMap()
        let (window, _) = map(baseMap, at: Coordinate(latitude: 60.1699, longitude: 24.9415), zoom: 14)
        let names = window.renderScene().items.filter { $0.kind == .curvedText }.map(\.properties.text)
        #expect(names.filter { $0 == "Helsinki" }.count == 1, "\(names)")
        #expect(names.contains("KLUUVI"), "the city's own names stay")
    }

    @Test func aWorldTileTheArchiveLacksIsLand() throws {
        let set = try StreetTileSet(paths: [world])
        let archive = try TileArchives.open(path: world)
        // Inland Siberia: tiles with no water, border or place are left out of the archive.
        let missing = try #require(
            (0..<256).lazy.compactMap { x -> (Int, Int)? in
                (try? archive.tile(z: 8, x: x, y: 60)) ?? nil == nil ? (x, 60) : nil
            }.first)
        let square = tileRect(z: 8, x: missing.0, y: missing.1)
        #expect(set.tiles(covering: middle(of: square), zoom: 8).isEmpty, "nothing to draw over the ground")
        #expect(set.ground(zoom: 8) == set.backgroundColor)
        let (window, map) = map(set.baseMap(), at: Mercator.unproject(Point(x: square.midX, y: square.midY)), zoom: 8)
        let scene = window.renderScene()
        let ground = try #require(scene.items.first { $0.id == map.groundView.id })
        #expect(ground.properties.fill == set.backgroundColor, "the map paints the land once for the screen")
    }

    @Test func aCityAloneCoversNoWorldAndPaintsTheBackgroundUnderEachTile() throws {
        let set = try karhula()
        #expect(set.ground(zoom: 14) == nil)
        let square = tileRect(z: karhulaTile.z, x: karhulaTile.x, y: karhulaTile.y)
        #expect(backgroundFills(set.tiles(covering: middle(of: square), zoom: 14), set, zoom: 14) == 1)
        let (window, map) = map(set.baseMap(), at: karhulaCentre, zoom: 14)
        let scene = window.renderScene()
        #expect(scene.items.first { $0.id == map.groundView.id }?.properties.fill ?? .clear == .clear)
    }

    @Test func theDemosCitiesAreTheWorldsMostImportantFirst() throws {
        let cities = try StreetTileSet(paths: [world]).cities()
        #expect(cities.count > 24)
        #expect(zip(cities, cities.dropFirst()).allSatisfy { $0.rank <= $1.rank })
        let first = Set(cities.prefix(40).map(\.name))
        #expect(["London", "Paris", "Tokyo", "Moscow"].filter(first.contains).count >= 3, "\(first.sorted())")
        let london = try #require(cities.first { $0.name == "London" })
        #expect(abs(london.coordinate.latitude - 51.5) < 0.2 && abs(london.coordinate.longitude + 0.12) < 0.2)
    }

    @Test func fillsAt180RunPastTheWorldsEdgeSoTwoCopiesMeetWithoutASeam() throws {
        let set = try StreetTileSet(paths: [world])
        let size = Mercator.worldSize / 4
        // The Pacific at 180°: the last column's tile and the first's, at zoom 2.
        for (x, past) in [(3, { (p: Point) in p.x > Mercator.worldSize }), (0, { (p: Point) in p.x < 0 })] {
            let square = Rect(x: Double(x) * size, y: size, width: size, height: size)
            let tiles = set.tiles(covering: middle(of: square), zoom: 2)
            let fills = tiles.flatMap(\.items).filter { $0.paint.itemProperties(zoom: 2)?.fill.alpha ?? 0 > 0 }
            let rings = fills.compactMap { $0.path.decodedRings() }.flatMap { $0 }
            #expect(fills.count >= 1, "the sea over the ground")
            #expect(rings.filter { $0.contains(where: past) }.count >= 1, "carried past 180°")
        }
    }

    /// The world's tiles, counting how often a map asks for them.
    final class CountingTiles: StreetTileSource {
        let inner: StreetTileSet
        let asked = Mutex(0)
        init(_ inner: StreetTileSet) { self.inner = inner }
        var attributions: [MapCredit] { inner.attributions }
        var backgroundColor: Color { inner.backgroundColor }
        func tiles(covering rect: Rect, zoom: Double) -> [StreetTile] {
            asked.withLock { $0 += 1 }
            return inner.tiles(covering: rect, zoom: zoom)
        }
        func tilesKey(covering rect: Rect, zoom: Double) -> [Int]? { inner.tilesKey(covering: rect, zoom: zoom) }
    }

    @Test func aPanOverTheSameTilesDoesNotAskForThemAgain() throws {
        let tiles = CountingTiles(try StreetTileSet(paths: [world]))
        let (window, map) = map(BaseMap(tiles: tiles), at: Coordinate(latitude: 48, longitude: 10), zoom: 5.5)
        _ = window.renderScene()
        let first = tiles.asked.withLock { $0 }
        map.camera = map.camera.panned(byScreen: Point(x: 3, y: 2))
        _ = window.renderScene()
        #expect(tiles.asked.withLock { $0 } == first, "a few pixels: the same tiles")
        map.camera = map.camera.panned(byScreen: Point(x: 1024, y: 0))
        _ = window.renderScene()
        #expect(tiles.asked.withLock { $0 } > first, "a screen on: other tiles")
    }
}
