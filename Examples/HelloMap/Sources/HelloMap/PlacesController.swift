import MapWire

/// One browser tab's map, as a view controller with an `MKMapView`: it sets
/// the map up (what `viewDidLoad` does), is the map's delegate, and keeps
/// this tab's likes.
final class PlacesController: MapViewDelegate {
    /// Likes by place id. Each tab has its own controller, so each tab its own likes.
    private var likes: [String: Int] = [:]

    init(mapView: MapView, places: [Place]) {
        mapView.delegate = self
        mapView.register(PlaceView.self, forAnnotationViewWithReuseIdentifier: PlaceView.reuseIdentifier)
        mapView.addAnnotations(places)
        // Overlays, as MapKit's: a zone filled over the land and under the city names,
        // and a route over everything but the pins.
        mapView.addOverlay(Self.zone(places), level: .aboveRoads)
        mapView.addOverlay(Self.route(places))
    }

    static let routeColor = Color(hex: 0x7B3F00)
    static let zoneColor = Color(hex: 0x2E8B57)

    /// A tour of the cafés from west to east, each leg along the Earth's surface.
    static func route(_ places: [Place]) -> GeodesicPolyline {
        let stops = places.sorted { $0.longitude < $1.longitude }.map(\.coordinate)
        return GeodesicPolyline(coordinates: stops, title: "Café tour")
    }

    /// The cafés of Prague, Vienna and Venice, the old coffee-house triangle.
    static func zone(_ places: [Place]) -> Polygon {
        let corners = places.filter { ["cafe-louvre", "cafe-central", "caffe-florian"].contains($0.id) }
        return Polygon(coordinates: corners.map(\.coordinate), title: "Coffee-house triangle")
    }

    // MARK: MapViewDelegate

    func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? {
        // Anything else (a pin added through the HTTP API) gets the default marker.
        guard let place = annotation as? Place else { return nil }
        let view = mapView.dequeueReusableAnnotationView(withIdentifier: PlaceView.reuseIdentifier, for: place)
        guard let placeView = view as? PlaceView else { return view }
        // A new view gets its callout's accessory views once; a recycled one keeps them.
        if placeView.rightCalloutAccessoryView == nil {
            let like = Button(
                title: "Like", typeface: mapView.fonts.bold, fontSize: 14,
                color: PlaceView.likedColor, highlightedColor: Color(hex: 0xC7213F))
            like.frame.size = Size(width: 64, height: 32)
            like.layoutTitle()
            placeView.rightCalloutAccessoryView = like
            placeView.detailCalloutAccessoryView = LikesView(fonts: mapView.fonts)
        }
        show(place, in: placeView)
        return placeView
    }

    func mapView(_ mapView: MapView, rendererFor overlay: Overlay) -> OverlayRenderer? {
        switch overlay {
        case let route as Polyline:
            let renderer = PolylineRenderer(polyline: route)
            renderer.strokeColor = Self.routeColor
            renderer.lineWidth = 4
            renderer.lineDashPattern = [10, 6]
            return renderer
        case let zone as Polygon:
            let renderer = PolygonRenderer(polygon: zone)
            renderer.fillColor = Self.zoneColor.withAlpha(0.25)
            renderer.strokeColor = Self.zoneColor
            renderer.lineWidth = 2
            return renderer
        default:
            return nil
        }
    }

    func mapView(_ mapView: MapView, didSelect overlay: Overlay, at coordinate: Coordinate) {
        print("Tapped \(overlay.title ?? "an overlay")")
    }

    func mapView(_ mapView: MapView, didSelect view: AnnotationView) {
        // This runs on the server: the line shows in the terminal that runs HelloMap.
        print("Selected \(view.annotation?.title ?? "a pin")")
    }

    func mapView(_ mapView: MapView, annotationView: AnnotationView, calloutAccessoryControlTapped control: Control) {
        guard let placeView = annotationView as? PlaceView, let place = placeView.annotation as? Place else { return }
        likes[place.id, default: 0] += 1
        show(place, in: placeView)
        // The detail view changed size: the open callout lays out again.
        mapView.annotationCalloutInfoDidChange(place)
    }

    /// Puts `place` and this tab's likes of it on `view` and its callout.
    private func show(_ place: Place, in view: PlaceView) {
        let count = likes[place.id, default: 0]
        view.isLiked = count > 0
        (view.detailCalloutAccessoryView as? LikesView)?.show(subtitle: place.subtitle, likes: count)
    }
}
