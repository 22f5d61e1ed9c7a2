import DisplayList
import InputEvents
import MapGeometry
import SampleApps
import SessionTransport
import Testing
import ViewKit
import Wire

@testable import LiveWorld
@testable import MapSession

/// A world of its own per test: the shared fixtures, a fresh store, so moves
/// in one test never show up in another running in parallel.
func freshWorld() -> World {
    World(fonts: sharedWorld.fonts, baseMap: sharedWorld.baseMap, app: sampleApp)
}

extension SessionHarness {
    /// Lets the session run what the store queued on it (wake-ups), then
    /// reads its frames. The store's clusterings publish their next epoch a
    /// moment after a write, on their own queue; this publishes it now.
    func flushQueue() {
        session.world.store.publishClusters()
        session.sync {}
        drain()
    }

    var syncedVersion: UInt64 { session.sync { session.live.syncedVersion } }
}

@Suite struct LiveMoveTests {
    // Open ocean, far from the sample people: one session over the Pacific, one over the South Atlantic.
    static let pacific = "#6/0/-150"
    static let atlantic = "#6/-30/-20"

    @Test func aMoveVisibleToOneSessionReachesOnlyThatOne() throws {
        let world = freshWorld()
        let a = SessionHarness(hash: Self.pacific, world: world, id: 1)
        let b = SessionHarness(hash: Self.atlantic, world: world, id: 2)
        let framesB = b.frames.count
        let versionB = b.syncedVersion

        try world.store.add(
            LiveAnnotation(id: "boat", title: "Boat", coordinate: Coordinate(latitude: 0, longitude: -150)))
        a.flushQueue()
        b.flushQueue()
        let start = try #require(a.center(of: "Boat"))
        #expect(b.replica.element(named: "Boat") == nil)

        try world.store.apply([Move(id: "boat", coordinate: Coordinate(latitude: 0, longitude: -149))])
        a.flushQueue()
        b.flushQueue()
        a.settle(seconds: 0.5)
        let end = try #require(a.center(of: "Boat"))
        // One degree of longitude at zoom 6 is 256 * 64 / 360 = 45.5 px.
        #expect(abs(end.x - start.x - 45.5) < 1.5)
        #expect(abs(end.y - start.y) < 1)
        // B saw neither change: no frame, and it did not even read the store.
        #expect(b.frames.count == framesB)
        #expect(b.syncedVersion == versionB)

        // When B looks there, it catches up and shows the boat where it is now.
        b.send(.navigate(seq: b.nextSeq(), hash: Self.pacific))
        let inB = try #require(b.center(of: "Boat"))
        #expect(abs(inB.x - end.x) < 1 && abs(inB.y - end.y) < 1)
    }

    @Test func aMovedPinGlidesOverTheFeedInterval() throws {
        let world = freshWorld()
        let h = SessionHarness(hash: Self.pacific, world: world)
        try world.store.add(
            LiveAnnotation(id: "boat", title: "Boat", coordinate: Coordinate(latitude: 0, longitude: -150)))
        h.flushQueue()
        // Two moves 0.5 s apart (producer timestamps): the second glides over 0.5 s.
        try world.store.apply([Move(id: "boat", coordinate: Coordinate(latitude: 0, longitude: -150), timestamp: 10)])
        h.flushQueue()
        let start = try #require(h.center(of: "Boat"))
        try world.store.apply([Move(id: "boat", coordinate: Coordinate(latitude: 0, longitude: -148), timestamp: 10.5)])
        h.flushQueue()
        h.settle(seconds: 0.25)
        let middle = try #require(h.center(of: "Boat"))
        // Half-way in time is about half-way on screen (91 px for two degrees), not a jump.
        #expect(middle.x - start.x > 30 && middle.x - start.x < 60)
        h.settle(seconds: 0.5)
        let end = try #require(h.center(of: "Boat"))
        #expect(abs(end.x - start.x - 91) < 1.5)
    }

