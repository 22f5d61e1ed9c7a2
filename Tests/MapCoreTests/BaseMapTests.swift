import DisplayList
import Foundation
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

@Suite struct BaseMapTests {
    @Test func fixtureHasBandsForEveryZoomAndCities() {
        #expect(testBaseMap.bands.count == 3)
        for z in stride(from: 1.0, through: 18, by: 0.5) {
            #expect(testBaseMap.band(for: z) != nil)
        }
        #expect(testBaseMap.cities.count > 1000)
        #expect(testBaseMap.cities.contains { $0.name == "São Paulo" })
    }

    @Test func malformedFilesAreRejectedWithAReason() {
        #expect(throws: BaseMap.LoadError.self) { try BaseMap(bytes: Array("NOPE".utf8)) }
        #expect(throws: BaseMap.LoadError.self) { try BaseMap(bytes: Array("MWBM".utf8) + [1, 0, 1]) }
    }

    /// One band-less file with one city at `latitude`, `longitude`.
    static func oneCityFile(latitude: Double, longitude: Double) -> [UInt8] {
        var bytes = Array("MWBM".utf8) + [1, 0, 0, 0] + [1, 0, 0, 0]
        bytes += [4, 0] + Array("Nowh".utf8)
        for value in [latitude, longitude] { bytes += withUnsafeBytes(of: value.bitPattern.littleEndian, Array.init) }
        bytes += [0] + [0, 0, 0, 0] + [0]
        return bytes
    }

    @Test func aCityAtNaNIsAnErrorNamingTheFileNotATrap() throws {
        #expect(try BaseMap(bytes: Self.oneCityFile(latitude: 1, longitude: 2)).cities.count == 1)
        for (lat, lon) in [(Double.nan, 2.0), (1.0, .nan), (91.0, 0.0), (0.0, .infinity)] {
            let bytes = Self.oneCityFile(latitude: lat, longitude: lon)
            #expect(throws: BaseMap.LoadError.self) { try BaseMap(bytes: bytes) }
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("basemap-nan-\(UUID()).bin")
        try Data(Self.oneCityFile(latitude: .nan, longitude: 2)).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try BaseMap(contentsOf: url)
            Issue.record("a NaN city loaded")
        } catch {
            #expect("\(error)".contains(url.path), "\(error)")
            #expect("\(error)".contains("Nowh"), "\(error)")
        }
    }

    @Test func cityLabelsDoNotOverlapAndFollowRank() throws {
        let (window, _) = makeMap(
            camera: Camera(center: Coordinate(latitude: 48, longitude: 10), zoom: 5), baseMap: testBaseMap)
        let scene = window.renderScene()
        var replica = SceneReplica(viewport: window.size)
        var differ = SceneDiffer()
        var s = scene
        s.camera = SceneCamera(
            centerX: Mercator.project(Coordinate(latitude: 48, longitude: 10)).x,
            centerY: Mercator.project(Coordinate(latitude: 48, longitude: 10)).y, zoom: 5)
        replica.apply(differ.diff(to: s))
        let labels = replica.items.filter { $0.value.kind == .text }.compactMap { replica.screenBounds(of: $0.key) }
        #expect(labels.count > 10)
        for (i, a) in labels.enumerated() {
            for b in labels[(i + 1)...] { #expect(!a.intersects(b)) }
        }
        // Zoomed out to 2, only the most important places get a name.
        let (w2, _) = makeMap(
            camera: Camera(center: Coordinate(latitude: 48, longitude: 10), zoom: 2), baseMap: testBaseMap)
        let shown = Set(w2.renderScene().items.filter { $0.kind == .text }.map(\.id))
        let ranks = testBaseMap.cities.filter { shown.contains($0.labelItemID) }.map(\.rank)
        #expect(!ranks.isEmpty && ranks.allSatisfy { $0 <= BaseMapView.maxRank(zoom: 2) })
    }

    @Test func panningKeepsTheSameTilesWithoutRedefiningThem() {
        let (window, map) = makeMap(
            camera: Camera(center: Coordinate(latitude: 48, longitude: 10), zoom: 7), baseMap: testBaseMap)
        var differ = SceneDiffer()
        let first = differ.diff(to: window.renderScene())
        #expect(first.contains { if case .definePath = $0 { return true } else { return false } })
        map.camera = map.camera.panned(byScreen: Point(x: 5, y: 3))
        let pan = differ.diff(to: window.renderScene())
        #expect(!pan.contains { if case .definePath = $0 { return true } else { return false } })
        #expect(!pan.contains { if case .insert(_, _, _, .worldPath, _) = $0 { return true } else { return false } })
    }
}
