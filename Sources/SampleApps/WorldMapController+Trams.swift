import MapWire

/// The Helsinki sample on one tab's map: each tram route's track as an
/// overlay in its line's green, under the trams, and each tram (a live
/// annotation the tram feed moves through the shared world) as a marker
/// with its line's number, whose standard callout names the line and its
/// next stop as the feed updates it.
extension WorldMapController {
    static let tramIdentifier = "tram"
    /// The width of a route's line on the map, points: a tram line, narrower than the street under it.
    static let tramRouteWidth = 3.0

    /// Adds one overlay per route, above the streets and under the street names, as a transit map draws them.
    func addTramRoutes(to mapView: MapView) {
        mapView.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: Self.tramIdentifier)
        tramRoutes = content.trams.lines.map { line in
            let pieces = line.pieces.map { Polyline(coordinates: $0) }
            return (MultiPolyline(pieces, title: "Tram \(line.ref)", subtitle: line.name), line)
        }
        mapView.addOverlays(tramRoutes.map(\.overlay), level: .aboveRoads)
    }

    /// A tram's marker: its line's number on its line's green; nil for anything else.
    func tramView(for annotation: Annotation, on mapView: MapView) -> AnnotationView? {
        guard let live = annotation as? LiveAnnotation, live.kind == TramNetwork.kind,
            let tram = content.trams.tram(id: live.id)
        else { return nil }
        let line = content.trams.line(of: tram)
        let view = mapView.dequeueReusableAnnotationView(withIdentifier: Self.tramIdentifier, for: live)
        if let marker = view as? MarkerAnnotationView {
            marker.markerTintColor = line.color
            marker.glyphText = line.ref
        }
        view.canShowCallout = true
        return view
    }

    public func mapView(_ mapView: MapView, rendererFor overlay: Overlay) -> OverlayRenderer? {
        guard let route = tramRoutes.first(where: { $0.overlay === overlay }) else { return nil }
        let renderer = MultiPolylineRenderer(multiPolyline: route.overlay)
        renderer.strokeColor = route.line.color
        renderer.lineWidth = Self.tramRouteWidth
        return renderer
    }
}
