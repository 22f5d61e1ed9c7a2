import MapGeometry
import Synchronization
import Testing
import ViewKit

@testable import MapCore

/// A shared source that clusters every annotation it holds itself, as the
/// store does with those that carry a clustering identifier.
final class ClusteringSource: SharedAnnotationSource {
    let members: [AnnotationKey: Point]
    let snapshot: SharedClusterSnapshot

    init(identifier: String, annotations: [Annotation]) {
        var changes = ClusterChanges()
        var members: [AnnotationKey: Point] = [:]
        for (slot, a) in annotations.enumerated() {
            let p = Mercator.project(a.coordinate)
            changes.add(a, slot: UInt32(slot), at: p)
            members[AnnotationKey(a)] = p
        }
        self.members = members
        snapshot = SharedClusterSnapshot(indexes: [identifier: SharedClusterIndex().applying(changes)], epoch: 1)
    }

    func delegatedAnnotations(in rect: Rect) -> [(annotation: Annotation, point: Point)] { [] }
    func point(of annotation: Annotation) -> Point? { members[AnnotationKey(annotation)] }
    var allAnnotations: [Annotation] { [] }
    func clusterSnapshot() -> SharedClusterSnapshot? { snapshot }
    var clusterEpoch: UInt64 { snapshot.epoch }
    func clustersItself(_ annotation: Annotation) -> Bool { members[AnnotationKey(annotation)] != nil }
}

/// Clustering keeps one identifier's views apart: whatever the grid cells
/// say, no two of them overlap on screen by more than a couple of pixels.
@Suite struct ClusterSpacingTests {
    final class Grouping: MapViewDelegate {
        func mapView(_ mapView: MapView, clusteringIdentifierFor annotation: Annotation) -> String? { "dots" }
    }

    /// Dense towns, a sparse countryside and pairs straddling cell borders.
    static func world(seed: UInt64) -> [PointAnnotation] {
        scatter(600, lat: 47.0...47.6, lon: 8.0...8.9, seed: seed)
            + scatter(300, lat: 45...50, lon: 5...11, seed: seed + 100)
            + scatter(40, lat: 47.20...47.201, lon: 8.40...8.401, seed: seed + 200)
    }

