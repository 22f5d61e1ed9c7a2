import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// `AnnotationView.cluster` and `MapView.cluster(containing:)`: which
/// cluster stands in for a member now, zooming out so members cluster and
/// back in so they show as themselves.
@Suite struct ClusterMembershipTests {
    /// Clusters everything but "Alone"; gives members views of its own, with
    /// or without a reuse identifier, and remembers each it made.
    final class Members: MapViewDelegate {
        let reusable: Bool
        var made: [ObjectIdentifier: AnnotationView] = [:]
        init(reusable: Bool) { self.reusable = reusable }

        func mapView(_ mapView: MapView, clusteringIdentifierFor annotation: Annotation) -> String? {
            annotation.title == "Alone" ? nil : "dots"
        }

        func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? {
            guard !(annotation is ClusterAnnotation) else { return nil }
            let view =
                reusable
                ? mapView.dequeueReusableAnnotationView(withIdentifier: "dot", for: annotation)
                : AnnotationView(annotation: annotation, reuseIdentifier: nil)
            view.frame.size = Size(width: 10, height: 10)
            made[ObjectIdentifier(annotation)] = view
            return view
        }
    }

    // The map holds its delegate weakly: the suite keeps them.
    let ownViews = Members(reusable: false)
    let reusedViews = Members(reusable: true)

    static let centre = Coordinate(latitude: 10, longitude: 10)
    /// Past the deepest clustering level every member shows; at 5 they are one cluster.
    static let apart = Double(ClusterIndex.maxZoom + 1)
    static let together = 5.0

    /// Six members within about 100 m, and one nearby that never clusters.
    func memberMap(reusable: Bool) -> (Window, MapView, Members, [PointAnnotation], PointAnnotation) {
        let (window, map) = makeMap(camera: Camera(center: Mercator.project(Self.centre), zoom: Self.apart))
        let delegate = reusable ? reusedViews : ownViews
        map.delegate = delegate
        let dots = scatter(6, lat: 10.0000...10.0008, lon: 10.0000...10.0008)
        let alone = PointAnnotation(coordinate: Coordinate(latitude: 10.0004, longitude: 9.9996), title: "Alone")
        map.addAnnotations(dots + [alone])
        _ = window.renderScene()
        return (window, map, delegate, dots, alone)
    }

    func zoom(_ map: MapView, _ window: Window, to zoom: Double) {
        map.camera = Camera(center: Mercator.project(Self.centre), zoom: zoom)
        _ = window.renderScene()
    }

    func clusters(on map: MapView) -> [ClusterAnnotation] {
        map.annotationContainer.subviews.compactMap { ($0 as? AnnotationView)?.annotation as? ClusterAnnotation }
    }

    func clusterView(of map: MapView) throws -> AnnotationView {
        let views = map.annotationContainer.subviews.compactMap { $0 as? AnnotationView }
        return try #require(views.first { $0.annotation is ClusterAnnotation })
    }

    @Test func aHeldMemberViewAnswersTheClusterStandingInForItAndNilOnceItShowsAgain() throws {
        let (window, map, delegate, dots, alone) = memberMap(reusable: false)
        let held = try dots.map { try #require(map.view(for: $0)) }
        #expect(held.allSatisfy { $0.cluster == nil }, "each shows as itself")
        #expect(map.view(for: alone)?.cluster == nil)

        zoom(map, window, to: Self.together)
        let clusterView = try clusterView(of: map)
        let cluster = try #require(clusterView.annotation as? ClusterAnnotation)
        #expect(cluster.count == dots.count)
        for (dot, view) in zip(dots, held) {
            #expect(map.view(for: dot) == nil && view.superview == nil, "off the map while clustered")
            #expect(view.annotation === dot, "a view without a reuse identifier keeps its annotation")
            #expect(view.cluster === clusterView)
            #expect(map.cluster(containing: dot) === cluster)
            #expect(cluster.memberAnnotations.contains { $0 === dot })
        }
        #expect(clusterView.cluster == nil, "a cluster does not stand in for itself")
        #expect(map.view(for: alone)?.cluster == nil, "it never clusters")

        zoom(map, window, to: Self.apart)
        for (dot, view) in zip(dots, held) {
            let shown = try #require(map.view(for: dot))
            #expect(shown === delegate.made[ObjectIdentifier(dot)])
            #expect(shown.cluster == nil && view.cluster == nil, "it shows as itself again")
            #expect(map.cluster(containing: dot) == nil)
        }
    }

    @Test func aReusedMemberViewAnswersForItsAnnotationOnlyWhileItHasOne() throws {
        let (window, map, _, dots, _) = memberMap(reusable: true)
        let held = try #require(map.view(for: dots[0]))
        #expect(held.cluster == nil)

        zoom(map, window, to: Self.together)
        let clusterView = try clusterView(of: map)
        // Back in the queue it stands for nothing, so no cluster stands in for it...
        #expect(held.annotation == nil && held.cluster == nil)
        // ...while the map still answers for the annotation.
        #expect(map.clusterView(containing: dots[0]) === clusterView)
        #expect(map.cluster(containing: dots[0]) === clusterView.annotation)

        // Handed out again for another clustered member, it answers for that one.
        let other = dots[3]
        var reused: [AnnotationView] = []
        while let view = map.dequeueReusableAnnotationView(withIdentifier: "dot") {
            reused.append(view)
            guard view !== held else { break }
        }
        #expect(reused.last === held)
        held.annotation = other
        #expect(held.cluster === clusterView)
    }

    @Test func aClusterFarOffScreenHasNoViewToAnswer() throws {
        let (window, map, _, dots, _) = memberMap(reusable: false)
        let held = try #require(map.view(for: dots[0]))
        zoom(map, window, to: Self.together)
        #expect(held.cluster != nil)
        // Half the world away the cluster has no view (and no cluster annotation is live there).
        map.camera = Camera(center: Mercator.project(Coordinate(latitude: -40, longitude: -170)), zoom: Self.together)
        _ = window.renderScene()
        #expect(clusters(on: map).isEmpty)
        #expect(held.cluster == nil && map.cluster(containing: dots[0]) == nil)
        // Back over it, the new cluster view answers.
        zoom(map, window, to: Self.together)
        #expect(try held.cluster === clusterView(of: map))
    }

    @Test func aMemberMovedIntoAnotherClusterAnswersThatOne() throws {
        let (window, map, _, dots, _) = memberMap(reusable: false)
        let far = scatter(4, lat: 20.0000...20.0008, lon: 20.0000...20.0008, seed: 7)
        map.addAnnotations(far)
        zoom(map, window, to: Self.together)
        let moving = dots[0]
        moving.coordinate = Coordinate(latitude: 20.0004, longitude: 20.0004)
        map.annotationDidMove(moving)
        map.camera = Camera(center: Mercator.project(Coordinate(latitude: 15, longitude: 15)), zoom: Self.together)
        _ = window.renderScene()
        #expect(clusters(on: map).map(\.count).sorted() == [5, 5])
        let farCluster = try #require(map.cluster(containing: far[0]))
        #expect(map.cluster(containing: moving) === farCluster)
        #expect(map.cluster(containing: dots[1]) !== farCluster && map.cluster(containing: dots[1]) != nil)
    }
}
