import DisplayList
import MapGeometry
import Synchronization
import Testing
import ViewKit

@testable import MapCore

/// The street layer of a map, over a source that holds one square tile.
@Suite struct StreetLayerTests {
    /// Paints a fixed fill, and counts how often a map asks.
    final class Paint: StreetPaint {
        let asked = Mutex(0)
        func itemProperties(zoom: Double) -> ItemProperties? {
            asked.withLock { $0 += 1 }
            var p = ItemProperties()
            p.fill = Color(hex: 0x123456)
            return p
        }
    }

    /// One tile at zoom 10 around the origin of the map's coordinates, from zoom 8 on.
    final class Source: StreetTileSource {
        let paint = Paint()
        let tile: StreetTile
        let rect: Rect
        var attributions: [MapCredit] { ["© Test streets"] }
        var backgroundColor: Color { Color(hex: 0xF2EFE6) }

        init() {
            let size = Mercator.worldSize / 1024
            rect = Rect(x: 512 * size, y: 512 * size, width: size, height: size)
            let ring = [
                rect.origin, Point(x: rect.maxX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY), rect.origin,
            ]
            tile = StreetTile(
                clip: WorldClip(x: Int32(rect.minX), y: Int32(rect.minY), width: Int32(size), height: Int32(size)),
                items: [StreetTile.Item(itemID: ItemID.next(), path: PathResource(rings: [ring]), paint: paint)])
        }

        func tiles(covering rect: Rect, zoom: Double) -> [StreetTile] {
            zoom >= 8 && rect.intersects(self.rect) ? [tile] : []
        }
    }

    let source = Source()

    func map(zoom: Double) -> (Window, MapView) {
        let (window, map) = makeMap(
            camera: Camera(center: source.rect.center, zoom: zoom), baseMap: BaseMap(tiles: source))
        map.controls.options = MapControlsOptions()
        return (window, map)
    }

    @Test func theTilesLieUnderTheOverlaysAboveRoadsAndTheNamesUnderThoseAboveLabels() throws {
        let (window, map) = map(zoom: 10)
        map.addOverlay(Circle(center: Mercator.unproject(source.rect.center), radius: 300), level: .aboveRoads)
        map.addOverlay(Circle(center: Mercator.unproject(source.rect.center), radius: 200), level: .aboveLabels)
        let scene = window.renderScene()
        let paths = scene.items.filter { $0.kind == .worldPath }
        let street = try #require(paths.firstIndex { $0.id == source.tile.items[0].itemID })
        let overlays = paths.indices.filter { paths[$0].properties.fill == MapView.standardOverlayColor.withAlpha(0.2) }
        #expect(overlays.count == 2 && street < overlays[0])
        #expect(paths[street].properties.worldClip == source.tile.clip)
        #expect(paths[street].properties.path == source.tile.items[0].path.id)
        let order = scene.items.map(\.id)
        let names = try #require(order.firstIndex(of: map.streetLabels.id))
        #expect(
            order.firstIndex(of: paths[overlays[0]].id)! < names && names < order.firstIndex(of: paths[overlays[1]].id)!
        )
    }

    @Test func withoutABaseMapThereAreNoTiles() throws {
        let (window, map) = makeMap(camera: Camera(center: source.rect.center, zoom: 10), baseMap: nil)
        map.addOverlay(Circle(center: Mercator.unproject(source.rect.center), radius: 300), level: .aboveLabels)
        let paths = window.renderScene().items.filter { $0.kind == .worldPath }
        #expect(paths.count == 1)
    }

    @Test func anUnchangedFrameIsVouchedForAndAPanAtOneZoomEvaluatesNoPaint() throws {
        let (window, map) = map(zoom: 10)
        _ = window.renderScene()
        let asked = source.paint.asked.withLock { $0 }
        map.camera = map.camera.panned(byScreen: Point(x: 30, y: 20))
        let scene = window.renderScene()
        let index = try #require(scene.items.firstIndex { $0.id == source.tile.items[0].itemID })
        #expect(scene.unchangedItems.contains { $0.contains(index) }, "the differ need not compare it")
        let layer = try #require(scene.items.firstIndex { $0.id == map.streetLayer.id })
        #expect(scene.unchangedItems.contains { $0.contains(layer) }, "nor the layer's own item")
        #expect(source.paint.asked.withLock { $0 } == asked)
        map.camera.zoom = 10.5
        _ = window.renderScene()
        #expect(source.paint.asked.withLock { $0 } == asked + 1, "a zoom asks the paint again")
    }

    @Test func belowTheSourcesZoomsNoStreetsAndNoCredit() throws {
        let (window, map) = map(zoom: 6)
        let scene = window.renderScene()
        #expect(!scene.items.contains { $0.id == source.tile.items[0].itemID })
        #expect(map.controls.attribution.isHidden, "no tiles, no credit")
        map.camera.zoom = 9
        _ = window.renderScene()
        #expect(map.controls.attribution.text == "© Test streets")
    }
}
