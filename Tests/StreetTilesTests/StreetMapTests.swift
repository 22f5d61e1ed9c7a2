import DisplayList
import MapCore
import MapGeometry
import MapStyle
import StreetTiles
import Testing
import VectorTiles
import ViewKit

/// Street tiles drawn by real maps: what a browser is sent.
@Suite struct StreetMapTests {
    let fonts: FontBook
    let karhulaCentre = Coordinate(latitude: 60.5305, longitude: 26.9505)

    init() throws {
        fonts = try FontBook.load(publicDirectory: repoRoot.appendingPathComponent("Public"))
    }

    func map(_ streets: StreetTileSet, zoom: Double) -> (Window, MapView) {
        let window = Window(size: Size(width: 1024, height: 768), clock: ManualClock())
        let map = MapView(
            frame: window.bounds, fonts: fonts, baseMap: nil, camera: Camera(center: karhulaCentre, zoom: zoom))
        window.addSubview(map)
        map.streets = streets
        return (window, map)
    }

    /// The street items of a scene: world paths cut to a tile.
    func streetItems(_ scene: Scene) -> [SceneItem] {
        scene.items.filter { $0.kind == .worldPath && $0.properties.worldClip != nil }
    }

    @Test func aPanSendsNoNewPathAndAnUnchangedFrameNothing() throws {
        let (window, map) = map(try karhula(), zoom: 15)
        var differ = SceneDiffer()
        let first = differ.diff(to: window.renderScene())
        let defined = first.filter { if case .definePath = $0 { true } else { false } }
        #expect(defined.count > 20, "the tiles near the view, sent once")
        #expect(differ.diff(to: window.renderScene()).isEmpty)
        map.camera = map.camera.panned(byScreen: Point(x: 200, y: -150))
        let pan = differ.diff(to: window.renderScene())
        #expect(!pan.contains { if case .definePath = $0 { true } else { false } }, "a pan sends no path")
        #expect(!pan.contains { if case .insert = $0 { true } else { false } }, "nor an item")
    }

    @Test func roadsCarryTheirNamesAlongThemInTheStylesColours() throws {
        let archive = try TileArchives.open(
            path: repoRoot.appendingPathComponent("fixtures/tiles/helsinki.mbtiles").path)
        let streets = StreetTileSet(archives: [archive], style: try MapStyle.builtIn(.light))
        let (window, map) = map(streets, zoom: 16)
        map.camera = Camera(center: Coordinate(latitude: 60.1699, longitude: 24.9425), zoom: 16)
        let names = window.renderScene().items.filter { $0.kind == .curvedText }
        let texts = Set(names.map(\.properties.text))
        #expect(texts.isSuperset(of: ["Kaivokatu", "Aleksanterinkatu"]), "\(texts)")
        let alongRoads = names.filter { $0.properties.glyphs?.glyphs.contains { $0.angle != 0 } ?? false }
        for name in alongRoads where ["Kaivokatu", "Aleksanterinkatu"].contains(name.properties.text) {
            #expect(name.properties.fill == Color(hex: 0x6A655E), "the light style's road name colour")
            #expect(name.properties.glyphs?.glyphs.count == name.properties.text.count)
        }
    }

    @Test func neighbourhoodsAndPlacesAreNamedLevel() throws {
        let archive = try TileArchives.open(
            path: repoRoot.appendingPathComponent("fixtures/tiles/helsinki.mbtiles").path)
        let streets = StreetTileSet(archives: [archive], style: try MapStyle.builtIn(.light))
        let (window, map) = map(streets, zoom: 16)
        map.camera = Camera(center: Coordinate(latitude: 60.1699, longitude: 24.9425), zoom: 16)
        let names = window.renderScene().items.filter { $0.kind == .curvedText }
        // A point's name carries no place for each character: the painter writes it level, centred.
        let level = names.filter { $0.properties.glyphs == nil }
        #expect(level.count > 3, "names of points, written level")
        #expect(level.contains { $0.properties.text == "KLUUVI" }, "a neighbourhood, upper-cased as the style says")
    }

    @Test func everyMapDrawsTheSameItemsAndPathsFromOneCache() throws {
        let streets = try karhula()
        let (windowA, _) = map(streets, zoom: 15.5)
        let (windowB, _) = map(streets, zoom: 15.5)
        let a = streetItems(windowA.renderScene())
        let b = streetItems(windowB.renderScene())
        #expect(!a.isEmpty)
        #expect(a.map(\.id) == b.map(\.id))
        #expect(a.map(\.properties.path) == b.map(\.properties.path))
    }

    @Test func aZoomPastTheArchiveKeepsItsPathsAndWidensTheStrokes() throws {
        let (window, map) = map(try karhula(), zoom: 15.2)
        let before = streetItems(window.renderScene())
        map.camera.zoom = 17.4
        let after = streetItems(window.renderScene())
        let paths = { (items: [SceneItem]) in Set(items.map(\.properties.path)) }
        #expect(paths(after).isSubset(of: paths(before)), "the same z14 paths, those near the smaller view")
        let widest = { (items: [SceneItem]) in items.map(\.properties.stroke.width).max() ?? 0 }
        #expect(widest(after) > widest(before))
        #expect(after.allSatisfy { $0.properties.worldClip?.width == 1 << 16 }, "z14 tiles")
    }

    @Test func theAttributionCreditsOpenStreetMapWhileTilesAreOnScreen() throws {
        let (window, map) = map(try karhula(), zoom: 15)
        map.controls.options = MapControlsOptions()
        _ = window.renderScene()
        #expect(map.controls.attribution.text.contains("© OpenStreetMap contributors"))
        map.camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 15)
        _ = window.renderScene()
        #expect(!map.controls.attribution.text.contains("OpenStreetMap"))
    }
}
