import DisplayList
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// Road names of the street tiles: laid along their lines, over the
/// overlays, none over another, none under a pin, and the same items as a
/// map pans.
@Suite struct StreetLabelTests {
    struct Look: StreetLabelPaint {
        func look(zoom: Double) -> StreetLabelLook? {
            StreetLabelLook(
                size: 12, color: Color(hex: 0x333333), halo: .white, haloWidth: 1.5, spacing: 0, maxAngle: .pi / 4)
        }
    }

    /// One zoom-14 tile with two named roads: one running east across it, and one crossing it at its middle.
    final class Source: StreetTileSource {
        let tile: StreetTile
        let rect: Rect
        var attributions: [MapCredit] { [] }
        var backgroundColor: Color { .white }

        init() {
            let size = Mercator.worldSize / 16_384
            rect = Rect(x: 9_000 * size, y: 4_700 * size, width: size, height: size)
            let east = [Point(x: rect.minX, y: rect.midY), Point(x: rect.maxX, y: rect.midY)]
            let north = [Point(x: rect.midX, y: rect.maxY), Point(x: rect.midX + 1, y: rect.minY)]
            tile = StreetTile(
                clip: WorldClip(x: Int32(rect.minX), y: Int32(rect.minY), width: Int32(size), height: Int32(size)),
                items: [],
                labels: [
                    StreetLabel(text: "Esplanadi", lines: [east], paint: Look()),
                    StreetLabel(text: "Unioninkatu", lines: [north], paint: Look()),
                ])
        }

        func tiles(covering rect: Rect, zoom: Double) -> [StreetTile] {
            rect.intersects(self.rect) ? [tile] : []
        }
    }

    let source = Source()

    func map(center: Point? = nil) -> (Window, MapView) {
        let camera = Camera(center: Mercator.unproject(center ?? source.rect.center), zoom: 14)
        return makeMap(camera: camera, baseMap: BaseMap(tiles: source))
    }

    /// The names a person sees: a name a pin covers is in the scene, hidden.
    func names(_ scene: Scene) -> [SceneItem] { scene.items.filter { $0.kind == .curvedText && !$0.properties.hidden } }

    @Test func aNameLiesAlongItsRoadAndTheFirstOfTwoCrossingNamesWins() throws {
        let (window, _) = map()
        let drawn = names(window.renderScene())
        #expect(drawn.map(\.properties.text) == ["Esplanadi"], "the second name would cross the first")
        let name = try #require(drawn.first)
        let glyphs = try #require(name.properties.glyphs).glyphs
        #expect(glyphs.count == "Esplanadi".count)
        #expect(glyphs.allSatisfy { abs($0.angle) < 1e-6 && abs($0.y) < 1e-3 }, "level, on the road")
        let anchor = try #require(name.properties.anchor)
        #expect(abs(Double(anchor.y) - source.rect.midY) <= 1)
        #expect(name.properties.stroke.color == .white && name.properties.fill == Color(hex: 0x333333))
    }

    @Test func aPinOnTheRoadHidesItsNameAndAPanKeepsTheItems() throws {
        let (window, map) = map()
        let first = names(window.renderScene())
        map.camera = Camera(center: Mercator.unproject(source.rect.center.offsetBy(dx: 40, dy: 0)), zoom: 14)
        let panned = names(window.renderScene())
        #expect(panned.map(\.id) == first.map(\.id), "the same items")
        #expect(panned.map(\.properties) == first.map(\.properties), "anchored to the world: nothing to send")
        let pin = PointAnnotation(coordinate: Mercator.unproject(source.rect.center))
        map.addAnnotation(pin)
        let scene = window.renderScene()
        let covered = names(scene).map(\.properties.text)
        #expect(!covered.contains("Esplanadi"), "the pin wins")
        let hidden = scene.items.filter { $0.kind == .curvedText && $0.properties.hidden }
        #expect(hidden.contains { $0.id == first[0].id }, "kept hidden, so the pin moving off shows it with a patch")
    }

    @Test func mapsAtOneZoomShareTheTilesNamesLaidOutOnce() throws {
        let (first, _) = map()
        let (second, _) = map()
        let drawn = names(first.renderScene())
        #expect(names(second.renderScene()).map(\.id) == drawn.map(\.id) && !drawn.isEmpty)
        var madeAgain = false
        let kept = source.tile.nameLayouts.names(zoom: 14, font: testFonts.regular.descriptor.id) {
            madeAgain = true
            return []
        }
        #expect(!madeAgain && !kept.isEmpty, "the first map laid them out for both")
    }
}

extension Point {
    fileprivate func offsetBy(dx: Double, dy: Double) -> Point { Point(x: x + dx, y: y + dy) }
}
