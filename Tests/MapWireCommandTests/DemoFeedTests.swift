import Foundation
import MapWire
import Persistence
import SampleApps
import StreetTiles
import Testing

@testable import mapwire

/// The demo's travellers: great-circle legs between the base map's largest cities, fed through the shared world.
@Suite struct DemoFeedTests {
    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fixtures = repoRoot.appendingPathComponent("fixtures")

    @Test func greatCircleLegsStartAndEndAtTheirCities() {
        let paris = Coordinate(latitude: 48.85, longitude: 2.35), tokyo = Coordinate(latitude: 35.68, longitude: 139.69)
        let leg = DemoFeed.Leg(from: paris, to: tokyo, start: 10, duration: 20)
        let start = leg.position(at: 10)
        #expect(abs(start.latitude - paris.latitude) < 1e-9 && abs(start.longitude - paris.longitude) < 1e-9)
        let end = leg.position(at: 30)
        #expect(abs(end.latitude - tokyo.latitude) < 1e-9 && abs(end.longitude - tokyo.longitude) < 1e-9)
        // The great circle from Paris to Tokyo passes far north of both (over Siberia).
        #expect(leg.position(at: 20).latitude > 60)
    }

    @Test func travellersFlyBetweenTheBaseMapsLargestCitiesWhateverTheApp() throws {
        let world = Self.fixtures.appendingPathComponent("tiles/world.mbtiles").path
        let baseMap = try StreetTileSet(paths: [world]).baseMap()
        let cities = DemoFeed.cities(of: baseMap)
        #expect(cities.count == 24)
        #expect(cities == baseMap.cities.prefix(24).map(\.coordinate))
        #expect(baseMap.cities.count > 24, "the most important of more")
        #expect(DemoFeed.cities(of: nil).count == 2, "no base map: still somewhere to fly")
    }

    @Test func travellersAreAddedAndMovedThroughTheStore() throws {
        let content = try SampleContent.load(
            dataDirectory: Self.fixtures,
            publicDirectory: Self.repoRoot.appendingPathComponent("Public"))
        let store = AnnotationStore(seeds: SampleMapApp(content: content).seeds)
        let cities = content.people.map(\.coordinate)
        let feed = DemoFeed(store: store, cities: cities, count: 5, now: 100)
        #expect(store.records.filter { $0.kind == "traveller" }.count == 5)
        let before = try #require(store.record(id: "traveller-1")?.annotation.coordinate)
        feed.step(at: 101)
        let after = try #require(store.record(id: "traveller-1")?.annotation.coordinate)
        #expect(before != after)
        #expect(store.metrics.movesApplied.load(ordering: .relaxed) == 5)
        // A traveller removed through the API is no longer fed (and the rest are).
        try store.remove(id: "traveller-2")
        feed.step(at: 102)
        #expect(store.metrics.movesApplied.load(ordering: .relaxed) == 9)
    }

    @Test func theDemosTravellersAreNotWrittenToTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("world.sqlite").path
        do {
            let store = try AnnotationStore(seeds: [], database: WorldDatabase(path: path))
            let demo = DemoFeed(
                store: store,
                cities: [
                    Coordinate(latitude: 0, longitude: 0),
                    Coordinate(latitude: 10, longitude: 10),
                ], count: 3)
            demo.step(at: AnnotationStore.now() + 1)
            #expect(store.record(id: "traveller-1") != nil)
            store.close()
        }
        let store = try AnnotationStore(seeds: [], database: WorldDatabase(path: path))
        #expect(store.record(id: "traveller-1") == nil)
        // A demo started again adds them afresh instead of finding ids that exist.
        _ = DemoFeed(
            store: store,
            cities: [
                Coordinate(latitude: 0, longitude: 0),
                Coordinate(latitude: 10, longitude: 10),
            ], count: 3)
        #expect(store.record(id: "traveller-3") != nil)
    }
}
