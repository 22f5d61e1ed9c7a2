import Foundation
import MapWire
import Persistence
import SampleApps
import Testing

@testable import mapwire

/// The Helsinki sample's trams, fed through the shared world as the demo's travellers are.
@Suite struct TramFeedTests {
    static let network: TramNetwork = {
        do {
            return try TramFile.load(DemoFeedTests.fixtures.appendingPathComponent("helsinki-trams.json"))
        } catch {
            fatalError("trams: \(error)")
        }
    }()

    /// A tram and the times it runs to the station, stands there, and leaves for Ylioppilastalo.
    static func tramLeavingTheStation() throws -> (TramNetwork.Tram, leaving: Double) {
        let line = try #require(network.lines.first { $0.ref == "6" && $0.destination == "Hietalahti" })
        let tram = try #require(network.trams.first { network.line(of: $0).id == line.id })
        let station = try #require(line.stops.firstIndex { $0.name == "Rautatieasema (M)" })
        let t = line.timetable
        return (tram, t.stopDistances[station] / t.speed + t.dwell * Double(station + 1) - tram.start)
    }

    @Test func everyTramIsAddedWithItsLineAndMovedThroughTheStore() throws {
        let store = AnnotationStore(seeds: [])
        let feed = TramFeed(store: store, network: Self.network, now: 100)
        let trams = store.records.filter { $0.kind == "tram" }
        #expect(trams.count == Self.network.trams.count)
        let tram = try #require(Self.network.trams.first)
        let live = try #require(store.record(id: tram.id)?.annotation as? LiveAnnotation)
        let line = Self.network.line(of: tram)
        #expect(live.title == line.title && live.markerSymbol == line.ref && live.markerColor == line.color)
        #expect(TramFeed.hex(Color(hex: 0x00985F)) == "#00985f")
        feed.step(at: 101)
        #expect(store.metrics.movesApplied.load(ordering: .relaxed) > 0)
        #expect(live.coordinate == Self.network.state(of: tram, at: 101).coordinate)
        // A tram removed through the API is no longer fed.
        try store.remove(id: tram.id)
        feed.step(at: 102)
        #expect(store.record(id: tram.id) == nil)
    }

    @Test func theCalloutNamesTheNextStopAsTheTramGoesOn() throws {
        let (tram, leaving) = try Self.tramLeavingTheStation()
        let store = AnnotationStore(seeds: [])
        let feed = TramFeed(store: store, network: Self.network, now: leaving - 30)
        let live = try #require(store.record(id: tram.id)?.annotation as? LiveAnnotation)
        #expect(live.subtitle == "Next stop: Rautatieasema (M)")
        feed.step(at: leaving - 5)
        #expect(live.subtitle == "Next stop: Ylioppilastalo", "standing at the station, the next is the one after")
        feed.step(at: leaving + 1)
        #expect(live.subtitle == "Next stop: Ylioppilastalo")
    }

    @Test func aTramAtTheEndOfItsTrackIsPutBackAtItsStartNotGlidedThere() throws {
        let tram = try #require(Self.network.trams.first)
        let line = Self.network.line(of: tram)
        let trip = line.timetable.tripDuration
        // One second before its trip ends, and one after it starts again.
        let end = trip - tram.start - 1
        let store = AnnotationStore(seeds: [])
        let feed = TramFeed(store: store, network: Self.network, now: end)
        let first = try #require(store.record(id: tram.id)?.annotation as? LiveAnnotation)
        feed.step(at: end + 2)
        let again = try #require(store.record(id: tram.id)?.annotation as? LiveAnnotation)
        #expect(first !== again, "taken away and added again")
        let start = line.track.coordinate(at: 1 * line.timetable.speed)
        #expect(abs(again.coordinate.latitude - start.latitude) < 1e-9)
        #expect(abs(again.coordinate.longitude - start.longitude) < 1e-9)
    }

    @Test func theTramsAreNotWrittenToTheFile() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("mapwire-trams-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("world.sqlite").path
        let id = try #require(Self.network.trams.first?.id)
        do {
            let store = try AnnotationStore(seeds: [], database: WorldDatabase(path: path))
            TramFeed(store: store, network: Self.network).step(at: AnnotationStore.now() + 1)
            #expect(store.record(id: id) != nil)
            store.close()
        }
        let store = try AnnotationStore(seeds: [], database: WorldDatabase(path: path))
        #expect(store.record(id: id) == nil)
    }
}
