import MapGeometry
import Synchronization
import Testing
import ViewKit

@testable import MapCore

/// A shared source whose clustering moves on epoch by epoch, as the store's
/// does under a feed, beside one pin it shows unclustered; it counts how
/// often a map asks it for those.
final class EpochSource: SharedAnnotationSource {
    let lone: PointAnnotation
    let clustered: [PointAnnotation]
    private let state: Mutex<(snapshot: SharedClusterSnapshot, points: [Point], gridQueries: Int)>

    init() {
        lone = PointAnnotation(coordinate: Coordinate(latitude: 10, longitude: 10), title: "Lone")
        clustered = (0..<20).map { i in
            PointAnnotation(coordinate: Coordinate(latitude: 0.01 * Double(i), longitude: 0), title: "Dot \(i)")
        }
        var changes = ClusterChanges()
        for (slot, a) in clustered.enumerated() {
            changes.add(a, slot: UInt32(slot), at: Mercator.project(a.coordinate))
        }
        let index = SharedClusterIndex().applying(changes)
        state = Mutex(
            (
                SharedClusterSnapshot(indexes: ["dots": index], epoch: 1),
                clustered.map { Mercator.project($0.coordinate) }, 0
            ))
    }

    /// The next epoch: the last dot moved far off.
    func moveLastDotAway() {
        moveDot(clustered.count - 1, to: Coordinate(latitude: -40, longitude: 100))
    }

    /// The next epoch: dot `i` moved to `coordinate`.
    func moveDot(_ i: Int, to coordinate: Coordinate) {
        state.withLock { s in
            var changes = ClusterChanges()
            let point = Mercator.project(coordinate)
            changes.move(slot: UInt32(i), to: point, from: s.points[i])
            s.points[i] = point
            let index = s.snapshot.indexes["dots"]!.applying(changes)
            s.snapshot = SharedClusterSnapshot(indexes: ["dots": index], epoch: s.snapshot.epoch + 1)
        }
    }

    var gridQueries: Int { state.withLock { $0.gridQueries } }

    func delegatedAnnotations(in rect: Rect) -> [(annotation: Annotation, point: Point)] {
        state.withLock { $0.gridQueries += 1 }
        let p = Mercator.project(lone.coordinate)
        return rect.contains(p) ? [(lone, p)] : []
    }
    func point(of annotation: Annotation) -> Point? { Mercator.project(annotation.coordinate) }
    var allAnnotations: [Annotation] { [lone] }
    func clusterSnapshot() -> SharedClusterSnapshot? { state.withLock { $0.snapshot } }
    var clusterEpoch: UInt64 { state.withLock { $0.snapshot.epoch } }
    func clustersItself(_ annotation: Annotation) -> Bool { annotation !== lone }
}

