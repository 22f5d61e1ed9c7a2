import MapGeometry
import Synchronization

@testable import MapCore

/// A pin as the API makes them: it states its own clustering, here none.
final class TestPin: ClusterableAnnotation {
    private let location: Mutex<Coordinate>
    let title: String?
    var subtitle: String? { nil }
    var clusteringIdentifier: String? { nil }

    init(_ coordinate: Coordinate, title: String) {
        location = Mutex(coordinate)
        self.title = title
    }

    var coordinate: Coordinate {
        get { location.withLock { $0 } }
        set { location.withLock { $0 = newValue } }
    }
}

/// A shared source as the store is one: unclustered pins in a grid and in
/// the snapshot's `unclustered` index, and an app's own annotations that
/// maps ask their delegate about.
final class UnclusteredPinsSource: SharedAnnotationSource {
    private struct State {
        var pins = AnnotationIndex(cellShift: 18, counted: true)
        var plain = AnnotationIndex()
        var slots: [AnnotationKey: UInt32] = [:]
        var snapshot = SharedClusterSnapshot()
    }
    private let state = Mutex(State())

    init(pins: [TestPin], plain: [Annotation] = []) {
        state.withLock { s in
            var changes = ClusterChanges()
            for (slot, pin) in pins.enumerated() {
                let point = Mercator.project(pin.coordinate)
                s.pins.update(pin, at: point)
                s.slots[AnnotationKey(pin)] = UInt32(slot)
                changes.add(pin, slot: UInt32(slot), at: point)
            }
            for a in plain { s.plain.insert(a) }
            s.snapshot = SharedClusterSnapshot(unclustered: SharedClusterIndex().applying(changes), epoch: 1)
        }
    }

    /// Moves `pin` to `coordinate` and publishes the next epoch with the move.
    func move(_ pin: TestPin, to coordinate: Coordinate) {
        state.withLock { s in
            let from = Mercator.project(pin.coordinate)
            pin.coordinate = coordinate
            let to = Mercator.project(coordinate)
            s.pins.update(pin, at: to)
            var changes = ClusterChanges()
            changes.move(slot: s.slots[AnnotationKey(pin)]!, to: to, from: from)
            s.snapshot = SharedClusterSnapshot(
                unclustered: s.snapshot.unclustered?.applying(changes),
                epoch: s.snapshot.epoch + 1)
        }
    }

    func delegatedAnnotations(in rect: Rect) -> [(annotation: Annotation, point: Point)] {
        state.withLock { $0.plain.entries(in: rect) }
    }

    func unclusteredPins(in rect: Rect, limit: Int) -> [(annotation: Annotation, point: Point)]? {
        state.withLock { $0.pins.entries(in: rect, limit: limit) }
    }

    func unclusteredPinCountAtMost(in rect: Rect) -> Int {
        state.withLock { $0.pins.countAtMost(in: rect) }
    }

    func point(of annotation: Annotation) -> Point? {
        let key = AnnotationKey(annotation)
        return state.withLock { $0.pins.point(of: key) ?? $0.plain.point(of: key) }
    }

    var allAnnotations: [Annotation] { state.withLock { $0.plain.all + $0.pins.all } }

    func clusterSnapshot() -> SharedClusterSnapshot? { state.withLock { $0.snapshot } }

    var clusterEpoch: UInt64 { state.withLock { $0.snapshot.epoch } }

    /// Nothing here has a clustering identifier.
    var identifiedClusterEpoch: UInt64 { 0 }

    func decidesClustering(of annotation: Annotation) -> Bool { annotation is ClusterableAnnotation }
}

/// `count` test pins scattered in a box, from a fixed seed.
func scatterPins(_ count: Int, lat: ClosedRange<Double>, lon: ClosedRange<Double>, seed: UInt64 = 7) -> [TestPin] {
    scatter(count, lat: lat, lon: lon, seed: seed).enumerated().map {
        TestPin($0.element.coordinate, title: "Pin \($0.offset)")
    }
}
