import DisplayList
import Foundation
import MapGeometry
import SessionTransport
import Synchronization
import Testing

@testable import LiveWorld
@testable import MapCore
@testable import MapSession

/// API pins with a clustering identifier are clustered once, in the store:
/// sessions read the store's epochs and keep only what they show.
@Suite struct SharedClusterSessionTests {
    /// `count` clustered pins spread over Europe and north Africa.
    static func fleet(_ count: Int, from first: Int = 0) -> [LiveAnnotation] {
        var state: UInt64 = 42 &+ UInt64(first)
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        return (first..<(first + count)).map { i in
            LiveAnnotation(
                id: "truck-\(i)", title: "Truck \(i)",
                coordinate: Coordinate(latitude: 30 + 30 * next(), longitude: -10 + 40 * next()),
                clusteringIdentifier: "trucks")
        }
    }

    static func clusterElements(_ h: SessionHarness) -> [AccessibilityElement] {
        h.replica.accessibility.filter { $0.name.hasSuffix(" places") }
    }

    /// What a session keeps per annotation, and its live views.
    static func perSession(_ h: SessionHarness) -> (entries: Int, views: Int) {
        h.session.sync {
            let map = h.session.mapView!
            return (map.perMapAnnotationCount + map.clusteredMemberCount, map.reuseCounts.live)
        }
    }

    @Test func sessionsKeepNothingPerClusteredPinHoweverManyThereAre() throws {
        let world = freshWorld()
        try world.store.add(Self.fleet(5_000))
        world.store.publishClusters()
        let a = SessionHarness(hash: "#3/45/10", world: world, id: 1)
        let b = SessionHarness(hash: "#4/40/5", world: world, id: 2)
        var before: [(entries: Int, views: Int)] = []
        for h in [a, b] {
            h.flushQueue()
            h.settle(seconds: 0.2)
            let clusters = Self.clusterElements(h)
            #expect(!clusters.isEmpty, "the trucks show as clusters")
            before.append(Self.perSession(h))
        }
        // Four times the pins: the store's clustering grows, the sessions do not.
        try world.store.add(Self.fleet(15_000, from: 5_000))
        for (h, was) in zip([a, b], before) {
            h.flushQueue()
            h.settle(seconds: 0.2)
            let now = Self.perSession(h)
            // The samples' own per-tab annotations are all it keeps entries for.
            #expect(now.entries == was.entries && was.entries < 100, "no entry per clustered pin: \(was) -> \(now)")
            #expect(now.views <= was.views + 20, "views for what shows, not for the world: \(was) -> \(now)")
            let total = Self.clusterElements(h).compactMap { Int($0.name.split(separator: " ")[0]) }.reduce(0, +)
            #expect(total > 1_000, "the clusters on screen count the new pins too (\(total))")
        }
        #expect(world.store.clusterSnapshot()?.count == 20_000)
    }

    /// 30 clustered vans a few hundred metres apart around 30S 120W (`#6/-30/-120` shows them).
    static func vans() -> [LiveAnnotation] {
        (0..<30).map { i in
            LiveAnnotation(
                id: "van-\(i)", title: "Van \(i)",
                coordinate: Coordinate(
                    latitude: -30 + 0.01 * Double(i % 6),
                    longitude: -120 + 0.01 * Double(i / 6)),
                clusteringIdentifier: "fleet")
        }
    }

    @Test func aClusterThatLosesOneMemberKeepsItsViewOnEveryMap() throws {
        let world = freshWorld()
        let vans = Self.vans()
        try world.store.add(vans)
        let a = SessionHarness(hash: "#6/-30/-120", world: world, id: 1)
        let b = SessionHarness(hash: "#6/-30/-120", world: world, id: 2)
        var items: [UInt32] = []
        for h in [a, b] {
            h.flushQueue()
            h.settle(seconds: 0.2)
            items.append(try #require(h.replica.element(named: "30 places")).item)
        }
        try world.store.apply([Move(id: "van-29", coordinate: Coordinate(latitude: -25, longitude: -110))])
        for (h, item) in zip([a, b], items) {
            h.flushQueue()
            h.settle(seconds: 0.2)
            #expect(h.replica.element(named: "29 places")?.item == item, "the same cluster item, one fewer")
            #expect(h.replica.element(named: "Van 29") != nil, "the mover on its own")
            #expect(
                h.session.sync { h.session.live.movesReplayed } == 0,
                "a clustered move shows through the epoch, not replayed pin by pin")
        }
        // A click on the cluster still zooms to its members.
        a.time += 1000
        a.click(try #require(a.center(of: "29 places")))
        a.settle()
        #expect(a.camera.zoom > 6.5)
    }

    @Test func removingAClusteredPinTakesItOutOfEveryMapsClusters() throws {
        let world = freshWorld()
        try world.store.add(
            (0..<3).map { i in
                LiveAnnotation(
                    id: "boat-\(i)", title: "Boat \(i)",
                    coordinate: Coordinate(latitude: 10, longitude: 170 + 0.01 * Double(i)),
                    clusteringIdentifier: "boats")
            })
        let h = SessionHarness(hash: "#6/10/170", world: world, id: 1)
        h.flushQueue()
        h.settle(seconds: 0.2)
        #expect(h.replica.element(named: "3 places") != nil)
        try world.store.remove(id: "boat-0")
        try world.store.remove(id: "boat-1")
        h.flushQueue()
        h.settle(seconds: 0.2)
        #expect(h.replica.element(named: "3 places") == nil && h.replica.element(named: "2 places") == nil)
        #expect(h.replica.element(named: "Boat 2") != nil, "the last one shows as itself")
    }
}

/// How often the store merges an epoch under a stream of writes.
@Suite struct ClusterPublishPaceTests {
    /// A write long after the last merge is merged at once. (How long a write
    /// right after a merge waits is the pure rule's, tested below: read off
    /// the wall clock, a stalled test machine would see that wait already over.)
    @Test func aWriteAfterAQuietSpellIsMergedAtOnce() async throws {
        let world = freshWorld()
        try world.store.add(SharedClusterSessionTests.fleet(100))
        world.store.publishClusters()
        try await Task.sleep(for: .milliseconds(40))
        #expect(
            world.store.clusterPublishDelay == 0 && world.store.mergesAtOnce,
            "a write after a quiet spell is merged at once")
    }

