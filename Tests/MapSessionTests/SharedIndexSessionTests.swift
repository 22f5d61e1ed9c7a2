import DisplayList
import MapGeometry
import SampleApps
import SessionTransport
import Testing
import Wire

@testable import LiveWorld
@testable import MapSession

extension SessionHarness {
    /// How many annotations the session's map keeps an entry for itself
    /// (own index, clustered members, glides, hidden ones).
    var perMapAnnotationCount: Int { session.sync { session.mapView?.perMapAnnotationCount ?? -1 } }
}

/// Adds `count` API pins on mapwire-load's grid over Europe.
func addEuropeGrid(_ count: Int, to world: World, prefix: String = "load") throws {
    for i in 0..<count {
        let lat = 40 + Double(i % 40) * 0.4, lon = -5 + Double(i / 40 % 60) * 0.45
        try world.store.add(
            LiveAnnotation(
                id: "\(prefix)-\(i)", title: "\(prefix) \(i)",
                coordinate: Coordinate(latitude: lat, longitude: lon)))
    }
}

/// Sessions read the store's shared index: an idle session keeps nothing per
/// store pin it does not show, whatever the size of the world.
@Suite struct SharedIndexSessionTests {
    /// The idle sessions of mapwire-load: over the Pacific, zoom 5.
    static let idle = "#5/0/-150"

    @Test func anIdleSessionKeepsNothingForStorePinsFarFromItsViewport() throws {
        let plain = SessionHarness(hash: Self.idle, world: freshWorld(), id: 1)
        let world = freshWorld()
        try addEuropeGrid(2_000, to: world)
        let h = SessionHarness(hash: Self.idle, world: world, id: 2)
        // The store indexes every annotation once...
        #expect(world.store.indexedCount == world.store.records.count)
        #expect(world.store.indexedCount == 2_000 + sharedWorld.store.records.count)
        // ...and the session holds no more than one in a world without the 2,000
        // (its clustered people), no views for them either.
        let base = plain.perMapAnnotationCount
        #expect(base >= 0 && base <= sampleContent.people.count)
        #expect(h.perMapAnnotationCount == base)
        #expect(h.session.reuseCounts?.live == plain.session.reuseCounts?.live)
        // Pins added while it is open (replayed from the change log) cost it nothing either.
        try addEuropeGrid(500, to: world, prefix: "late")
        h.flushQueue()
        // Far from the viewport they woke nobody: the next frame (a resize) catches up.
        h.send(.resize(seq: h.nextSeq(), size: Size(width: 1280, height: 801), devicePixelRatio: 1))
        #expect(h.syncedVersion == world.store.version)
        #expect(h.perMapAnnotationCount == base)
        // The map still answers every annotation it shows.
        #expect(h.session.sync { h.session.mapView?.annotations.count } == world.store.records.count)
    }

    /// The store's change log keeps what some session has yet to read: a
    /// session says how far it read at each frame.
    @Test func aSessionTellsTheStoreHowFarItHasReadTheChangeLog() throws {
        let world = freshWorld()
        let h = SessionHarness(hash: Self.idle, world: world, id: 3)
        let subscriber = try #require(world.store.subscriber(of: 3))
        #expect(subscriber.readVersion == world.store.version, "from the snapshot it started from")
        try addEuropeGrid(50, to: world, prefix: "read")
        h.flushQueue()
        #expect(subscriber.readVersion < world.store.version, "far from its view: nothing woke it")
        h.send(.resize(seq: h.nextSeq(), size: Size(width: 1280, height: 801), devicePixelRatio: 1))
        #expect(subscriber.readVersion == world.store.version)
    }

    @Test func aStorePinAddedNearTheViewportShowsInTheNextFrame() throws {
        let world = freshWorld()
        try addEuropeGrid(2_000, to: world)
        let h = SessionHarness(hash: LiveMoveTests.pacific, world: world)
        let frames = h.frames.count
        try world.store.add(
            LiveAnnotation(id: "boat", title: "Boat", coordinate: Coordinate(latitude: 0, longitude: -150)))
        h.flushQueue()
        #expect(h.frames.count == frames + 1)
        #expect(h.replica.element(named: "Boat")?.role == .button)
        let boat = try #require(h.center(of: "Boat"))
        #expect(abs(boat.x - 640) < 30 && abs(boat.y - 400) < 60)
    }

