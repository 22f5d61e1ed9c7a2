import MapGeometry
import SessionTransport
import Synchronization
import Testing
import ViewKit
import Wire

@testable import LiveWorld
@testable import MapCore
@testable import MapSession

/// `count` API pins without a clustering identifier in a box, from a fixed seed.
func apiPins(
    _ count: Int, lat: ClosedRange<Double>, lon: ClosedRange<Double>, prefix: String = "pin",
    seed: UInt64 = 5
) -> [LiveAnnotation] {
    var state = seed
    func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    return (0..<count).map { i in
        let c = Coordinate(
            latitude: lat.lowerBound + (lat.upperBound - lat.lowerBound) * next(),
            longitude: lon.lowerBound + (lon.upperBound - lon.lowerBound) * next())
        return LiveAnnotation(id: "\(prefix)-\(i)", title: "\(prefix) \(i)", coordinate: c)
    }
}

extension SessionHarness {
    var gathersUnclusteredPins: Bool { session.sync { session.mapView?.gathersUnclusteredPins ?? false } }
}

/// An app whose delegate counts what it is asked to cluster, with a few annotations of its own in the world.
final class CountingClusteringApp: MapApp {
    final class Count: Sendable {
        let value = Mutex(0)
    }

    final class Delegate: MapViewDelegate {
        let asked: Count
        init(asked: Count) { self.asked = asked }
        func mapView(_ mapView: MapView, clusteringIdentifierFor annotation: Annotation) -> String? {
            asked.value.withLock { $0 += 1 }
            return nil
        }
    }

    let asked = Count()
    let own = (0..<3).map {
        PointAnnotation(
            coordinate: Coordinate(latitude: 48.85, longitude: 2.34 + 0.01 * Double($0)),
            title: "Own \($0)")
    }

    var seeds: [WorldSeed] {
        [
            WorldSeed(
                name: "own",
                annotations: own.enumerated().map {
                    SeedAnnotation(id: "own-\($0.offset)", kind: "point", annotation: $0.element, move: nil)
                })
        ]
    }

    func setUpSession(_ session: MapAppSession) -> AnyObject? {
        let delegate = Delegate(asked: asked)
        session.mapView.delegate = delegate
        return delegate
    }
}

/// The store indexes the API's pins without a clustering identifier for the
/// maps that have too many near their viewport, and a session holds no more
/// views for them than its map's limit.
@Suite struct UnclusteredPinSessionTests {
    static let world = Rect(x: 0, y: 0, width: Mercator.worldSize, height: Mercator.worldSize)

    @Test func theStoreIndexesAPIPinsWithoutAnIdentifierForGathering() throws {
        let store = AnnotationStore()
        let pins = apiPins(100, lat: -10...10, lon: -10...10)
        for pin in pins { try store.add(pin) }
        store.publishClusters()
        let snapshot = try #require(store.clusterSnapshot())
        #expect(snapshot.unclustered?.count == 100)
        #expect(snapshot.indexes.isEmpty)
        // Maps that show them one by one have no clustering to follow.
        #expect(store.identifiedClusterEpoch == 0 && store.clusterEpoch > 0)
        #expect(store.unclusteredPins(in: Self.world, limit: 99) == nil)
        #expect(store.unclusteredPins(in: Self.world, limit: 100)?.count == 100)
        #expect(store.delegatedAnnotations(in: Self.world).isEmpty, "an app's own annotations only")
        #expect(store.annotations(in: Self.world).count == 100)
        // A move reaches the index, a removal leaves it.
        let to = Coordinate(latitude: 5, longitude: 5)
        try store.apply([Move(id: "pin-0", coordinate: to)])
        try store.remove(id: "pin-1")
        store.publishClusters()
        let index = try #require(store.clusterSnapshot()?.unclustered)
        #expect(index.count == 99)
        let moved = (0..<index.count).filter { index.annotation(at: $0) === pins[0] }.map { index.point(at: $0) }
        #expect(moved == [Mercator.project(to)])
        #expect(!(0..<index.count).contains { index.annotation(at: $0) === pins[1] })
        #expect(store.identifiedClusterEpoch == 0)
        // A clustered pin moves the epoch that maps showing pins one by one follow.
        try store.add(LiveAnnotation(id: "van", title: "Van", coordinate: to, clusteringIdentifier: "vans"))
        store.publishClusters()
        #expect(store.identifiedClusterEpoch == store.clusterEpoch)
    }