    /// The period counts from when the last merge began: a slow merge (more
    /// than a third of a frame) stretches it to three times its length, up
    /// to two frames, and the time the merge took is part of it.
    @Test func theNextMergeBeginsAPeriodAfterTheLastBegan() {
        let frame = AnnotationStore.displayFrame
        func delay(_ merge: Double, _ since: Double) -> Double {
            AnnotationStore.clusterPublishDelay(lastMerge: merge, sinceLastMergeBegan: since)
        }
        #expect(abs(delay(0.001, 0.004) - (frame - 0.004)) < 1e-9, "a cheap merge: one frame from its start")
        #expect(abs(delay(0.006, 0.008) - 0.010) < 1e-9, "a 6 ms merge: 18 ms from its start, not from the write")
        #expect(delay(0.050, 0.050) == 0, "a merge longer than two frames: the next one at once")
        #expect(abs(delay(0.012, 0.012) - (2 * frame - 0.012)) < 1e-9, "capped at two frames")
    }

    /// A write that lands three quarters of a period or more after the last
    /// merge began has the next begin at once, not at the period's end.
    @Test func aLateWriteMergesAtOnce() {
        func atOnce(_ merge: Double, _ since: Double) -> Bool {
            AnnotationStore.mergesAtOnce(lastMerge: merge, sinceLastMergeBegan: since)
        }
        #expect(!atOnce(0.001, 0.0119) && atOnce(0.001, 0.0121), "a cheap merge: from 12 ms of a 16 ms period")
        #expect(!atOnce(0.008, 0.0179) && atOnce(0.008, 0.0181), "an 8 ms merge: from 18 ms of a 24 ms period")
    }

    /// A feed batching faster than the period gets each epoch just after a
    /// batch lands: the batch late in the period has the merge begin at
    /// once, taking the earlier batch's move with it, and the timer the
    /// earlier batch armed for the period's end merges nothing: the next
    /// batch waits out the period the early merge began. (A long display
    /// frame keeps the test clear of the machine's timing.)
    @Test func aBatchLateInThePeriodBeginsTheEpoch() throws {
        let frame = 2.0
        let store = AnnotationStore(journal: nil, clusterFrame: frame)
        try store.add(SharedClusterSessionTests.fleet(100))
        store.publishClusters()
        let start = AnnotationStore.now()
        let epoch = store.clusterEpoch
        func move(_ id: String) throws {
            try store.apply([Move(id: id, coordinate: Coordinate(latitude: 40, longitude: 10))])
        }
        try move("truck-1")
        Thread.sleep(forTimeInterval: 0.8 * frame)
        #expect(store.clusterEpoch == epoch, "the first batch waits: its timer is for the period's end")
        try move("truck-2")
        while store.clusterEpoch == epoch, AnnotationStore.now() - start < 2 * frame {
            Thread.sleep(forTimeInterval: 0.005)
        }
        let mergedAfter = AnnotationStore.now() - start
        #expect(store.clusterEpoch == epoch + 1)
        #expect(mergedAfter < 0.95 * frame, "merged when the late batch landed, not when the period ended")
        #expect(!store.state.withLock { $0.clusters.hasPending }, "the early merge took the first batch's move too")
        // A batch just after that epoch waits out the new period (to 3.6 s), not the outdated timer (2 s).
        try move("truck-3")
        Thread.sleep(forTimeInterval: max(0, 1.2 * frame - (AnnotationStore.now() - start)))
        #expect(store.clusterEpoch == epoch + 1, "the timer the first batch armed merges nothing")
    }

    /// A merge is paced by the CPU time it took: on a busy machine its
    /// thread also waits for a core, and that wait is not merging.
    @Test func aMergeIsTimedByItsCPUTime() throws {
        // A CPU clock that says 4 ms passed between any two readings, however long the merge really took.
        let readings = Mutex(0.0)
        let publisher = SharedClusterPublisher(cpuClock: {
            readings.withLock {
                $0 += 0.004
                return $0
            }
        })
        var changes = ClusterChanges()
        for (slot, van) in SharedClusterSessionTests.fleet(20_000).enumerated() {
            changes.add(van, slot: UInt32(slot), at: Mercator.project(van.coordinate))
        }
        publisher.merging.withLock { _ in publisher.publish(["trucks": changes]) }
        #expect(abs(publisher.lastMergeCPUSeconds - 0.004) < 1e-9, "the merge is timed by the CPU clock")

        // The clock itself: a sleeping thread accrues none.
        let before = ThreadCPUTime.now
        Thread.sleep(forTimeInterval: 0.05)
        #expect(ThreadCPUTime.now - before < 0.02, "50 ms asleep is not CPU time")
    }
}
