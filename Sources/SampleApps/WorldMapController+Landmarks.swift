import MapWire

// The MapCallouts half of the world map's delegate (MapCalloutsScreen.swift).
extension WorldMapController {
    public func mapView(
        _ mapView: MapView, annotationView: AnnotationView,
        calloutAccessoryControlTapped control: Control
    ) {
        landmarks?.calloutAccessoryTapped(on: annotationView, control: control)
    }
}

extension WorldMapController {
    /// A pan, a zoom or a pin chosen on the map closes the folded toolbar's
    /// menu, as a tap elsewhere closes a menu.
    public func mapView(_ mapView: MapView, regionWillChangeAnimated animated: Bool) {
        landmarks?.toolbar.closeMenu()
    }

    public func mapView(_ mapView: MapView, didSelect view: AnnotationView) {
        landmarks?.toolbar.closeMenu()
    }
}
