import MapGeometry
import Synchronization
import Testing
import ViewKit

@testable import MapCore

/// Dots of one shared clustering that a feed moves epoch by epoch: mostly
/// small steps (a count or a centre changes), now and then a jump across
/// the area (a cluster comes, goes or splits).
final class MovingDotsSource: SharedAnnotationSource {
    let dots: [PointAnnotation]
    private let state: Mutex<(snapshot: SharedClusterSnapshot, points: [Point])>

    init(count: Int, random: inout SharedClusterIndexTests.Random) {
        dots = (0..<count).map { i in
            PointAnnotation(
                coordinate: Coordinate(latitude: 10 * random.next(), longitude: 16 * random.next()),
                title: "Dot \(i)")
        }
        var changes = ClusterChanges()
        for (slot, dot) in dots.enumerated() {
            changes.add(dot, slot: UInt32(slot), at: Mercator.project(dot.coordinate))
        }
        state = Mutex(
            (
                SharedClusterSnapshot(indexes: ["dots": SharedClusterIndex().applying(changes)], epoch: 1),
                dots.map { Mercator.project($0.coordinate) }
            ))
    }

    /// The next epoch: `moves` dots stepped up to `step` degrees, one in ten of them jumping anywhere.
    func nextEpoch(moves: Int, step: Double, random: inout SharedClusterIndexTests.Random) {
        state.withLock { s in
            var changes = ClusterChanges()
            for _ in 0..<moves {
                let i = random.int(dots.count)
                var c = Mercator.unproject(s.points[i])
                if random.next() < 0.1 {
                    c = Coordinate(latitude: 10 * random.next(), longitude: 16 * random.next())
                } else {
                    c = Coordinate(
                        latitude: min(max(c.latitude + step * (random.next() - 0.5), 0), 10),
                        longitude: min(max(c.longitude + step * (random.next() - 0.5), 0), 16))
                }
                let point = Mercator.project(c)
                changes.move(slot: UInt32(i), to: point, from: s.points[i])
                s.points[i] = point
            }
            let index = s.snapshot.indexes["dots"]!.applying(changes)
            s.snapshot = SharedClusterSnapshot(indexes: ["dots": index], epoch: s.snapshot.epoch + 1)
        }
    }

    /// A map at zoom `zoom` over the middle of the dots' area, watching them, drawn once.
    func watchingMap(zoom: Double) -> (window: Window, map: MapView) {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 5, longitude: 8), zoom: zoom))
        map.sharedAnnotations = self
        _ = window.renderScene()
        return (window, map)
    }

    /// Two such maps.
    func twoMaps(zoom: Double) -> [(window: Window, map: MapView)] { (0..<2).map { _ in watchingMap(zoom: zoom) } }

    func delegatedAnnotations(in rect: Rect) -> [(annotation: Annotation, point: Point)] { [] }
    func point(of annotation: Annotation) -> Point? {
        state.withLock { s in
            dots.firstIndex { $0 === annotation }.map { s.points[$0] }
        }
    }
    var allAnnotations: [Annotation] { [] }
    func clusterSnapshot() -> SharedClusterSnapshot? { state.withLock { $0.snapshot } }
    var clusterEpoch: UInt64 { state.withLock { $0.snapshot.epoch } }
    func clustersItself(_ annotation: Annotation) -> Bool { true }
}

@Suite struct SharedClusterFollowTests {
    typealias Random = SharedClusterIndexTests.Random

    /// What a map shows, in paint order, as a person would see it: each
    /// badge's count and place, each lone pin and its place.
    static func shown(_ map: MapView) -> [String] {
        map.annotationContainer.subviews.map { view in
            let at = view.worldAnchor.map { "\($0.x),\($0.y)" } ?? "-"
            if let badge = view as? ClusterAnnotationView {
                return "cluster \(badge.count) at \(at) '\(badge.accessibilityLabel ?? "")' hidden \(badge.isHidden)"
            }
            let pin = view as? AnnotationView
            return "\(pin?.annotation?.title ?? "?") at \(at) hidden \(view.isHidden)"
        }
    }

    /// Two maps at one view of a moving clustering, one following each
    /// epoch as it may, the other laid out in full every time: after every
    /// epoch they show the same badges, counts, places and order, and the
    /// first followed most epochs without a layout.
    @Test(arguments: [(zoom: 4.5, seed: UInt64(3)), (6.2, 4), (8.0, 5)])
    func aMapFollowsAnEpochAsALayoutWould(zoom: Double, seed: UInt64) {
        var random = Random(state: seed)
        let source = MovingDotsSource(count: 600, random: &random)
        let maps = source.twoMaps(zoom: zoom)
        let ((followingWindow, following), (laidOutWindow, laidOut)) = (maps[0], maps[1])
        for epoch in 0..<60 {
            source.nextEpoch(moves: 12, step: 0.2, random: &random)
            laidOut.needsAnnotationLayout = true
            _ = followingWindow.renderScene()
            _ = laidOutWindow.renderScene()
            #expect(Self.shown(following) == Self.shown(laidOut), "zoom \(zoom), epoch \(epoch)")
        }
        #expect(laidOut.clustering.epochsFollowedInPlace == 0)
        #expect(following.clustering.epochsFollowedInPlace > 20, "zoom \(zoom): many epochs only change counts")
        #expect(following.clustering.epochsFollowedInPlace < 60, "zoom \(zoom): some epochs regather")
    }

    /// A map with a selected pin spaces its own cells, so it is laid out
    /// for every epoch rather than following the shared layout.
    @Test func aMapWithASelectionIsLaidOut() throws {
        var random = Random(state: 9)
        let source = MovingDotsSource(count: 300, random: &random)
        let (window, map) = source.watchingMap(zoom: 5)
        let badge = try #require(map.annotationContainer.subviews.compactMap { $0 as? ClusterAnnotationView }.first)
        let cluster = try #require(badge.annotation)
        map.selectAnnotation(cluster, animated: false)
        _ = window.renderScene()
        let before = map.clustering.epochsFollowedInPlace
        for _ in 0..<5 {
            source.nextEpoch(moves: 5, step: 0.05, random: &random)
            _ = window.renderScene()
        }
        #expect(map.clustering.epochsFollowedInPlace == before)
    }
}
