import DisplayList
import Foundation
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// A large, detailed shape at a deep zoom: drawn in the pieces its tiles
/// cut from it, near the view only, fills and outlines apart, each cut to
/// its tile by the painter.
@Suite struct TiledShapeTests {
    /// A jagged region about 3 degrees across, with a lake: 2,000 corners.
    static func region(title: String? = nil) -> Polygon {
        let center = Coordinate(latitude: 10, longitude: 20)
        func ring(_ radius: Double, _ count: Int) -> [Coordinate] {
            (0..<count).map { i in
                let angle = Double(i) / Double(count) * 2 * .pi
                let r = radius * (i % 2 == 0 ? 1 : 0.97)
                return Coordinate(
                    latitude: center.latitude + r * sin(angle), longitude: center.longitude + r * cos(angle))
            }
        }
        let lake = Polygon(coordinates: ring(0.4, 200))
        return Polygon(coordinates: ring(1.5, 2_000), interiorPolygons: [lake], title: title)
    }

    func pathItems(_ scene: Scene) -> [SceneItem] { scene.items.filter { $0.kind == .worldPath } }

    @Test func aDeepZoomSendsTheTilesNearTheViewNotTheWholeShape() throws {
        let region = Self.region()
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 11.5, longitude: 20), zoom: 12.4))
        map.addOverlay(region, level: .aboveRoads)
        let scene = window.renderScene()
        let items = pathItems(scene)
        #expect(!items.isEmpty)
        for item in items {
            let clip = try #require(item.properties.worldClip, "every piece is cut to its tile")
            #expect(
                clip.width == clip.height && clip.width == 1 << 19,
                "512 points at zoom 12: the world is 2^30 units over 2^20 points"
            )
            let p = item.properties
            #expect(p.fill.alpha == 0 || p.stroke.color.alpha == 0, "a piece fills or strokes, never both")
        }
        let whole = region.rings(forZoom: 12).reduce(0) { $0 + $1.count }
        let sent = pathItems(scene).compactMap { item in
            scene.paths.first { $0.id == item.properties.path }?.decodedRings()?.reduce(0) { $0 + $1.count }
        }.reduce(0, +)
        #expect(sent < whole / 3, "the pieces near a view of the region's north: \(sent) of \(whole) points")
        let fills = items.filter { $0.properties.fill.alpha > 0 }
        let outlines = items.filter { $0.properties.stroke.color.alpha > 0 }
        #expect(!fills.isEmpty && !outlines.isEmpty)
        #expect(fills.allSatisfy { $0.properties.evenOdd }, "the lake stays open")
    }

    @Test func eachTilesFillHoldsExactlyTheRegionInsideThatTile() throws {
        let region = Self.region()
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 10, longitude: 21.3), zoom: 12))
        map.addOverlay(region, level: .aboveRoads)
        let scene = window.renderScene()
        var g = SplitMix(seed: 4)
        var tested = 0
        for item in pathItems(scene) where item.properties.fill.alpha > 0 {
            let clip = try #require(item.properties.worldClip)
            let rings = try #require(scene.paths.first { $0.id == item.properties.path }?.decodedRings())
            for _ in 0..<40 {
                let p = Point(
                    x: Double(clip.x) + Double(g.next() % 1_000) / 1_000 * Double(clip.width),
                    y: Double(clip.y) + Double(g.next() % 1_000) / 1_000 * Double(clip.height))
                // Points on the grid the path is rounded to may fall either way: test those clear of the edge.
                let drawn = region.rings(forZoom: 12)
                // The path is rounded to a grid of 256 units at zoom 12: test the points clear of the edge.
                guard !OverlayHitTest.isNear(p, rings: drawn, closed: true, reach: 1_024) else { continue }
                #expect(OverlayHitTest.isInside(p, rings: rings) == OverlayHitTest.isInside(p, rings: drawn))
                tested += 1
            }
        }
        #expect(tested > 100)
    }

    @Test func aPanBringsNewTilesAndKeepsTheItemsOfThoseAlreadySent() throws {
        let region = Self.region(title: "Region")
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 11.5, longitude: 20), zoom: 12))
        map.addOverlay(region, level: .aboveRoads)
        let before = window.renderScene()
        #expect(before.accessibility.filter { $0.name == "Region" }.count == 1, "named once, by one piece")
        map.camera = Camera(center: Coordinate(latitude: 11.5, longitude: 20.4), zoom: 12)
        let after = window.renderScene()
        let first = Dictionary(pathItems(before).map { ($0.properties.worldClip!, $0.id) }, uniquingKeysWith: min)
        let second = Dictionary(pathItems(after).map { ($0.properties.worldClip!, $0.id) }, uniquingKeysWith: min)
        let shared = Set(first.keys).intersection(second.keys)
        #expect(!shared.isEmpty && shared.count < second.count, "some tiles stay, some come")
        for tile in shared { #expect(first[tile] == second[tile], "a tile drawn again is the same item") }
    }

    @Test func aSmallOrDashedOrGrowingShapeIsDrawnWhole() {
        let small = Polygon(
            coordinates: (0..<400).map { i in
                let a = Double(i) / 400 * 2 * .pi
                return Coordinate(latitude: 10 + 0.01 * sin(a), longitude: 20 + 0.01 * cos(a))
            })
        var drawing = MapView.standardRenderer(for: small).itemProperties()!
        #expect(!TiledShape.wanted(small, drawing, level: 10), "inside a tile or two")
        let region = Self.region()
        drawing = MapView.standardRenderer(for: region).itemProperties()!
        #expect(TiledShape.wanted(region, drawing, level: 10))
        #expect(!TiledShape.wanted(region, drawing, level: 4), "a few tiles across at the world's zoom")
        drawing.line = ItemLineStyle(dashPattern: [4, 2])
        #expect(!TiledShape.wanted(region, drawing, level: 10), "dashes would restart in every piece")
    }
}
