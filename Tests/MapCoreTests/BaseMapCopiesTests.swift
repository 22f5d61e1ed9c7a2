import DisplayList
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// The base map repeats in every copy of the world the view shows: drawn
/// once, as stored, its item repeated by the painter, so a camera over 180°
/// sees land and names on both sides and a pan around the world sends no
/// geometry.
@Suite struct BaseMapCopiesTests {
    static let bering = Camera(center: Coordinate(latitude: 65, longitude: 180), zoom: 5)

    static func worldPaths(_ scene: Scene) -> Set<UInt32> {
        Set(scene.items.filter { $0.kind == .worldPath }.map(\.id))
    }

    @Test func overTheBeringStraitBothShoresAndTheirNamesAreDrawn() throws {
        let (window, map) = makeMap(camera: Self.bering, baseMap: testBaseMap)
        let scene = window.renderScene()
        let base = try #require(map.baseMapView)
        #expect(scene.items.first { $0.id == base.id }?.properties.repeatsWorld == true)
        let band = try #require(testBaseMap.band(for: 5))
        let drawn = Self.worldPaths(scene)
        let tiles = band.tiles.filter { drawn.contains($0.itemID) }
        // Chukotka's tiles end at the world's east edge, Alaska's start at its west edge.
        #expect(tiles.contains { $0.worldRect.maxX > Mercator.worldSize * 0.99 })
        #expect(tiles.contains { $0.worldRect.minX < Mercator.worldSize * 0.01 })
        let names = Set(scene.items.filter { $0.kind == .text }.map(\.properties.text))
        #expect(names.contains("Anadyr") && names.contains("Nome"), "\(names.sorted())")
    }

    @Test func panningRoundTheWholeWorldSendsNothingButTheCamera() {
        let (window, map) = makeMap(camera: Self.bering, baseMap: testBaseMap)
        var differ = SceneDiffer()
        _ = differ.diff(to: window.renderScene())
        map.camera = map.camera.panned(byScreen: Point(x: -256 * 32, y: 0))
        #expect(map.camera.center.x > 1.5 * Mercator.worldSize, "a whole world east")
        let ops = differ.diff(to: window.renderScene())
        #expect(ops.isEmpty, "the same tiles and names, repeated: \(ops.count) ops")
    }

    @Test func namesThatWouldOverlapAcross180KeepTheMoreImportant() {
        let world = 2048.0
        // A name running east past 180° over one just east of it (a world on, in the next copy), and one
        // far from the edge.
        let boxes = [
            Rect(x: world - 30, y: 100, width: 60, height: 18), Rect(x: 10, y: 105, width: 50, height: 18),
            Rect(x: 900, y: 100, width: 60, height: 18), Rect(x: 5, y: 300, width: 50, height: 18),
        ]
        var shown = [true, true, true, true]
        CityLabelLevel.clearSeam(of: boxes, shown: &shown, worldWidth: world)
        #expect(shown == [true, false, true, true])
        // The other way round: the more important one east of 180° stays.
        var reversed = [true, true]
        CityLabelLevel.clearSeam(of: [boxes[1], boxes[0]], shown: &reversed, worldWidth: world)
        #expect(reversed == [true, false])
    }
}
