import MapGeometry
import ViewKit

/// What an app plugs into the map, as `MKMapViewDelegate`. Every method has a
/// default, so an app implements only what it needs.
public protocol MapViewDelegate: AnyObject {
    /// The view for an annotation; nil lets the map use its default view.
    func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView?
    /// `view`'s annotation was selected (a tap, the keyboard, or `selectAnnotation`).
    func mapView(_ mapView: MapView, didSelect view: AnnotationView)
    /// `view`'s annotation was deselected; its callout is closing.
    func mapView(_ mapView: MapView, didDeselect view: AnnotationView)
    /// The left or right callout accessory, a control, was tapped (after its
    /// own `onTap` ran); controls inside the detail accessory do not come here.
    func mapView(_ mapView: MapView, annotationView: AnnotationView, calloutAccessoryControlTapped control: Control)
    /// The camera starts to move (a gesture or an animation begins).
    func mapView(_ mapView: MapView, regionWillChangeAnimated animated: Bool)
    /// The camera settled after a gesture or an animation.
    func mapView(_ mapView: MapView, regionDidChangeAnimated animated: Bool)
    /// The clustering identifier of `annotation`, asked once when it is added:
    /// annotations sharing one merge into `ClusterAnnotation`s where they would
    /// collide. MapKit reads it from the view; the map asks up front so it can
    /// cluster a million annotations without making a view for each.
    func mapView(_ mapView: MapView, clusteringIdentifierFor annotation: Annotation) -> String?
    /// A drag moved `view` from `oldState` to `newState` (none, starting, dragging, ending or canceling).
    func mapView(
        _ mapView: MapView, annotationView view: AnnotationView, didChange newState: DragState,
        fromOldState oldState: DragState)
    /// The map is about to scroll by `offset` (screen px) over `duration`
    /// seconds so a callout and its pin fit; the callout pops when it ends
    /// (SMCalloutView's `calloutView:delayForRepositionWithSize:`).
    func mapView(_ mapView: MapView, calloutWillScrollMapBy offset: Point, duration: Double)
    /// Whether a press on `view`'s standard callout highlights it, so that
    /// releasing it there clicks (SMCalloutView's `calloutViewShouldHighlight:`).
    func mapView(_ mapView: MapView, calloutShouldHighlightFor view: AnnotationView) -> Bool
    /// `view`'s highlighted callout was clicked (SMCalloutView's `calloutViewClicked:`).
    func mapView(_ mapView: MapView, calloutClickedFor view: AnnotationView)
    /// The renderer that draws `overlay`, asked once when it is added; nil
    /// draws it in the map's standard style (a blue line, a lightly filled area).
    func mapView(_ mapView: MapView, rendererFor overlay: Overlay) -> OverlayRenderer?
    /// A tap landed on `overlay` (inside an area, on or near a line) and on
    /// no annotation view, at `coordinate`: what Leaflet and MapLibre give a
    /// click on a shape, and MapKit leaves to the app.
    func mapView(_ mapView: MapView, didSelect overlay: Overlay, at coordinate: Coordinate)
}

extension MapViewDelegate {
    /// nil: the map's default view (a marker, styled for a `StyledAnnotation`, or `defaultPinImage`).
    public func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? { nil }
    /// Does nothing.
    public func mapView(_ mapView: MapView, didSelect view: AnnotationView) {}
    /// Does nothing.
    public func mapView(_ mapView: MapView, didDeselect view: AnnotationView) {}
    /// Does nothing.
    public func mapView(
        _ mapView: MapView, annotationView: AnnotationView, calloutAccessoryControlTapped control: Control
    ) {}
    /// Does nothing.
    public func mapView(_ mapView: MapView, regionWillChangeAnimated animated: Bool) {}
    /// Does nothing.
    public func mapView(_ mapView: MapView, regionDidChangeAnimated animated: Bool) {}
    /// The annotation's own `clusteringIdentifier` when it is a
    /// `ClusterableAnnotation`; nil (never clustered) otherwise.
    public func mapView(_ mapView: MapView, clusteringIdentifierFor annotation: Annotation) -> String? {
        (annotation as? ClusterableAnnotation)?.clusteringIdentifier
    }
    /// Does nothing.
    public func mapView(
        _ mapView: MapView, annotationView view: AnnotationView, didChange newState: DragState,
        fromOldState oldState: DragState
    ) {}
    /// Does nothing.
    public func mapView(_ mapView: MapView, calloutWillScrollMapBy offset: Point, duration: Double) {}
    /// False: the callout's body does not highlight.
    public func mapView(_ mapView: MapView, calloutShouldHighlightFor view: AnnotationView) -> Bool { false }
    /// Does nothing.
    public func mapView(_ mapView: MapView, calloutClickedFor view: AnnotationView) {}
    /// nil: the map's standard style.
    public func mapView(_ mapView: MapView, rendererFor overlay: Overlay) -> OverlayRenderer? { nil }
    /// Does nothing.
    public func mapView(_ mapView: MapView, didSelect overlay: Overlay, at coordinate: Coordinate) {}
}