    @Test func theirEpochsWakeOnlyTheSessionsThatGatherThem() throws {
        final class Wakes: Sendable {
            let count = Mutex(0)
            var value: Int { count.withLock { $0 } }
        }
        // Epochs a minute apart: none is merged but when the test asks.
        let store = AnnotationStore(journal: nil, clusterFrame: 60)
        for pin in apiPins(100, lat: -10...10, lon: -10...10) { try store.add(pin) }
        store.publishClusters()
        let (gathered, oneByOne) = (Wakes(), Wakes())
        let gathering = LiveSubscriber { gathered.count.withLock { $0 += 1 } }
        let showing = LiveSubscriber { oneByOne.count.withLock { $0 += 1 } }
        for s in [gathering, showing] { s.publish(Self.world) }
        gathering.gathersUnclustered = true
        store.subscribe(1, gathering)
        store.subscribe(2, showing)
        // The change log wakes both for a move...
        try store.apply([Move(id: "pin-0", coordinate: Coordinate(latitude: 1, longitude: 1))])
        #expect(gathered.value == 1 && oneByOne.value == 1)
        for s in [gathering, showing] { s.didWake() }
        // ...the epoch that merges it only the one whose map shows it from there.
        store.publishClusters()
        #expect(gathered.value == 2 && oneByOne.value == 1)
    }

    @Test func joiningAsksTheDelegateOnlyAboutTheAppsOwnAnnotations() throws {
        let app = CountingClusteringApp()
        let world = World(fonts: sharedWorld.fonts, baseMap: nil, app: app)
        for pin in apiPins(2_000, lat: 40...55, lon: -5...20) { try world.store.add(pin) }
        #expect(world.store.delegatedSnapshot().annotations.count == app.own.count)
        _ = SessionHarness(hash: "#5/48/8", world: world)
        #expect(app.asked.value.withLock { $0 } == app.own.count)
    }

    @Test func aSessionOverManyPinsHoldsNoMoreViewsThanItsLimit() throws {
        let world = freshWorld()
        let quiet = SessionHarness(hash: "#2/20/0", world: world, id: 1)
        for pin in apiPins(5_000, lat: -50...60, lon: -170...170) { try world.store.add(pin) }
        let h = SessionHarness(hash: "#2/20/0", world: world, id: 2)
        #expect(h.gathersUnclusteredPins)
        let live = h.session.reuseCounts?.live ?? .max
        let limit = h.session.sync { h.session.mapView?.unclusteredPinLimit } ?? 0
        #expect(live <= limit)
        #expect(h.perMapAnnotationCount == quiet.perMapAnnotationCount)
        // Its map reads the pins from their epochs now, so those wake it.
        #expect(h.session.sync { h.session.live.subscriber?.gathersUnclustered } == true)
        // The session open before the pins came catches up the same way.
        quiet.flushQueue()
        #expect(quiet.gathersUnclusteredPins)
        #expect((quiet.session.reuseCounts?.live ?? .max) <= limit)
    }

    @Test func zoomedInPinsShowOneByOneAsMarkers() throws {
        let world = freshWorld()
        for pin in apiPins(5_000, lat: -50...60, lon: -170...170) { try world.store.add(pin) }
        let h = SessionHarness(hash: "#2/20/0", world: world)
        #expect(h.gathersUnclusteredPins)
        h.send(.navigate(seq: h.nextSeq(), hash: "#9/0/-150"))
        h.settle(seconds: 0.2)
        #expect(!h.gathersUnclusteredPins)
        let visible = h.camera.visibleWorldRect(viewport: h.replica.viewport)
        let shown = world.store.unclusteredPins(in: visible, limit: 1_000) ?? []
        #expect(!shown.isEmpty)
        for (pin, _) in shown { #expect(h.replica.element(named: pin.title ?? "")?.role == .button) }
    }

    @Test func aSessionThatGathersPinsMovesThemWithTheEpochsNotByGlides() throws {
        let world = freshWorld()
        // A crowd in the Pacific, and one pin alone south of it, shown as itself.
        for pin in apiPins(1_000, lat: 0...2, lon: -152...(-150)) { try world.store.add(pin) }
        let loner = Coordinate(latitude: -6, longitude: -145)
        try world.store.add(LiveAnnotation(id: "loner", title: "Loner", coordinate: loner))
        // The crowd's epoch out before the session opens (else the store merges it a moment later).
        world.store.publishClusters()
        let h = SessionHarness(hash: LiveMoveTests.pacific, world: world)
        #expect(h.gathersUnclusteredPins)
        let before = try #require(h.center(of: "Loner"))
        try world.store.apply([
            Move(id: "loner", coordinate: Coordinate(latitude: -6, longitude: -144), timestamp: 1),
            Move(id: "pin-3", coordinate: Coordinate(latitude: 1, longitude: -151), timestamp: 1),
        ])
        h.flushQueue()
        // The epoch that merged the move put it there at once.
        let after = try #require(h.center(of: "Loner"))
        #expect(after.x > before.x + 10)
    }
}
