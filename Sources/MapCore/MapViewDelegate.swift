import ViewKit

/// What an app plugs into the map, as `MKMapViewDelegate`. Every method has a
/// default, so an app implements only what it needs.
public protocol MapViewDelegate: AnyObject {
    /// The view for an annotation; nil lets the map use its default view.
    func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView?
    func mapView(_ mapView: MapView, didSelect view: AnnotationView)
    func mapView(_ mapView: MapView, didDeselect view: AnnotationView)
    /// A control in a callout accessory was tapped.
    func mapView(_ mapView: MapView, annotationView: AnnotationView, calloutAccessoryControlTapped control: Control)
    func mapView(_ mapView: MapView, regionWillChangeAnimated animated: Bool)
    /// The camera settled after a gesture or an animation.
    func mapView(_ mapView: MapView, regionDidChangeAnimated animated: Bool)
    /// The clustering identifier of `annotation`, asked once when it is added:
    /// annotations sharing one merge into `ClusterAnnotation`s where they would
    /// collide. MapKit reads it from the view; the map asks up front so it can
    /// cluster a million annotations without making a view for each.
    func mapView(_ mapView: MapView, clusteringIdentifierFor annotation: Annotation) -> String?
    /// A drag moved `view` from `oldState` to `newState` (none, starting, dragging, ending or canceling).
    func mapView(_ mapView: MapView, annotationView view: AnnotationView, didChange newState: DragState, fromOldState oldState: DragState)
}

extension MapViewDelegate {
    public func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? { nil }
    public func mapView(_ mapView: MapView, didSelect view: AnnotationView) {}
    public func mapView(_ mapView: MapView, didDeselect view: AnnotationView) {}
    public func mapView(_ mapView: MapView, annotationView: AnnotationView, calloutAccessoryControlTapped control: Control) {}
    public func mapView(_ mapView: MapView, regionWillChangeAnimated animated: Bool) {}
    public func mapView(_ mapView: MapView, regionDidChangeAnimated animated: Bool) {}
    public func mapView(_ mapView: MapView, clusteringIdentifierFor annotation: Annotation) -> String? {
        (annotation as? ClusterableAnnotation)?.clusteringIdentifier
    }
    public func mapView(_ mapView: MapView, annotationView view: AnnotationView, didChange newState: DragState,
                        fromOldState oldState: DragState) {}
}
