import MapGeometry
import ViewKit

extension AnnotationView {
    /// The cluster annotation view standing in for this view's annotation
    /// now (`MKAnnotationView.cluster`), as of the map's last layout (the
    /// frame after a zoom); nil while the annotation shows as itself, when it
    /// does not cluster, or when its cluster is too far off screen to have a
    /// view. A member's view leaves the map while its cluster stands for it:
    /// one without a reuse identifier keeps its annotation and still answers,
    /// while a reusable one goes back to the queue with no annotation, so it
    /// answers nil (ask `MapView.clusterView(containing:)` with the
    /// annotation instead).
    public var cluster: AnnotationView? {
        guard let annotation, let map = mapView ?? lastMap else { return nil }
        return map.clusterView(containing: annotation)
    }
}

extension MapView {
    /// The cluster standing in for `annotation` on the map now, as of the
    /// last layout: nil when the annotation shows as itself, does not
    /// cluster, or its cluster is too far off screen to have a view. A
    /// cluster does not stand in for itself.
    public func cluster(containing annotation: Annotation) -> ClusterAnnotation? {
        guard !(annotation is ClusterAnnotation), view(for: annotation) == nil else { return nil }
        let point = displayedPoint(of: annotation) ?? Mercator.project(annotation.coordinate)
        for view in liveViews.values {
            // The bounds first: only the cluster around the point lists its members.
            guard let cluster = view.annotation as? ClusterAnnotation,
                Self.closedContains(cluster.memberBounds, point),
                cluster.memberAnnotations.contains(where: { $0 === annotation })
            else { continue }
            return cluster
        }
        return nil
    }

    /// `rect` edges included: its members lie on its right and bottom edges too
    /// (`Rect.contains` leaves them out, and no epsilon survives world units' size).
    /// The point is taken in the copy of the world nearest the rect, which
    /// may lie across 180°.
    static func closedContains(_ rect: Rect, _ p: Point) -> Bool {
        let x = WorldWrap.nearest(p.x, to: rect.midX)
        return x >= rect.minX && x <= rect.maxX && p.y >= rect.minY && p.y <= rect.maxY
    }

    /// The view of the cluster standing in for `annotation` now (see
    /// `cluster(containing:)`), whatever became of the annotation's own view.
    public func clusterView(containing annotation: Annotation) -> AnnotationView? {
        cluster(containing: annotation).flatMap { view(for: $0) }
    }
}
