import InputEvents
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// Pins a few kilometres apart on both sides of 180° cluster as pins
/// anywhere else do: a map's own clustering and the store's shared one.
@Suite struct ClustersAcross180Tests {
    final class Grouping: MapViewDelegate {
        func mapView(_ mapView: MapView, clusteringIdentifierFor annotation: Annotation) -> String? { "dots" }
    }

    /// Every dot's clustering is the source's, in one epoch.
    final class DotSource: SharedAnnotationSource {
        let snapshot: SharedClusterSnapshot

        init(_ dots: [PointAnnotation]) {
            var changes = ClusterChanges()
            for (slot, a) in dots.enumerated() {
                changes.add(a, slot: UInt32(slot), at: Mercator.project(a.coordinate))
            }
            snapshot = SharedClusterSnapshot(indexes: ["dots": SharedClusterIndex().applying(changes)], epoch: 1)
        }

        func delegatedAnnotations(in rect: Rect) -> [(annotation: Annotation, point: Point)] { [] }
        func point(of annotation: Annotation) -> Point? { Mercator.project(annotation.coordinate) }
        var allAnnotations: [Annotation] { [] }
        func clusterSnapshot() -> SharedClusterSnapshot? { snapshot }
        var clusterEpoch: UInt64 { 1 }
        func clustersItself(_ annotation: Annotation) -> Bool { true }
    }

    /// Ten dots just west of 180° and ten just east of it, off Fiji.
    static func dots() -> [PointAnnotation] {
        scatter(10, lat: -17.02 ... -17.0, lon: 179.97...179.99)
            + scatter(10, lat: -17.02 ... -17.0, lon: -179.99 ... -179.97, seed: 2)
    }

    static let camera = Camera(center: Coordinate(latitude: -17, longitude: 180), zoom: 5)

    static func clusters(_ map: MapView) -> [ClusterAnnotation] {
        map.annotationContainer.subviews.compactMap { ($0 as? AnnotationView)?.annotation as? ClusterAnnotation }
    }

    @Test func aMapsOwnClusterGathersAcross180() throws {
        let (window, map) = makeMap(camera: Self.camera)
        let delegate = Grouping()
        map.delegate = delegate
        map.addAnnotations(Self.dots())
        _ = window.renderScene()
        let clusters = Self.clusters(map)
        #expect(clusters.map(\.count) == [20], "one cluster of both sides")
        let cluster = try #require(clusters.first)
        #expect(cluster.coordinate.longitude.magnitude > 179.95, "its centre on 180°, not mid-world")
        #expect(abs(map.convert(cluster.coordinate).x - map.bounds.midX) < 2)
        #expect(cluster.memberBounds.width < Mercator.worldSize / 1000, "its members' box the short way")
    }

    @Test func tappingTheClusterZoomsToItsMembersAcross180() throws {
        let (window, map) = makeMap(camera: Self.camera)
        let delegate = Grouping()
        map.delegate = delegate
        let dots = Self.dots()
        map.addAnnotations(dots)
        _ = window.renderScene()
        let clock = try #require(window.clock as? ManualClock)
        let view = try #require(map.annotationContainer.subviews.first { $0 is ClusterAnnotationView })
        let centre = view.frameInWindow().center
        window.dispatch(PointerEvent(phase: .down, pointerID: 1, location: centre, time: 1))
        window.dispatch(PointerEvent(phase: .up, pointerID: 1, location: centre, time: 1.05))
        for _ in 0..<40 {
            clock.advance(by: 1.0 / 60)
            window.animator.tick()
        }
        _ = window.renderScene()
        #expect(map.camera.zoom > 10, "zoomed to a few kilometres, not out to the world")
        #expect(map.camera.centerCoordinate.longitude.magnitude > 179.9)
        for d in dots { #expect(map.bounds.contains(map.convert(d.coordinate))) }
    }

    @Test func theSharedClusteringGathersAcross180() throws {
        let dots = Self.dots()
        let source = DotSource(dots)
        let index = try #require(source.snapshot.indexes["dots"])
        let size = Size(width: 1280, height: 800)
        let rect = Self.camera.visibleWorldRect(viewport: size)
        let layout = index.layout(in: rect, zoom: 5)
        #expect(layout.cells.count == 2 && layout.cells.map(\.count) == [10, 10], "a cell each side")
        #expect(layout.grouping.count == 1, "gathered into one")
        // The cell east of 180° lies a world on, beside the one west of it.
        let xs = layout.cells.map(\.center.x).sorted()
        #expect(xs[1] - xs[0] < Mercator.worldSize / 1000)

        let (window, map) = makeMap(camera: Self.camera)
        map.sharedAnnotations = source
        _ = window.renderScene()
        let clusters = Self.clusters(map)
        #expect(clusters.map(\.count) == [20])
        let cluster = try #require(clusters.first)
        #expect(Set(cluster.memberAnnotations.map(AnnotationKey.init)) == Set(dots.map(AnnotationKey.init)))
        #expect(abs(map.convert(cluster.coordinate).x - map.bounds.midX) < 2)
        // A map looking at the same place from the next copy east reads the same layout.
        let (otherWindow, other) = makeMap(
            camera: Camera(
                center: Point(
                    x: Self.camera.center.x + Mercator.worldSize,
                    y: Self.camera.center.y), zoom: 5))
        other.sharedAnnotations = source
        _ = otherWindow.renderScene()
        #expect(Self.clusters(other).map(\.count) == [20])
        let shown = try #require(map.clustering.sharedLayouts[.identifier("dots")]?.layout)
        #expect(other.clustering.sharedLayouts[.identifier("dots")]?.layout === shown)
    }
}
