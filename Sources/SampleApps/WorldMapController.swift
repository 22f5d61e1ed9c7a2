import MapWire

/// One tab's map delegate for the samples: wishlist people around the world
/// and the MapCallouts landmarks, each kind with its own registered view,
/// built only on the map's public API the way an app uses MapKit.
public final class WorldMapController: MapViewDelegate {
    /// The people, landmarks and images it shows.
    public let content: SampleContent
    /// The map it is the delegate of.
    public private(set) weak var mapView: MapView?
    /// The MapCallouts sample's landmarks, toolbar and detail card; nil without that sample.
    public let landmarks: MapCalloutsScreen?

    static let cityIdentifier = "landmark.city"

    /// "See details" on a person's card: the session pushes their detail screen.
    public var showPersonDetails: ((Person) -> Void)?
    /// Each tram route's overlay for this map, with its line's colour; empty without the Helsinki sample.
    public internal(set) var tramRoutes: [(overlay: MultiPolyline, line: TramLine)] = []
    /// Whether the tram routes are on the map now (they are only where the camera shows them).
    public internal(set) var showsTramRoutes = false
    /// Whether this controller put OpenStreetMap's credit in the attribution, to take it away again.
    var creditsOpenStreetMap = false

    /// Becomes `mapView`'s delegate for the people and landmarks of the
    /// shared world, adding the MapCallouts toolbar when `samples` has it.
    public init(
        mapView: MapView, content: SampleContent,
        samples: Set<SampleMapApp.Sample> = Set(SampleMapApp.Sample.allCases)
    ) {
        self.content = content
        self.mapView = mapView
        landmarks = samples.contains(.mapcallouts) ? MapCalloutsScreen(mapView: mapView, content: content) : nil
        mapView.delegate = self
        mapView.defaultPinImage = content.defaultPin
        mapView.register(PersonPinView.self, forAnnotationViewWithReuseIdentifier: PersonPinView.reuseIdentifier)
        mapView.register(AnnotationView.self, forAnnotationViewWithReuseIdentifier: Self.cityIdentifier)
        mapView.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: Self.travellerIdentifier)
        mapView.register(
            ClusterAnnotationView.self,
            forAnnotationViewWithReuseIdentifier: Self.travellerClusterIdentifier)
        if samples.contains(.helsinki) { makeTramRoutes(on: mapView) }
    }

    public func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? {
        if let view = travellerView(for: annotation, on: mapView) { return view }
        if let view = tramView(for: annotation, on: mapView) { return view }
        switch annotation {
        case let person as Person:
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: PersonPinView.reuseIdentifier, for: person)
            (view as? PersonPinView)?.configure(pin: content.personPin, avatar: content.avatar(of: person))
            (view as? PersonPinView)?.onShowDetails = { [weak self] in self?.showPersonDetails?($0) }
            return view
        case let landmark as Landmark where landmark.kind == .city:
            // The flag image with its pole's tip on the coordinate and the city icon on the left (as in MapCallouts).
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: Self.cityIdentifier, for: landmark)
            view.image = content.cityFlag
            view.centerOffset = Point(
                x: Double(content.cityFlag.width) / 2 - 4,
                y: -Double(content.cityFlag.height) / 2)
            view.canShowCallout = true
            // As high as the other landmarks, below a selected one: a selected marker's subtitle hides it.
            view.displayPriority = .defaultHigh
            let icon = (view.leftCalloutAccessoryView as? ImageView) ?? ImageView(image: content.cityIcon)
            view.leftCalloutAccessoryView = icon
            return view
        case let landmark as Landmark:
            return landmarks?.view(for: landmark, on: mapView)
        default:
            return nil
        }
    }
}
