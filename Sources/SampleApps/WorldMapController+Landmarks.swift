import MapWire

// The MapCallouts half of the world map's delegate (MapCalloutsScreen.swift).
extension WorldMapController {
    public func mapView(_ mapView: MapView, annotationView: AnnotationView,
                        calloutAccessoryControlTapped control: Control) {
        landmarks?.calloutAccessoryTapped(on: annotationView, control: control)
    }
}
