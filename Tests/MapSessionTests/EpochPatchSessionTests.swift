import DisplayList
import Foundation
import MapGeometry
import SessionTransport
import Testing

@testable import LiveWorld
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

    /// Waits for the store's own merge of the last writes (scheduled a
    /// moment after them) to be published, then has the session draw every
    /// epoch there is.
    static func drawEverything(_ h: SessionHarness, _ store: AnnotationStore) {
        let deadline = Date().addingTimeInterval(30)
        while store.state.withLock({ $0.clusters.hasPending }) && Date() < deadline { usleep(1_000) }
        #expect(!store.state.withLock { $0.clusters.hasPending }, "the last writes were never merged")
        // The merge that took them runs on the clustering queue: once past it, its epoch is out.
        store.clusterQueue.sync {}
        for _ in 0..<3 { h.flushQueue() }
    }

    static func expectSame(_ a: SceneReplica, _ b: SceneReplica, _ note: String) {
        let ids = Set(a.items.keys).union(b.items.keys)
        let differing = ids.filter { a.items[$0] != b.items[$0] }.sorted()
        #expect(differing.isEmpty, "items \(differing.prefix(5)) differ \(note)")
        #expect(a.children == b.children, "paint order \(note)")
        #expect(a.accessibility == b.accessibility, "mirror \(note)")
    }

    static let size = Size(width: 1280, height: 800)

    /// A fresh world of `count` clustered pins and a session of `size` watching it from `hash`, settled.
    static func watching(_ count: Int, at hash: String) throws -> (World, [LiveAnnotation], SessionHarness) {
        let world = freshWorld()
        let fleet = SharedClusterSessionTests.fleet(count)
        try world.store.add(fleet)
        world.store.publishClusters()
        let h = SessionHarness(size: size, hash: hash, world: world, id: 1)
        h.flushQueue()
        h.settle(seconds: 0.2)
        return (world, fleet, h)
    }

    /// Feeds `epochs` batches of `moves` moves of random pins of `fleet`,
    /// each by up to half of `step` degrees each way (`seed` fixes which and
    /// how far), and checks every `checkEvery` epochs that the browser holds
    /// what a whole frame would make.
    static func feed(
        _ fleet: [LiveAnnotation], into world: World, watchedBy h: SessionHarness, epochs: Int,
        moves: Int, step: Double, checkEvery: Int, seed: UInt64
    ) throws {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var positions = fleet.map(\.coordinate)
        for epoch in 0..<epochs {
            let batch = (0..<moves).map { _ -> Move in
                let i = Int(next() * Double(positions.count))
                positions[i].latitude = min(max(positions[i].latitude + (next() - 0.5) * step, 30), 60)
                positions[i].longitude = min(max(positions[i].longitude + (next() - 0.5) * step, -10), 30)
                return Move(id: fleet[i].id, coordinate: positions[i])
            }
            try world.store.apply(batch)
            h.flushQueue()
            if epoch % checkEvery == checkEvery - 1 {
                drawEverything(h, world.store)
                expectSame(h.replica, wholeFrame(h, viewport: Self.size), "after epoch \(epoch)")
            }
        }
    }

    @Test func patchedFramesLeaveTheBrowserWhereWholeFramesWould() throws {
        let (world, fleet, h) = try Self.watching(3_000, at: "#4/45/10")
        // Small steps, as a feed's: most epochs only change counts and centres.
        try Self.feed(fleet, into: world, watchedBy: h, epochs: 40, moves: 60, step: 0.4, checkEvery: 10, seed: 7)
        let patched = h.session.sync { h.session.live.patchFrames }
        #expect(patched >= 20, "most epochs went out as patches (\(patched) of 40)")
        // Input makes the next frame whole again, and it finds the browser where the patches left it.
        h.key("ArrowLeft")
        h.settle(seconds: 0.5)
        Self.drawEverything(h, world.store)
        Self.expectSame(h.replica, Self.wholeFrame(h, viewport: Self.size), "after a pan")
    }

    /// Badges that move to another row of the reading order go out as
    /// patches too and keep their places in the mirror while the map rests,
    /// and the browser still holds what whole frames would have made.
    @Test func badgesThatCrossARowKeepTheirPlacesInTheMirror() throws {
        let (world, fleet, h) = try Self.watching(1_500, at: "#7/45/10")
        // Steps of up to 0.3 degrees each way, some 60 px at zoom 7: now and then a row of the mirror's.
        try Self.feed(fleet, into: world, watchedBy: h, epochs: 40, moves: 40, step: 0.6, checkEvery: 5, seed: 21)
        let (patched, reread, followed, readViews) = h.session.sync {
            let layer = h.session.mapView?.annotationContainer as? AnnotationContainerView
            return (
                h.session.live.patchFrames, layer?.patchesReread ?? 0, layer?.ordersFollowedFromMoves ?? 0,
                layer?.patchOrdersReadFromViews ?? -1
            )
        }
        #expect(patched >= 5, "epochs went out as patches (\(patched) of 40)")
        #expect(reread == 0, "patches sent the mirror in a new order (\(reread) of \(patched) patches)")
        // Badges that passed one another in paint order: the patch took the new order from the moves.
        #expect(followed >= 3, "orders followed from the layer's moves (\(followed) of \(patched) patches)")
        #expect(readViews == 0, "patches that read the views for their order")
    }

    @Test func aPressHeldStillBetweenInputsLetsEpochsPatchAsAtRest() throws {
        let (world, fleet, h) = try Self.watching(2_000, at: "#4/45/10")
        // A press held on the map between two inputs: nothing moves the camera until the next one, so the
        // last render still stands and an epoch is a patch of it.
        h.pointer(.down, Point(x: 600, y: 400))
        for i in 0..<10 {
            try world.store.apply([
                Move(id: fleet[i].id, coordinate: Coordinate(latitude: 40 + Double(i) * 0.1, longitude: 5))
            ])
            Self.drawEverything(h, world.store)
        }
        #expect(h.session.sync { h.session.live.patchFrames } > 0)
        Self.expectSame(h.replica, Self.wholeFrame(h, viewport: Self.size), "after patches under a held press")
        // The press turns into a pan from the patched frames: the whole frame it makes agrees too.
        h.pointer(.moved, Point(x: 640, y: 420))
        h.pointer(.moved, Point(x: 660, y: 430))
        Self.expectSame(h.replica, Self.wholeFrame(h, viewport: Self.size), "after the pan")
    }
}
