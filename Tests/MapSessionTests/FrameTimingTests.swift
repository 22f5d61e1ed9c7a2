import Foundation
import MapGeometry
import SampleApps
import SessionTransport
import Synchronization
import Testing

@testable import LiveWorld
@testable import MapSession

/// Records what a session reports for timing its frames.
final class RecordingFrameTiming: FrameTimingObserver {
    let liveChanges = Mutex<[Double]>([])
    let epochs = Mutex<[Double]>([])
    let emptyRenders = Mutex(0)
    func liveChangesApplied(receivedAt time: Double) { liveChanges.withLock { $0.append(time) } }
    func clusterEpochApplied(publishedAt time: Double) { epochs.withLock { $0.append(time) } }
    func renderChangedNothing() { emptyRenders.withLock { $0 += 1 } }
}

/// The session reports what only it sees of input-to-frame latency to the
/// observer it was given, whatever its output is.
@Suite struct FrameTimingTests {
    @Test func anInputThatChangesNothingIsReported() {
        let timing = RecordingFrameTiming()
        let h = SessionHarness(frameTiming: timing)
        let (frames, before) = (h.frames.count, timing.emptyRenders.withLock { $0 })
        h.key("F13") // no view answers it
        #expect(h.frames.count == frames)
        #expect(timing.emptyRenders.withLock { $0 } == before + 1)
    }

    @Test func appliedLiveChangesAreReportedWithTheTimeTheStoreGotThem() throws {
        let world = freshWorld()
        let timing = RecordingFrameTiming()
        let h = SessionHarness(hash: LiveMoveTests.pacific, world: world, frameTiming: timing)
        let start = AnnotationStore.now()
        let boat = LiveAnnotation(id: "boat", title: "Boat", coordinate: Coordinate(latitude: 0, longitude: -150))
        try world.store.add(boat)
        h.flushQueue()
        let reported = timing.liveChanges.withLock { $0 }
        #expect(reported.count == 1)
        #expect(reported.allSatisfy { $0 >= start && $0 <= AnnotationStore.now() })
    }

    /// Moves of pins the store clusters are not in the change log: the
    /// cluster epoch that merges them wakes the maps that show them, and
    /// each map's next frame is timed from when the first move it shows
    /// was received.
    @Test func aClusterEpochTimesTheFramesOfTheMapsItChanges() throws {
        // Merges paced by a minute-long frame: both moves wait for the publish the test makes itself.
        let world = World(
            fonts: sharedWorld.fonts, baseMap: sharedWorld.baseMap,
            store: AnnotationStore(journal: nil, clusterFrame: 60), app: sampleApp)
        let buoy = LiveAnnotation(
            id: "buoy", title: "Buoy", coordinate: Coordinate(latitude: 0, longitude: -150),
            clusteringIdentifier: "fleet")
        try world.store.add(SharedClusterSessionTests.vans() + [buoy])
        world.store.publishClusters()
        let (nearTiming, farTiming) = (RecordingFrameTiming(), RecordingFrameTiming())
        let near = SessionHarness(hash: "#6/-30/-120", world: world, id: 1, frameTiming: nearTiming)
        let far = SessionHarness(hash: LiveMoveTests.pacific, world: world, id: 2, frameTiming: farTiming)
        for h in [near, far] {
            h.flushQueue()
            h.settle(seconds: 0.2)
        }
        let (logged, frames) = (world.store.version, near.frames.count)
        let (nearBefore, farBefore) = (nearTiming.liveChanges.withLock { $0 }, farTiming.liveChanges.withLock { $0 })
        let epochsBefore = nearTiming.epochs.withLock { $0 }.count
        let (wait, merge) = ("mapwire_cluster_epoch_wait_seconds", "mapwire_cluster_merge_seconds")
        let lastBound = "mapwire_cluster_epoch_wait_seconds_bucket{le=\"1.0\"}"
        let (waits, merges) = (world.store.metrics.count(wait) ?? -1, world.store.metrics.count(merge) ?? -1)
        let waitsWithinASecond = world.store.metrics.sample(lastBound)
        // Received a while ago, the buoy's first: each frame's time comes from the move it shows.
        let (buoyReceived, vanReceived) = (AnnotationStore.now() - 10, AnnotationStore.now() - 5)
        try world.store.apply(
            [Move(id: "buoy", coordinate: Coordinate(latitude: 0.5, longitude: -150))],
            receivedAt: buoyReceived)
        try world.store.apply(
            [Move(id: "van-0", coordinate: Coordinate(latitude: -29, longitude: -121))],
            receivedAt: vanReceived)
        let beforePublishing = AnnotationStore.now()
        world.store.publishClusters()
        let published = AnnotationStore.now()
        for h in [near, far] { h.flushQueue() }
        #expect(world.store.version == logged, "the moves are not in the change log")
        // The epoch's stages: its wait counts from the oldest move (the buoy's, 10 s ago); the merge is timed.
        let metrics = world.store.metrics
        #expect(metrics.count(wait) == waits + 1 && metrics.count(merge) == merges + 1)
        #expect(
            metrics.sample(lastBound) == waitsWithinASecond,
            "a wait of 10 s is above the last bound")
        let epochTimes = nearTiming.epochs.withLock { $0 }.dropFirst(epochsBefore)
        #expect(
            epochTimes.count == 1 && epochTimes.allSatisfy { $0 >= beforePublishing && $0 <= published },
            "the frame knows when the epoch it shows was published")
        #expect(near.frames.count > frames, "the epoch woke the map that shows the fleet")
        #expect(nearTiming.liveChanges.withLock { $0 }.dropFirst(nearBefore.count) == [vanReceived])
        #expect(farTiming.liveChanges.withLock { $0 }.dropFirst(farBefore.count) == [buoyReceived])
        // A map woken again before it drew keeps the older time.
        let subscriber = LiveSubscriber(onWake: {})
        subscriber.publish(Rect(x: 0, y: 0, width: Mercator.worldSize, height: Mercator.worldSize))
        var first = TouchedPoints(), second = TouchedPoints()
        first.append(Point(x: 1, y: 1), receivedAt: 3)
        second.append(Point(x: 2, y: 2), receivedAt: 4)
        #expect(subscriber.wakeIfShowing(first, within: Rect(x: 0, y: 0, width: 5, height: 5), epochPublishedAt: 7))
        #expect(!subscriber.wakeIfShowing(second, within: Rect(x: 0, y: 0, width: 5, height: 5), epochPublishedAt: 8))
        #expect(subscriber.takeEpochChangesTime() == EpochChangesTime(receivedAt: 3, publishedAt: 7))
        #expect(subscriber.takeEpochChangesTime() == nil)
    }

    @Test func theAppTimesEachSessionWithTheOutputThatMetersIt() throws {
        let app = try inMemoryService()
        defer { app.shutdown() }
        let handle = try #require(app.openSession(output: RecordingOutput()) as? SessionHandle)
        #expect(handle.session.frameTiming === handle.metered)
        handle.disconnected()
    }
}