@Suite struct SharedClusterEpochTests {
    /// A map at zoom 4 over `EpochSource`'s dots, drawn once, and the view of their cluster.
    static func watchingMap() throws -> (EpochSource, Window, MapView, ClusterAnnotationView) {
        let source = EpochSource()
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 5, longitude: 5), zoom: 4))
        map.sharedAnnotations = source
        _ = window.renderScene()
        let cluster = try #require(map.annotationContainer.subviews.compactMap { $0 as? ClusterAnnotationView }.first)
        return (source, window, map, cluster)
    }

    /// A map watching a busy feed lays its clusters out again for every
    /// epoch, but the unclustered pins it shows have not changed: it does
    /// not ask the source (the store's lock) for them again.
    @Test func aNewEpochRelaysTheClustersWithoutAskingForTheOtherPins() throws {
        let (source, window, map, cluster) = try Self.watchingMap()
        #expect(cluster.count == 20)
        #expect(map.view(for: source.lone) != nil)
        let asked = source.gridQueries

        source.moveLastDotAway()
        _ = window.renderScene()
        #expect(cluster.count == 19, "the cluster follows the epoch")
        #expect(cluster.annotation?.title == "19 places" && cluster.accessibilityLabel == "19 places")
        #expect(map.view(for: source.lone) != nil, "the lone pin still shows")
        #expect(source.gridQueries == asked, "the same rect: its pins are not asked for again")

        // A camera that moves asks again.
        map.setCamera(Camera(center: Coordinate(latitude: 20, longitude: 30), zoom: 4), animated: false)
        _ = window.renderScene()
        #expect(source.gridQueries > asked)
    }

    /// Under a busy feed a big cluster's centre creeps by a fraction of a
    /// pixel with every epoch: its view stays put (no change for the
    /// browsers) until the centre has moved half a pixel.
    @Test func aClusterViewFollowsItsCentreOnlyOnceItMovedHalfAPixel() throws {
        let (source, window, _, view) = try Self.watchingMap()
        let cluster = try #require(view.annotation as? ClusterAnnotation)
        let shown = try #require(view.worldAnchor)
        let unitsPerPixel = 1 / Mercator.pixelsPerUnit(zoom: 4)

        // 0.1 degrees for one dot of 20: the centre moves about 0.06 px.
        source.moveDot(3, to: Coordinate(latitude: 0.13, longitude: 0))
        _ = window.renderScene()
        let index = try #require(source.clusterSnapshot()?.indexes["dots"])
        let centre = (0..<index.count).reduce(Point.zero) { $0 + index.point(at: $1) } * (1 / Double(index.count))
        #expect(centre != shown && abs(centre.y - shown.y) < 0.5 * unitsPerPixel, "the members' centre crept")
        #expect(view.worldAnchor == shown, "the view did not follow it")

        // Three degrees: about 1.7 px.
        source.moveDot(3, to: Coordinate(latitude: 3, longitude: 0))
        _ = window.renderScene()
        #expect(view.worldAnchor == cluster.worldPoint, "now it does")
        #expect(abs(cluster.worldPoint.y - shown.y) > unitsPerPixel)
    }

    /// A shared cluster names its cells and reads its members from the
    /// newest epoch when asked: after a move its members and their bounds
    /// are the epoch's, and a click zooms to fit them.
    @Test func aSharedClusterReadsItsMembersAndBoundsFromTheNewestEpoch() throws {
        let (source, window, map, view) = try Self.watchingMap()
        let cluster = try #require(view.annotation as? ClusterAnnotation)
        let keys = { (list: [Annotation]) in Set(list.map(AnnotationKey.init)) }
        // The dot on the equator sits in the cell below the others': two cells gathered.
        guard case .shared(_, let cells) = cluster.membership, cells.count == 2 else {
            Issue.record("expected two gathered cells, got \(cluster.membership)")
            return
        }
        #expect(keys(cluster.memberAnnotations) == keys(source.clustered))
        let all = Self.bounds(of: source.clustered)
        #expect(cluster.memberBounds == all)

        source.moveLastDotAway()
        source.moveDot(0, to: Coordinate(latitude: 0.05, longitude: 0))
        _ = window.renderScene()
        guard case .sharedCell = cluster.membership else {
            Issue.record("expected one cell, got \(cluster.membership)")
            return
        }
        let staying = Array(source.clustered.dropLast())
        #expect(keys(cluster.memberAnnotations) == keys(staying))
        // Dot 0 is now where the epoch says, not where its annotation was made.
        let points =
            [Mercator.project(Coordinate(latitude: 0.05, longitude: 0))]
            + staying.dropFirst().map { Mercator.project($0.coordinate) }
        #expect(cluster.memberBounds == Self.bounds(of: points))
        #expect(cluster.memberBounds.height < all.height)

        map.showMembers(of: cluster, animated: false)
        #expect(map.camera.zoom >= 5, "at least one level deeper, so the cluster splits")
        let visible = map.camera.visibleWorldRect(viewport: map.frame.size)
        #expect(visible.contains(cluster.memberBounds))
    }

    /// A badge declares the font of its count to the render that draws it,
    /// once however many badges there are, so the page loads it first.
    @Test func aBadgeDeclaresItsCountsFontOnce() throws {
        let (_, _, map, view) = try Self.watchingMap()
        var context = RenderContext()
        view.render(parent: 0, into: &context)
        view.render(parent: 0, into: &context)
        #expect(context.scene.fonts.map(\.id) == [map.fonts.bold.descriptor.id])
    }

    static func bounds(of annotations: [Annotation]) -> Rect {
        bounds(of: annotations.map { Mercator.project($0.coordinate) })
    }

    static func bounds(of points: [Point]) -> Rect {
        let xs = points.map(\.x), ys = points.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