    /// Pairs of laid-out views (of clusters or members) overlapping by more than the tolerance.
    static func overlaps(_ map: MapView) -> [(String, String)] {
        let views = map.annotationContainer.subviews.compactMap { $0 as? AnnotationView }
        let frames = views.map { map.screenFrame(of: $0) }
        var out: [(String, String)] = []
        for i in frames.indices {
            for j in frames.indices where j > i && ClusterSpacing.overlaps(frames[i], frames[j]) {
                out.append((views[i].annotation?.title ?? "?", views[j].annotation?.title ?? "?"))
            }
        }
        return out
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func sharedClustersNeverOverlapAtAnyClusteringZoom(seed: UInt64) {
        let source = ClusteringSource(identifier: "dots", annotations: Self.world(seed: seed))
        for zoom in 1...ClusterIndex.maxZoom {
            let (window, map) = makeMap(
                camera: Camera(
                    center: Coordinate(latitude: 47.2, longitude: 8.4),
                    zoom: Double(zoom)))
            map.sharedAnnotations = source
            _ = window.renderScene()
            let found = Self.overlaps(map)
            #expect(found.isEmpty, "zoom \(zoom): \(found.prefix(3))")
            #expect(map.annotationContainer.subviews.count > 0, "zoom \(zoom) shows something")
        }
    }

    @Test(arguments: [UInt64(4), 5])
    func aMapsOwnClustersNeverOverlapEither(seed: UInt64) {
        let delegate = Grouping()
        let dots = Self.world(seed: seed)
        for zoom in 1...ClusterIndex.maxZoom {
            let (window, map) = makeMap(
                camera: Camera(
                    center: Coordinate(latitude: 47.2, longitude: 8.4),
                    zoom: Double(zoom)))
            map.delegate = delegate
            map.addAnnotations(dots)
            _ = window.renderScene()
            let found = Self.overlaps(map)
            #expect(found.isEmpty, "zoom \(zoom): \(found.prefix(3))")
        }
    }

    @Test func twoPinsAPixelApartAcrossACellBorderBecomeOneCluster() {
        // A cell is `cellPixels` wide at its zoom: x = cellPixels * k is a border. Two pins either side of one.
        let zoom = 10
        let unitsPerPixel = 1 / Mercator.pixelsPerUnit(zoom: Double(zoom))
        let border = ClusterIndex.cellPixels * 150 * unitsPerPixel
        let y = 0.4 * Mercator.worldSize
        func pin(_ dx: Double, _ title: String) -> PointAnnotation {
            PointAnnotation(coordinate: Mercator.unproject(Point(x: border + dx * unitsPerPixel, y: y)), title: title)
        }
        let (left, right) = (pin(-0.5, "L"), pin(0.5, "R"))
        let source = ClusteringSource(identifier: "dots", annotations: [left, right])
        let around = Rect(
            x: border - 4 * unitsPerPixel, y: y - 4 * unitsPerPixel,
            width: 8 * unitsPerPixel, height: 8 * unitsPerPixel)
        #expect(source.snapshot.indexes["dots"]?.cells(in: around, zoom: zoom).count == 2, "the grid parts them")
        let (window, map) = makeMap(
            camera: Camera(
                center: Mercator.unproject(Point(x: border, y: y)),
                zoom: Double(zoom)))
        map.sharedAnnotations = source
        let scene = window.renderScene()
        #expect(scene.accessibility.contains { $0.name == "2 places" })
        #expect(map.view(for: left) == nil && map.view(for: right) == nil)
    }

    @Test func groupsOfRandomItemsLeaveNoOverlappingFootprints() {
        var random = SharedClusterIndexTests.Random(state: 11)
        let items = (0..<400).map { _ in
            ClusterSpacing.Item(
                point: Point(x: random.next() * 900, y: random.next() * 700),
                count: random.next() < 0.5 ? 1 : 1 + random.int(2000))
        }
        let groups = ClusterSpacing.groups(items, pixelsPerUnit: 1)
        #expect(groups.flatMap { $0 }.sorted() == Array(items.indices), "every item in exactly one group")
        let shown: [Rect] = groups.map { g in
            let count = g.reduce(0) { $0 + items[$1].count }
            let centre = g.reduce(Point.zero) { $0 + items[$1].point * Double(items[$1].count) } * (1 / Double(count))
            let singleCell = g.count == 1
            return ClusterSpacing.footprint(count: singleCell ? items[g[0]].count : max(count, 2))
                .offsetBy(dx: centre.x, dy: centre.y)
        }
        for i in shown.indices {
            for j in shown.indices where j > i {
                #expect(!ClusterSpacing.overlaps(shown[i], shown[j]), "groups \(i) and \(j)")
            }
        }
    }

    /// A grouping says which items go together, not in what order the
    /// passes met them: counts that change (as a live feed's do every
    /// epoch) but gather the same items give an equal grouping, each
    /// group's items ascending, groups by their first item.
    @Test func theSameGatheringGivesAnEqualGroupingWhateverTheCounts() {
        var random = SharedClusterIndexTests.Random(state: 12)
        // Forty clumps of one to four items a few px apart, the clumps 150 px apart: each clump one group.
        var points: [Point] = []
        for clump in 0..<40 {
            let at = Point(x: Double(clump % 8) * 150, y: Double(clump / 8) * 150)
            for _ in 0...random.int(4) { points.append(at + Point(x: random.next() * 6, y: random.next() * 6)) }
        }
        for i in points.indices.reversed() { points.swapAt(i, random.int(i + 1)) }
        // Counts of 100-999 all draw a badge of one size; the passes meet the groups by count.
        let first = ClusterSpacing.grouping(
            points.map { .init(point: $0, count: 100 + random.int(900)) },
            pixelsPerUnit: 1)
        let second = ClusterSpacing.grouping(
            points.map { .init(point: $0, count: 100 + random.int(900)) },
            pixelsPerUnit: 1)
        let groups = (0..<first.count).map { Array(first[$0]) }
        #expect(groups.count == 40 && groups.contains { $0.count > 1 }, "each clump gathers")
        #expect(first.members == second.members && first.ends == second.ends)
        #expect(groups.allSatisfy { $0 == $0.sorted() })
        #expect(groups.map { $0[0] } == groups.map { $0[0] }.sorted())
    }

    @Test func theSelectedPinIsNeverFoldedIntoANeighbour() {
        let items = [
            ClusterSpacing.Item(point: Point(x: 100, y: 100), count: 1, staysApart: true),
            ClusterSpacing.Item(point: Point(x: 104, y: 100), count: 1),
            ClusterSpacing.Item(point: Point(x: 108, y: 100), count: 3),
        ]
        let groups = ClusterSpacing.groups(items, pixelsPerUnit: 1)
        #expect(groups.contains([0]), "the selected pin shows as itself")
        #expect(groups.contains { Set($0) == [1, 2] }, "its neighbours still gather")
    }
}
