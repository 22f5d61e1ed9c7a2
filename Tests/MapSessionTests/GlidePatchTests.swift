import MapGeometry
import Testing

@testable import LiveWorld
@testable import MapCore
@testable import MapSession

/// A frame of glides that meet nothing skips the collision pass and the
/// city-name check; a glide onto another pin runs them.
@Suite struct GlidePatchTests {
    func marker(_ id: String, in h: SessionHarness, world: World) -> MarkerAnnotationView? {
        guard let annotation = world.store.record(id: id)?.annotation else { return nil }
        return h.session.sync { h.session.mapView?.view(for: annotation) as? MarkerAnnotationView }
    }

    /// A session over the Pacific with a buoy at its centre and a raft at `raft`, both in the store.
    func pacific(raftAt raft: Coordinate) throws -> (World, SessionHarness) {
        let world = freshWorld()
        try world.store.add(
            LiveAnnotation(id: "buoy", title: "Buoy", coordinate: Coordinate(latitude: 0, longitude: -150)))
        try world.store.add(LiveAnnotation(id: "raft", title: "Raft", coordinate: raft))
        let h = SessionHarness(hash: LiveMoveTests.pacific, world: world)
        h.settle(seconds: 0.3)
        return (world, h)
    }

    func skipped(_ h: SessionHarness) -> Int { h.session.sync { h.session.mapView?.collisionPassesSkipped ?? -1 } }

    @Test func aGlideInOpenWaterSkipsTheCollisionPass() throws {
        let (world, h) = try pacific(raftAt: Coordinate(latitude: 4, longitude: -142))
        let before = skipped(h)
        let patches = h.session.sync { h.session.live.patchFrames }
        try world.store.apply([Move(id: "buoy", coordinate: Coordinate(latitude: -1, longitude: -149), timestamp: 10)])
        h.flushQueue()
        #expect(skipped(h) == before + 1)
        #expect(h.session.sync { h.session.live.patchFrames } == patches + 1)
        #expect(h.frames.last?.ops.count == 1, "the buoy's glide alone")
        h.settle(seconds: 1)
        let buoy = try #require(h.center(of: "Buoy"))
        #expect(abs(buoy.x - 640 - 45.5) < 30 && abs(buoy.y - 400 - 45.5) < 40, "where the pin went: \(buoy)")
    }

    @Test func aGlideOntoAnotherPinRunsThePassAndATitleGivesWay() throws {
        let (world, h) = try pacific(raftAt: Coordinate(latitude: 0, longitude: -142))
        #expect(marker("buoy", in: h, world: world)?.isTitleHiddenByCollision == false)
        #expect(marker("raft", in: h, world: world)?.isTitleHiddenByCollision == false)
        let before = skipped(h)
        // 14 points east of the buoy: the titles would overlap.
        try world.store.apply([Move(id: "raft", coordinate: Coordinate(latitude: 0, longitude: -149.7), timestamp: 10)])
        h.flushQueue()
        #expect(skipped(h) == before)
        let hidden = [marker("buoy", in: h, world: world), marker("raft", in: h, world: world)]
            .compactMap { $0?.isTitleHiddenByCollision }
        #expect(hidden.count == 2 && hidden.contains(true), "\(hidden)")
    }

    func anchorsPatched(_ h: SessionHarness) -> Int {
        h.session.sync { (h.session.mapView?.annotationContainer as? AnnotationContainerView)?.anchorsPatched ?? -1 }
    }

    @Test func aGlideSendsThePinsNewAnchorWithoutDrawingItAgain() throws {
        let (world, h) = try pacific(raftAt: Coordinate(latitude: 4, longitude: -142))
        let buoy = try #require(marker("buoy", in: h, world: world))
        let patched = anchorsPatched(h)
        try world.store.apply([Move(id: "buoy", coordinate: Coordinate(latitude: -1, longitude: -149), timestamp: 10)])
        h.flushQueue()
        #expect(anchorsPatched(h) == patched + 1)
        let ops = try #require(h.frames.last?.ops)
        guard case let .patch(item, properties) = ops.first, ops.count == 1 else {
            Issue.record("one patch of the buoy's item: \(ops)")
            return
        }
        #expect(item == buoy.id)
        #expect(properties.contains { if case .glide = $0 { true } else { false } }, "\(properties)")
        #expect(properties.contains { if case .anchor = $0 { true } else { false } }, "\(properties)")
        #expect(properties.count == 2, "its anchor and glide, nothing else: \(properties)")
        // A pan renders the window whole: the render held and the differ's record have the new anchor, so
        // the frame carries the camera alone.
        h.settle(seconds: 1.2)
        h.pointer(.down, Point(x: 600, y: 400))
        h.pointer(.moved, Point(x: 610, y: 400))
        h.pointer(.moved, Point(x: 613, y: 400))
        let last = try #require(h.frames.last)
        #expect(last.ops.count == 1, "\(last.ops)")
        let moved = try #require(h.center(of: "Buoy"))
        #expect(abs(moved.x - 640 - 45.5 - 13) < 30 && abs(moved.y - 400 - 45.5) < 40, "where the pin went: \(moved)")
    }

    @Test func aMoveThatWaitsOutOfSightRunsNeitherPass() throws {
        // Beyond the margin the map lays out east of the screen (lon -164...-136 at zoom 6), inside what wakes it.
        let (world, h) = try pacific(raftAt: Coordinate(latitude: 4, longitude: -142))
        try world.store.add(
            LiveAnnotation(id: "drifter", title: "Drifter", coordinate: Coordinate(latitude: 2, longitude: -130.4)))
        h.flushQueue()
        h.settle(seconds: 0.3)
        #expect(marker("drifter", in: h, world: world) == nil, "no view out there")
        let (before, frames) = (skipped(h), h.frames.count)
        try world.store.apply([
            Move(id: "drifter", coordinate: Coordinate(latitude: 2.1, longitude: -130.2), timestamp: 10)
        ])
        h.flushQueue()
        #expect(skipped(h) == before + 1, "nothing glided, nothing to weigh again")
        #expect(h.frames.count == frames, "and nothing to send")
    }

    @Test func aGlideWhileAFingerRestsMidPanIsAPatchAndThePanGoesOn() throws {
        let (world, h) = try pacific(raftAt: Coordinate(latitude: 4, longitude: -142))
        h.pointer(.down, Point(x: 600, y: 400))
        h.pointer(.moved, Point(x: 610, y: 400))
        h.pointer(.moved, Point(x: 613, y: 400))
        let patches = h.session.sync { h.session.live.patchFrames }
        // The finger stays down between two moves of the pan: the last render still stands.
        try world.store.apply([Move(id: "buoy", coordinate: Coordinate(latitude: -1, longitude: -149), timestamp: 10)])
        h.flushQueue()
        #expect(h.session.sync { h.session.live.patchFrames } == patches + 1, "a patch, not a whole render")
        let glide = try #require(h.frames.last?.ops)
        #expect(glide.count == 1, "the buoy's glide alone: \(glide)")
        // The next move pans on from the patched frame (the finger still down: no fling).
        h.pointer(.moved, Point(x: 633, y: 400))
        h.settle(seconds: 1.2)
        let moved = try #require(h.center(of: "Buoy"))
        #expect(abs(moved.x - 640 - 45.5 - 33) < 30 && abs(moved.y - 400 - 45.5) < 40, "where the pin went: \(moved)")
    }
}
