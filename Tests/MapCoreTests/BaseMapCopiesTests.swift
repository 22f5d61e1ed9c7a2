import DisplayList
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// The base map repeats in every copy of the world the view shows: each
/// tile drawn once, as stored, its layer repeated by the painter, so a
/// camera over 180° sees land and names on both sides and a pan around the
/// world sends no geometry.
@Suite struct BaseMapCopiesTests {
    static let bering = Camera(center: Coordinate(latitude: 65, longitude: 180), zoom: 5)

    static func clips(_ scene: Scene) -> [WorldClip] {
        scene.items.filter { $0.kind == .worldPath }.compactMap(\.properties.worldClip)
    }

    @Test func overTheBeringStraitBothShoresAndTheirNamesAreDrawn() throws {
        let (window, map) = makeMap(camera: Self.bering, baseMap: testBaseMap)
        let scene = window.renderScene()
        #expect(scene.items.first { $0.id == map.streetLayer.id }?.properties.repeatsWorld == true)
        #expect(scene.items.first { $0.id == map.streetLabels.id }?.properties.repeatsWorld == true)
        // Chukotka's tiles end at the world's east edge, Alaska's start at its west edge.
        let clips = Self.clips(scene)
        #expect(clips.contains { Double($0.x) + Double($0.width) > Mercator.worldSize * 0.99 })
        #expect(clips.contains { $0.x == 0 })
        let names = Set(scene.items.filter { $0.kind == .curvedText }.map(\.properties.text))
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
}