    @Test func anOpenCalloutFollowsItsMovingPin() throws {
        let world = freshWorld()
        let h = SessionHarness(hash: Self.pacific, world: world)
        try world.store.add(
            LiveAnnotation(
                id: "boat", title: "Boat", subtitle: "Fishing",
                coordinate: Coordinate(latitude: 0, longitude: -150)))
        h.flushQueue()
        h.click(try #require(h.center(of: "Boat")))
        h.settle()
        let (bubbleID, _) = try #require(h.replica.items.first { $0.value.kind == .bubble })
        let before = try #require(h.replica.screenBounds(of: bubbleID))
        let arrowBefore = before.minX + Double(try #require(h.replica.items[bubbleID]).properties.bubble.arrowX)
        try world.store.apply([Move(id: "boat", coordinate: Coordinate(latitude: -1, longitude: -148))])
        h.flushQueue()
        h.settle(seconds: 1)
        let after = try #require(h.replica.screenBounds(of: bubbleID))
        // The arrow follows the pin; the bubble itself may slide, as it prefers the map's middle.
        let arrowAfter = after.minX + Double(try #require(h.replica.items[bubbleID]).properties.bubble.arrowX)
        #expect(abs(arrowAfter - arrowBefore - 91) < 2)
        #expect(after.midY - before.midY > 40)
        #expect(h.replica.accessibility.contains { $0.role == .dialog && $0.name == "Boat" })
    }

    @Test func farMovesArePassedOverButOneOfAPinWithAViewHereIsNot() throws {
        let world = freshWorld()
        let h = SessionHarness(hash: Self.pacific, world: world)
        try world.store.add(
            LiveAnnotation(id: "boat", title: "Boat", coordinate: Coordinate(latitude: 0, longitude: -150)))
        try world.store.add(LiveAnnotation(id: "far", title: "Far", coordinate: Coordinate(latitude: 48, longitude: 8)))
        h.flushQueue()
        // The boat at the centre of the view.
        let centred = try #require(h.center(of: "Boat"))
        let replayed = { h.session.sync { h.session.live.movesReplayed } }
        // A busy feed far away: the session catches up when it next renders, looking at none of it.
        for i in 1...200 {
            try world.store.apply([
                Move(id: "far", coordinate: Coordinate(latitude: 48, longitude: 8 + Double(i) * 0.001))
            ])
        }
        h.send(.navigate(seq: h.nextSeq(), hash: "#6/0.5/-150"))
        #expect(h.syncedVersion == world.store.version)
        #expect(replayed() == 0)
        try world.store.apply([Move(id: "boat", coordinate: Coordinate(latitude: 0, longitude: -149.5))])
        h.flushQueue()
        #expect(replayed() == 1)

        // The selected boat keeps its view while the map looks elsewhere; a
        // move far from there still reaches that view, so looking back where
        // the boat was shows it gone, not stranded there with its callout.
        h.settle()
        h.click(try #require(h.center(of: "Boat")))
        h.settle()
        h.send(.navigate(seq: h.nextSeq(), hash: Self.atlantic))
        h.settle()
        try world.store.apply([Move(id: "boat", coordinate: Coordinate(latitude: 0, longitude: -120))])
        h.send(.navigate(seq: h.nextSeq(), hash: Self.atlantic.replacingOccurrences(of: "-20", with: "-21")))
        #expect(replayed() == 2)
        h.send(.navigate(seq: h.nextSeq(), hash: Self.pacific))
        h.settle()
        // 30 degrees east of the centre at zoom 6 is 1,365 px: off screen.
        let boat = try #require(h.center(of: "Boat"), "still selected, so its view stays alive")
        #expect(abs(boat.x - centred.x - 1365) < 2 && abs(boat.y - centred.y) < 2)
        h.send(.navigate(seq: h.nextSeq(), hash: "#6/0/-120"))
        h.settle()
        let there = try #require(h.center(of: "Boat"))
        #expect(abs(there.x - centred.x) < 2 && abs(there.y - centred.y) < 2)
        #expect(h.replica.accessibility.contains { $0.role == .dialog && $0.name == "Boat" })
    }

    @Test func aPinClickedBeforeTheSessionCaughtUpWithItsMoveStillGlides() throws {
        let world = freshWorld()
        let h = SessionHarness(hash: Self.pacific, world: world)
        try world.store.add(
            LiveAnnotation(id: "boat", title: "Boat", coordinate: Coordinate(latitude: 0, longitude: -150)))
        h.flushQueue()
        let start = try #require(h.center(of: "Boat"))
        // The click was queued on the session before the move reached the
        // store, so it is handled before the session's wake-up for the move.
        let down = ClientMessage.pointer(seq: h.nextSeq(), PointerEvent(phase: .down, location: start, time: 10))
        let up = ClientMessage.pointer(seq: h.nextSeq(), PointerEvent(phase: .up, location: start, time: 10.05))
        try h.session.sync {
            try world.store.apply([Move(id: "boat", coordinate: Coordinate(latitude: 0, longitude: -148))])
            h.session.handle(down.encoded())
            h.session.handle(up.encoded())
        }
        h.flushQueue()
        h.settle(seconds: 0.1)
        let during = try #require(h.center(of: "Boat"))
        // 0.1 s into a 0.25 s glide over 91 px: on its way, not already there.
        #expect(during.x - start.x > 10 && during.x - start.x < 80)
        h.settle(seconds: 0.5)
        let end = try #require(h.center(of: "Boat"))
        #expect(abs(end.x - start.x - 91) < 2)
        #expect(h.replica.accessibility.contains { $0.role == .dialog && $0.name == "Boat" })
    }

    @Test func anInvalidBatchIsRejectedWhole() throws {
        let world = freshWorld()
        try world.store.add(LiveAnnotation(id: "a", title: "A", coordinate: Coordinate(latitude: 1, longitude: 1)))
        try world.store.add(LiveAnnotation(id: "b", title: "B", coordinate: Coordinate(latitude: 2, longitude: 2)))
        let version = world.store.version
        #expect(throws: WorldError.unknownID("nobody", moveIndex: 1)) {
            try world.store.apply([
                Move(id: "a", coordinate: Coordinate(latitude: 5, longitude: 5)),
                Move(id: "nobody", coordinate: Coordinate(latitude: 5, longitude: 5)),
            ])
        }
        let far = Coordinate(latitude: 95, longitude: 5)
        #expect(throws: WorldError.coordinateOutOfRange(far, id: "b", moveIndex: 1)) {
            try world.store.apply([
                Move(id: "a", coordinate: Coordinate(latitude: 5, longitude: 5)),
                Move(id: "b", coordinate: Coordinate(latitude: 95, longitude: 5)),
            ])
        }
        #expect(world.store.record(id: "a")?.annotation.coordinate == Coordinate(latitude: 1, longitude: 1))
        #expect(world.store.version == version)
    }

    @Test func addsAndRemovesReachSessionsThatSeeThem() throws {
        let world = freshWorld()
        let h = SessionHarness(hash: Self.pacific, world: world)
        try world.store.add(
            LiveAnnotation(id: "boat", title: "Boat", coordinate: Coordinate(latitude: 0, longitude: -150)))
        h.flushQueue()
        #expect(h.replica.element(named: "Boat")?.role == .button)
        try world.store.remove(id: "boat")
        h.flushQueue()
        #expect(h.replica.element(named: "Boat") == nil)
    }

    @Test func aPinDraggedInOneBrowserMovesInTheOtherAndInTheAPI() throws {
        let world = freshWorld()
        let dragger = SessionHarness(hash: Self.pacific, world: world, id: 1)
        let viewer = SessionHarness(hash: Self.pacific, world: world, id: 2)
        let pin = LiveAnnotation(
            id: "buoy", title: "Buoy", coordinate: Coordinate(latitude: 0, longitude: -150), isDraggable: true)
        try world.store.add(pin)
        dragger.flushQueue()
        viewer.flushQueue()
        let start = try #require(dragger.center(of: "Buoy"))
        // Press and hold lifts the pin (0.5 s on the session's clock), then drag it 91 px left.
        dragger.pointer(.down, start)
        dragger.settle(seconds: 0.6)
        for step in 1...7 { dragger.pointer(.moved, start - Point(x: Double(step) * 13, y: 0)) }
        // While it is dragged, the other browser already sees it move.
        viewer.flushQueue()
        viewer.settle(seconds: 0.5)
        let during = try #require(viewer.center(of: "Buoy"))
        #expect(during.x < start.x - 80)
        dragger.pointer(.up, start - Point(x: 91, y: 0))
        dragger.settle(seconds: 0.5)
        viewer.flushQueue()
        viewer.settle(seconds: 0.5)
        let end = try #require(viewer.center(of: "Buoy"))
        #expect(abs(start.x - end.x - 91) < 1.5 && abs(start.y - end.y) < 1.5)
        // The API (the store) has the dropped coordinate: 91 px at zoom 6 is 2 degrees of longitude.
        let stored = try #require(world.store.record(id: "buoy"))
        #expect(abs(stored.annotation.coordinate.longitude - (-152)) < 0.05)
    }
}

@Suite struct LiveReuseTests {
    @Test func pinsGlidingOutAndInRecycleTheirViews() throws {
        let world = freshWorld()
        let h = SessionHarness(hash: LiveMoveTests.pacific, world: world)
        try world.store.add(
            LiveAnnotation(id: "out", title: "Out", coordinate: Coordinate(latitude: 0, longitude: -150)))
        try world.store.add(LiveAnnotation(id: "in", title: "In", coordinate: Coordinate(latitude: 0, longitude: -120)))
        h.flushQueue()
        #expect(h.replica.element(named: "Out") != nil)
        #expect(h.replica.element(named: "In") == nil)
        let before = try #require(h.session.reuseCounts)
        // One glides far out of the view and gives its view back...
        try world.store.apply([Move(id: "out", coordinate: Coordinate(latitude: 0, longitude: -120))])
        h.flushQueue()
        h.settle(seconds: 0.5)
        #expect(h.replica.element(named: "Out") == nil)
        #expect(h.session.reuseCounts?.queued == 1)
        // ...which the other, gliding in, gets from the reuse queue.
        try world.store.apply([Move(id: "in", coordinate: Coordinate(latitude: 0, longitude: -150))])
        h.flushQueue()
        h.settle(seconds: 0.5)
        #expect(h.replica.element(named: "In") != nil)
        let after = try #require(h.session.reuseCounts)
        // Nothing new was created.
        #expect(after.created == before.created)
        #expect(after.reused > before.reused)
    }
}

@Suite struct LiveStallTests {
    @Test func aStalledClientGetsTheLatestStateNotABacklog() throws {
        let world = freshWorld()
        let h = SessionHarness(hash: LiveMoveTests.pacific, world: world)
        try world.store.add(
            LiveAnnotation(id: "boat", title: "Boat", coordinate: Coordinate(latitude: 0, longitude: -150)))
        h.flushQueue()
        let start = try #require(h.center(of: "Boat"))
        let sentBefore = h.output.sent.withLock { $0.count }
        // The browser stops acknowledging while 20 moves arrive and a second passes.
        for i in 1...20 {
            try world.store.apply([
                Move(id: "boat", coordinate: Coordinate(latitude: 0, longitude: -150 + Double(i) * 0.1))
            ])
            h.session.sync {}
            h.clock.advance(by: 0.05)
            h.session.sync { h.session.tick() }
        }
        // Only the flow-control window of frames went out.
        #expect(h.output.sent.withLock { $0.count } - sentBefore <= 2)
        // Once it reads again, it catches up to where the boat is now.
        h.drain()
        h.settle(seconds: 1.5)
        let end = try #require(h.center(of: "Boat"))
        #expect(abs(end.x - start.x - 91) < 1.5)
    }
}
