import MapWire

/// Apple's MapCallouts sample on the map's public API: each kind
/// of landmark gets its own registered view, the bridge's detail-disclosure
/// button opens a detail card, and a toolbar chooses which landmarks show.
/// The world map controller hands it the landmark half of its delegate work.
public final class MapCalloutsScreen {
    /// Which landmarks the toolbar shows.
    public enum Filter: String, CaseIterable, Sendable {
        /// One landmark each, or all of them.
        case city, bridge, flower, ferry, all

        /// The button's title.
        public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

        func includes(_ landmark: Landmark) -> Bool {
            self == .all || landmark.kind.rawValue == rawValue
        }
    }

    static let bridgeIdentifier = "landmark.bridge"
    static let ferryIdentifier = "landmark.ferry"
    /// The bridge's marker colour, orange as in the sample.
    public static let bridgeTint = Color(hex: 0xFF9500)
    /// The ferry building's marker colour, purple as in the sample.
    public static let ferryTint = Color(hex: 0xAF52DE)

    /// The landmarks and images the sample shows.
    public let content: SampleContent
    /// The map the landmarks are on.
    public private(set) weak var mapView: MapView?
    /// The filter buttons at the bottom of the map.
    public let toolbar: LandmarkToolbar
    /// The open detail card, if any.
    public private(set) var detailView: LandmarkDetailView?
    /// What had keyboard focus when the card opened (the callout's ⓘ); it gets it back when the card closes.
    private weak var focusBeforeDetail: View?
    /// Which landmarks show now.
    public private(set) var filter: Filter = .all

    /// Puts the toolbar on `mapView`, ready to show `content`'s landmarks.
    public init(mapView: MapView, content: SampleContent) {
        self.content = content
        self.mapView = mapView
        toolbar = LandmarkToolbar(fonts: mapView.fonts)
        mapView.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: Self.bridgeIdentifier)
        mapView.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: Self.ferryIdentifier)
        mapView.register(
            FlowerAnnotationView.self,
            forAnnotationViewWithReuseIdentifier: FlowerAnnotationView.reuseIdentifier)
        toolbar.highlight(filter)
        toolbar.onSelect = { [weak self] filter in self?.show(filter, animated: true) }
        mapView.addSubview(toolbar)
        // In place before the first frame: `showAnnotations` keeps the landmarks clear of it.
        toolbar.pinToSuperview()
    }

    /// The landmarks `filter` shows.
    public func landmarks(for filter: Filter) -> [Landmark] {
        content.landmarks.filter(filter.includes)
    }

    /// Swaps the landmarks on the map for those of `filter` and moves the
    /// camera to show them, as the sample's toolbar buttons do.
    public func show(_ filter: Filter, animated: Bool) {
        guard let mapView else { return }
        self.filter = filter
        toolbar.highlight(filter)
        let shown = mapView.annotations.compactMap { $0 as? Landmark }
        mapView.removeAnnotations(shown)
        let wanted = landmarks(for: filter)
        mapView.addAnnotations(wanted)
        mapView.showAnnotations(wanted, animated: animated)
    }

    /// The view of the bridge, the ferry building or the flower conservatory.
    public func view(for landmark: Landmark, on mapView: MapView) -> AnnotationView? {
        switch landmark.kind {
        case .bridge:
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: Self.bridgeIdentifier, for: landmark)
            guard let marker = view as? MarkerAnnotationView else { return view }
            marker.markerTintColor = Self.bridgeTint
            marker.canShowCallout = true
            marker.animatesWhenAdded = true
            // Zoomed out, the city's flag stands for San Francisco; the others give way.
            marker.displayPriority = .defaultHigh
            if !(marker.rightCalloutAccessoryView is DetailDisclosureButton) {
                marker.rightCalloutAccessoryView = DetailDisclosureButton(typeface: mapView.fonts.bold)
            }
            return marker
        case .ferry:
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: Self.ferryIdentifier, for: landmark)
            guard let marker = view as? MarkerAnnotationView else { return view }
            marker.markerTintColor = Self.ferryTint
            marker.canShowCallout = true
            marker.animatesWhenAdded = true
            marker.displayPriority = .defaultHigh
            if marker.detailCalloutAccessoryView == nil,
                let image = try? content.images.image(named: "images/ferry.svg")
            {
                marker.detailCalloutAccessoryView = ImageView(image: image)
            }
            return marker
        case .flower:
            let view = mapView.dequeueReusableAnnotationView(
                withIdentifier: FlowerAnnotationView.reuseIdentifier,
                for: landmark)
            (view as? FlowerAnnotationView)?.configure(
                image: try? content.images.image(named: "images/flower.svg"),
                typeface: mapView.fonts.bold)
            view.displayPriority = .defaultLow
            return view
        case .city:
            return nil
        }
    }

    /// The bridge's ⓘ: open its detail card.
    public func calloutAccessoryTapped(on view: AnnotationView, control: Control) {
        guard control is DetailDisclosureButton, let landmark = view.annotation as? Landmark else { return }
        showDetail(for: landmark)
    }

    /// Opens the detail card for `landmark` over the whole window, as a
    /// sheet: Done, Escape or a press on the dimmed map around it closes it.
    public func showDetail(for landmark: Landmark) {
        guard let mapView, let window = mapView.window else { return }
        closeDetail()
        let detail = LandmarkDetailView(landmark: landmark, fonts: mapView.fonts)
        detail.onDone = { [weak self] in self?.closeDetail() }
        window.addSubview(detail)
        detail.fillSuperview()
        detailView = detail
        focusBeforeDetail = window.focusedView
        window.addDismissible(detail.card) { [weak self] in self?.closeDetail() }
        window.focus(detail.doneButton)
    }

    /// Closes the detail card and gives the keyboard back to what had it
    /// before (the callout's ⓘ, so a second Escape closes the callout).
    public func closeDetail() {
        guard let detail = detailView else { return }
        mapView?.window?.removeDismissible(detail.card)
        detail.removeFromSuperview()
        detailView = nil
        if let window = mapView?.window, window.focusedView?.isDescendant(of: detail) ?? true {
            let back = focusBeforeDetail.flatMap { $0.window === window && !$0.isHidden ? $0 : nil }
            window.focus(back)
        }
        focusBeforeDetail = nil
    }
}
