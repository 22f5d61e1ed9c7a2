import MapWire

/// The Helsinki sample on one tab's map: each tram route's track as an
/// overlay in its line's green, under the trams, and each tram (a live
/// annotation the tram feed moves through the shared world) as a marker
/// with its line's number, whose standard callout names the line and its
/// next stop as the feed updates it.
///
/// The routes are on the map only while the camera is zoomed in on
/// Helsinki: from further out they are a few pixels. The credit their data
/// needs ("© OpenStreetMap contributors", the ODbL's) shows while the map
/// shows the city's trams, from the zoom where a city is told apart, as web
/// maps credit each layer they show; on the world map it would credit a
/// dot.
extension WorldMapController {
    static let tramIdentifier = "tram"
    /// The width of a route's line on the map, points: a tram line, narrower than the street under it.
    static let tramRouteWidth = 3.0
    /// From this zoom in, where a street's width shows, the tram routes are drawn.
    public static let tramRoutesMinimumZoom = 11.0
    /// From this zoom in, where the trams (placed on OpenStreetMap's tracks) stand apart from the
    /// rest of the world, the map credits OpenStreetMap while it shows them.
    public static let tramCreditMinimumZoom = 8.0
    /// The credit OpenStreetMap's licence (the ODbL) asks of a map drawn from its data.
    public static let openStreetMapCredit = "© OpenStreetMap contributors"

    /// Takes the routes' overlays (one per route, shared by every map), and puts them on the map if
    /// its camera shows them.
    func makeTramRoutes(on mapView: MapView) {
        mapView.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: Self.tramIdentifier)
        tramRoutes = Array(zip(content.trams.routes, content.trams.lines))
        updateTramRoutes(on: mapView)
    }

    /// Whether `camera` on a map of `size` is zoomed in to `zoom` or more over the tram routes.
    func showsTramRoutes(_ camera: Camera, size: Size, from zoom: Double = tramRoutesMinimumZoom) -> Bool {
        guard camera.zoom >= zoom, let first = tramRoutes.first?.overlay.boundingMapRect else { return false }
        let bounds = tramRoutes.dropFirst().reduce(first) { $0.union($1.overlay.boundingMapRect) }
        return WorldWrap.intersects(camera.visibleWorldRect(viewport: size), bounds)
    }

    /// Adds or removes the routes (above the streets and under the street names, as a transit map
    /// draws them) and OpenStreetMap's credit, for where the camera now is.
    func updateTramRoutes(on mapView: MapView) {
        let (camera, size) = (mapView.camera, mapView.frame.size)
        let credit = showsTramRoutes(camera, size: size, from: Self.tramCreditMinimumZoom)
        creditOpenStreetMap(credit, on: mapView.controls)
        let show = showsTramRoutes(camera, size: size)
        guard show != showsTramRoutes else { return }
        showsTramRoutes = show
        if show {
            mapView.addOverlays(tramRoutes.map(\.overlay), level: .aboveRoads)
        } else {
            mapView.removeOverlays(tramRoutes.map(\.overlay))
        }
    }

    /// Puts OpenStreetMap's credit in the attribution, once (the controls show it once when the street
    /// tiles on screen credit it too), or takes away the one this controller put there.
    func creditOpenStreetMap(_ credit: Bool, on controls: MapControls) {
        if credit {
            guard !creditsOpenStreetMap else { return }
            guard !controls.options.attributions.contains(Self.openStreetMapCredit) else { return }
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
        // Trams of lines sharing a street give way to each other where they overlap, one marker showing
        // rather than a pile (and zoomed out, one for the city); people and landmarks, required, win.
        view.displayPriority = .defaultHigh
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
