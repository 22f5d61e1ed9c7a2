import Foundation
import DisplayList
import MapGeometry
import Testing
@testable import MapCore
@testable import MapSession

/// A watching map whose window only an epoch changed sends a patch of the
/// views the epoch touched, not a whole frame; what its browser holds must
/// be what a whole frame would have made.
@Suite struct EpochPatchSessionTests {
    /// What a browser that received one whole frame of the session's window now would hold.
    static func wholeFrame(_ h: SessionHarness, viewport: Size) -> SceneReplica {
        h.session.sync {
            var differ = SceneDiffer()
            var replica = SceneReplica(viewport: viewport)
            replica.apply(differ.diff(to: h.session.window!.renderScene()))
            return replica
        }
    }

    /// Lets the store's own publish of the last writes (scheduled a moment
    /// after them) run, and the session draw every epoch there is.
    static func drawEverything(_ h: SessionHarness) {
        usleep(60_000)
        for _ in 0..<3 { h.flushQueue() }
    }

    static func expectSame(_ a: SceneReplica, _ b: SceneReplica, _ note: String) {
        let ids = Set(a.items.keys).union(b.items.keys)
        let differing = ids.filter { a.items[$0] != b.items[$0] }.sorted()
        #expect(differing.isEmpty, "items \(differing.prefix(5)) differ \(note)")
        #expect(a.children == b.children, "paint order \(note)")
        #expect(a.accessibility == b.accessibility, "mirror \(note)")
    }

    @Test func patchedFramesLeaveTheBrowserWhereWholeFramesWould() throws {
        let world = freshWorld()
        let fleet = SharedClusterSessionTests.fleet(3_000)
        try world.store.add(fleet)
        world.store.publishClusters()
        let size = Size(width: 1280, height: 800)
        let h = SessionHarness(size: size, hash: "#4/45/10", world: world, id: 1)
        h.flushQueue()
        h.settle(seconds: 0.2)
        var state: UInt64 = 7
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var positions = fleet.map(\.coordinate)
        for epoch in 0..<40 {
            // Small steps, as a feed's: most epochs only change counts and centres.
            let moves = (0..<60).map { _ -> Move in
                let i = Int(next() * Double(positions.count))
                positions[i].latitude = min(max(positions[i].latitude + (next() - 0.5) * 0.4, 30), 60)
                positions[i].longitude = min(max(positions[i].longitude + (next() - 0.5) * 0.4, -10), 30)
                return Move(id: fleet[i].id, coordinate: positions[i])
            }
            try world.store.apply(moves)
            h.flushQueue()
            if epoch % 10 == 9 {
                Self.drawEverything(h)
                Self.expectSame(h.replica, Self.wholeFrame(h, viewport: size), "after epoch \(epoch)")
            }
        }
        let patched = h.session.sync { h.session.live.patchFrames }
        #expect(patched >= 20, "most epochs went out as patches (\(patched) of 40)")
        // Input makes the next frame whole again, and it finds the browser where the patches left it.
        h.key("ArrowLeft")
        h.settle(seconds: 0.5)
        Self.drawEverything(h)
        Self.expectSame(h.replica, Self.wholeFrame(h, viewport: size), "after a pan")
    }

    /// Badges that move to another row of the reading order go out as
    /// patches too, with the mirror in its new order, and the browser still
    /// holds what whole frames would have made.
    @Test func patchesThatChangeTheReadingOrderLeaveTheMirrorAsWholeFramesWould() throws {
        let world = freshWorld()
        let fleet = SharedClusterSessionTests.fleet(1_500)
        try world.store.add(fleet)
        world.store.publishClusters()
        let size = Size(width: 1280, height: 800)
        let h = SessionHarness(size: size, hash: "#7/45/10", world: world, id: 1)
        h.flushQueue()
        h.settle(seconds: 0.2)
        var state: UInt64 = 21
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var positions = fleet.map(\.coordinate)
        for epoch in 0..<40 {
            // Steps of up to a third of a degree, some 60 px at zoom 7: now and then a row of the mirror's.
            let moves = (0..<40).map { _ -> Move in
                let i = Int(next() * Double(positions.count))
                positions[i].latitude = min(max(positions[i].latitude + (next() - 0.5) * 0.6, 30), 60)
                positions[i].longitude = min(max(positions[i].longitude + (next() - 0.5) * 0.6, -10), 30)
                return Move(id: fleet[i].id, coordinate: positions[i])
            }
            try world.store.apply(moves)
            h.flushQueue()
            if epoch % 5 == 4 {
                Self.drawEverything(h)
                Self.expectSame(h.replica, Self.wholeFrame(h, viewport: size), "after epoch \(epoch)")
            }
        }
        let (patched, reread) = h.session.sync {
            (h.session.live.patchFrames, (h.session.mapView?.annotationContainer as? AnnotationContainerView)?
                .patchesReread ?? 0)
        }
        #expect(reread >= 3, "patches sent the mirror in a new order (\(reread) of \(patched) patches)")
    }

    @Test func aSessionThatIsNotOnlyWatchingSendsWholeFrames() throws {
        let world = freshWorld()
        let fleet = SharedClusterSessionTests.fleet(2_000)
        try world.store.add(fleet)
        world.store.publishClusters()
        let h = SessionHarness(hash: "#4/45/10", world: world, id: 1)
        h.flushQueue()
        h.settle(seconds: 0.2)
        // A press held on the map: a gesture under way, which a patch must not skip past.
        h.pointer(.down, Point(x: 600, y: 400))
        for i in 0..<10 {
            try world.store.apply([Move(id: fleet[i].id, coordinate: Coordinate(latitude: 40 + Double(i) * 0.1,
                                                                                 longitude: 5))])
            h.flushQueue()
        }
        #expect(h.session.sync { h.session.live.patchFrames } == 0)
    }
}
