import MapWire

/// The Helsinki sample on one tab's map: each tram route's track as an
/// overlay in its line's green, under the trams, and each tram (a live
/// annotation the tram feed moves through the shared world) as a marker
/// with its line's number, whose standard callout names the line and its
/// next stop as the feed updates it.
///
/// The routes are on the map only while the camera is zoomed in on
/// Helsinki: from further out they are a few pixels, and the credit their
/// data needs ("© OpenStreetMap contributors", the ODbL's) then shows on
/// every world map. So the map credits OpenStreetMap while it draws them,
/// as web maps credit each layer they show.
extension WorldMapController {
    static let tramIdentifier = "tram"
    /// The width of a route's line on the map, points: a tram line, narrower than the street under it.
    static let tramRouteWidth = 3.0
    /// From this zoom in, where a street's width shows, the tram routes are drawn.
    public static let tramRoutesMinimumZoom = 11.0
    /// The credit OpenStreetMap's licence (the ODbL) asks of a map drawn from its data.
    public static let openStreetMapCredit = "© OpenStreetMap contributors"

    /// Makes one overlay per route, and puts them on the map if its camera shows them.
    func makeTramRoutes(on mapView: MapView) {
        mapView.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: Self.tramIdentifier)
        tramRoutes = content.trams.lines.map { line in
            let pieces = line.pieces.map { Polyline(coordinates: $0) }
            return (MultiPolyline(pieces, title: "Tram \(line.ref)", subtitle: line.name), line)
        }
        updateTramRoutes(on: mapView)
    }

    /// Whether `camera` on a map of `size` shows the tram routes: zoomed in, and over them.
    func showsTramRoutes(_ camera: Camera, size: Size) -> Bool {
        guard camera.zoom >= Self.tramRoutesMinimumZoom, let first = tramRoutes.first?.overlay.boundingMapRect
        else { return false }
        let bounds = tramRoutes.dropFirst().reduce(first) { $0.union($1.overlay.boundingMapRect) }
        return WorldWrap.intersects(camera.visibleWorldRect(viewport: size), bounds)
    }

    /// Adds or removes the routes, above the streets and under the street names, as a transit map
    /// draws them, and OpenStreetMap's credit with them, for where the camera now is.
    func updateTramRoutes(on mapView: MapView) {
        let show = showsTramRoutes(mapView.camera, size: mapView.frame.size)
        guard show != showsTramRoutes else { return }
        showsTramRoutes = show
        if show {
            mapView.addOverlays(tramRoutes.map(\.overlay), level: .aboveRoads)
        } else {
            mapView.removeOverlays(tramRoutes.map(\.overlay))
        }
        creditOpenStreetMap(show, on: mapView.controls)
    }

    /// Puts OpenStreetMap's credit in the attribution, once (a street map drawn from its tiles may
    /// credit it already), or takes away the one this controller put there.
    func creditOpenStreetMap(_ credit: Bool, on controls: MapControls) {
        if credit {
            let credited = controls.baseMapAttributions + controls.options.attributions
            guard !credited.contains(Self.openStreetMapCredit) else { return }
            controls.options.attributions.append(Self.openStreetMapCredit)
            creditsOpenStreetMap = true
        } else if creditsOpenStreetMap {
            if let i = controls.options.attributions.lastIndex(of: Self.openStreetMapCredit) {
                controls.options.attributions.remove(at: i)
            }
            creditsOpenStreetMap = false
        }
    }

    public func mapView(_ mapView: MapView, regionDidChangeAnimated animated: Bool) {
        updateTramRoutes(on: mapView)
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
