import Foundation
import MapGeometry
import Testing
@testable import MapSession

@Suite struct DemoFeedTests {
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
        let baseMap = try #require(sharedWorld.baseMap)
        let cities = DemoFeed.cities(of: baseMap)
        #expect(cities.count == 24)
        let largest = try #require(baseMap.cities.max { $0.population < $1.population })
        #expect(cities.first == largest.coordinate)
        #expect(DemoFeed.cities(of: nil).count == 2, "no base map: still somewhere to fly")
    }

    @Test func travellersAreAddedAndMovedThroughTheStore() throws {
        let world = freshWorld()
        let cities = sampleContent.people.map(\.coordinate)
        let feed = DemoFeed(store: world.store, cities: cities, count: 5, now: 100)
        #expect(world.store.records.filter { $0.kind == "traveller" }.count == 5)
        let before = try #require(world.store.record(id: "traveller-1")?.annotation.coordinate)
        feed.step(at: 101)
        let after = try #require(world.store.record(id: "traveller-1")?.annotation.coordinate)
        #expect(before != after)
        #expect(world.store.metrics.movesApplied.load(ordering: .relaxed) == 5)
        // A traveller removed through the API is no longer fed (and the rest are).
        try world.store.remove(id: "traveller-2")
        feed.step(at: 102)
        #expect(world.store.metrics.movesApplied.load(ordering: .relaxed) == 9)
    }

    @Test func meteredOutputTimesAnInputToTheNextFrame() {
        let metrics = LiveMetrics()
        let recorder = RecordingOutput()
        let output = MeteredOutput(base: recorder, metrics: metrics)
        output.markEvent(at: AnnotationStore.now() - 0.003)
        output.send([0x01, 0, 0]) // a welcome is not a frame
        #expect(metrics.latency.total == 0)
        output.send([0x02, 1, 2, 3])
        output.send([0x02, 1, 2, 3]) // nothing pending: counted, not timed
        #expect(metrics.latency.total == 1)
        #expect(metrics.framesSent.load(ordering: .relaxed) == 2)
        #expect(metrics.frameBytesSent.load(ordering: .relaxed) == 8)
        let text = metrics.prometheusText()
        #expect(text.contains("mapwire_event_to_frame_seconds_bucket{le=\"0.004\"} 1"))
        #expect(text.contains("mapwire_event_to_frame_seconds_bucket{le=\"0.002\"} 0"))
        #expect(recorder.sent.withLock { $0.count } == 3)
    }

    /// The histogram has a bucket at each latency budget, so a run can say it met one.
    @Test func theLatencyHistogramHasABucketAtEachBudget() {
        let histogram = LatencyHistogram()
        histogram.record(0.030)
        histogram.record(0.009)
        let text = histogram.prometheusText(name: "t")
        #expect(text.contains("t_bucket{le=\"0.008\"} 0"))
        #expect(text.contains("t_bucket{le=\"0.01\"} 1"))
        #expect(text.contains("t_bucket{le=\"0.024\"} 1"))
        #expect(text.contains("t_bucket{le=\"0.033\"} 2"))
    }
}