    /// A move inside what is laid out is one anchor change the page glides;
    /// one that leaves it gives the view back at once, as a web map's marker
    /// moved off screen goes.
    @Test func aPinGlidesOnThePageUnlessItLeavesWhatIsLaidOut() throws {
        let world = freshWorld()
        let h = SessionHarness(hash: LiveMoveTests.pacific, world: world)
        let base = h.perMapAnnotationCount
        // Zoom 6 shows about 28 degrees of longitude: -164 to -136.
        try world.store.add(
            LiveAnnotation(id: "boat", title: "Boat", coordinate: Coordinate(latitude: 0, longitude: -150)))
        try world.store.apply([Move(id: "boat", coordinate: Coordinate(latitude: 0, longitude: -150), timestamp: 10)])
        h.flushQueue()
        h.settle(seconds: 0.3)
        let start = try #require(h.center(of: "Boat"))
        let frames = h.frames.count
        let patches = h.session.sync { h.session.live.patchFrames }
        try world.store.apply([Move(id: "boat", coordinate: Coordinate(latitude: 0, longitude: -145), timestamp: 11)])
        h.flushQueue()
        // Nothing but the glide changed the window: the frame patches the boat's view alone.
        #expect(h.session.sync { h.session.live.patchFrames } == patches + 1)
        let ops = try #require(h.frames.last?.ops)
        #expect(ops.count == 1, "\(ops)")
        h.settle(seconds: 0.5)
        let gliding = try #require(h.center(of: "Boat"))
        #expect(gliding.x > start.x + 50 && gliding.x < start.x + 227 - 50, "half-way in time, on its way")
        h.settle(seconds: 0.6)
        let end = try #require(h.center(of: "Boat"))
        #expect(abs(end.x - start.x - 227.5) < 2)
        #expect(h.frames.count == frames + 1, "one frame for the whole glide")
        #expect(h.perMapAnnotationCount == base)
        // The next fix, 20 degrees east (past the margin where views stay): the view goes back at once.
        try world.store.apply([Move(id: "boat", coordinate: Coordinate(latitude: 0, longitude: -125), timestamp: 12)])
        h.flushQueue()
        #expect(h.replica.element(named: "Boat") == nil)
        #expect(h.session.reuseCounts?.queued ?? 0 >= 1)
        #expect(h.perMapAnnotationCount == base)
    }

    @Test func aSelectedPinTheStoreRemovesLosesItsCallout() throws {
        let world = freshWorld()
        let h = SessionHarness(hash: LiveMoveTests.pacific, world: world)
        try world.store.add(
            LiveAnnotation(
                id: "boat", title: "Boat", subtitle: "Fishing",
                coordinate: Coordinate(latitude: 0, longitude: -150)))
        h.flushQueue()
        h.click(try #require(h.center(of: "Boat")))
        h.settle()
        #expect(h.replica.accessibility.contains { $0.role == .dialog && $0.name == "Boat" })
        try world.store.remove(id: "boat")
        h.flushQueue()
        h.settle()
        #expect(h.replica.element(named: "Boat") == nil)
        #expect(!h.replica.accessibility.contains { $0.role == .dialog })
        #expect(h.session.sync { h.session.mapView?.selectedAnnotations.isEmpty } == true)
    }

    @Test func aSessionFurtherBehindThanTheLogResyncs() throws {
        let world = World(fonts: sharedWorld.fonts, baseMap: sharedWorld.baseMap, app: sampleApp, logLimit: 8)
        let h = SessionHarness(hash: LiveMoveTests.pacific, world: world)
        let base = h.perMapAnnotationCount
        try world.store.add(
            LiveAnnotation(id: "gone", title: "Gone", coordinate: Coordinate(latitude: 1, longitude: -152)))
        try world.store.add(
            LiveAnnotation(id: "mover", title: "Mover", coordinate: Coordinate(latitude: -1, longitude: -150)))
        try world.store.add(LiveAnnotation(id: "far", title: "Far", coordinate: Coordinate(latitude: 48, longitude: 8)))
        h.flushQueue()
        h.click(try #require(h.center(of: "Gone")))
        h.settle()
        #expect(h.replica.accessibility.contains { $0.role == .dialog && $0.name == "Gone" })
        let mover = try #require(h.center(of: "Mover"))
        let version = h.syncedVersion
        // While the session's queue is busy, more changes than the log keeps.
        try h.session.sync {
            try world.store.remove(id: "gone")
            try world.store.add(
                LiveAnnotation(id: "new", title: "New", coordinate: Coordinate(latitude: 0, longitude: -148)))
            try world.store.apply([Move(id: "mover", coordinate: Coordinate(latitude: -1, longitude: -149))])
            for i in 0..<20 {
                try world.store.apply([
                    Move(id: "far", coordinate: Coordinate(latitude: 48, longitude: 8 + Double(i) * 0.01))
                ])
            }
        }
        #expect(world.store.changes(since: version) == nil, "the log no longer reaches back")
        h.flushQueue()
        h.settle()
        #expect(h.syncedVersion == world.store.version)
        #expect(h.replica.element(named: "Gone") == nil)
        #expect(!h.replica.accessibility.contains { $0.role == .dialog })
        #expect(h.replica.element(named: "New")?.role == .button)
        // The mover is where it is now (one degree east is 45.5 px at zoom 6), not gliding.
        let moved = try #require(h.center(of: "Mover"))
        #expect(abs(moved.x - mover.x - 45.5) < 1.5)
        #expect(h.perMapAnnotationCount == base)
    }
}
