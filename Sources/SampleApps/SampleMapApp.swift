import MapWire

/// The samples as a MapWire app: the wishlist's people (with their cards and
/// detail screens), Apple's MapCallouts landmarks (with their toolbar) and
/// Helsinki's trams on their lines, any of them. `mapwire --samples` chooses which.
public struct SampleMapApp: MapApp {
    /// One sample app.
    public enum Sample: String, CaseIterable, Sendable {
        /// People around the world with their wishlist cards.
        case wishlist
        /// San Francisco's landmarks, their callouts and the filter toolbar.
        case mapcallouts
        /// Central Helsinki's tram lines and the trams running along them.
        case helsinki
    }

    /// The URL path part that names a person's detail screen.
    static let personRoute = "person"

    /// The people, landmarks and images every session shows.
    public let content: SampleContent
    /// The samples this app plugs in.
    public let samples: Set<Sample>

    /// The samples in `samples`, showing `content`.
    public init(content: SampleContent, samples: Set<Sample> = Set(Sample.allCases)) {
        self.content = content
        self.samples = samples
    }

    /// People move (the feed, the API and drags may move them); landmarks are fixed.
    public var seeds: [WorldSeed] {
        var seeds: [WorldSeed] = []
        if samples.contains(.wishlist) {
            seeds.append(
                WorldSeed(
                    name: Sample.wishlist.rawValue,
                    annotations: content.people.map { person in
                        SeedAnnotation(
                            id: person.id, kind: "person", annotation: person, move: { person.coordinate = $0 })
                    }))
        }
        if samples.contains(.mapcallouts) {
            seeds.append(
                WorldSeed(
                    name: Sample.mapcallouts.rawValue,
                    annotations: content.landmarks.map {
                        SeedAnnotation(id: $0.id, kind: $0.kind.rawValue, annotation: $0, move: nil)
                    }))
        }
        return seeds
    }

    /// Where a tab of the Helsinki sample alone starts: the railway station, streets and trams readable.
    public static let helsinkiCamera = Camera(center: Coordinate(latitude: 60.1710, longitude: 24.9414), zoom: 15)

    public func setUpSession(_ session: MapAppSession) -> AnyObject? {
        // Trams are too small to find from the world view: a fresh tab of the Helsinki sample alone
        // starts over them; a URL's camera (a reload, a shared link) wins, and so do the world samples.
        // Set before the controller, which shows the tram lines for the camera it starts with.
        if samples == [.helsinki], session.cameraFromURL == nil {
            session.mapView.camera = Self.helsinkiCamera
        }
        let controller = WorldMapController(mapView: session.mapView, content: content, samples: samples)
        guard samples.contains(.wishlist) else { return controller }
        let content = content
        controller.showPersonDetails = { [unowned session] person in
            // A second press while the screen slides in must not push it twice.
            guard (session.navigation.topScreen as? PersonDetailScreen)?.person !== person else { return }
            let screen = PersonDetailScreen(person: person, avatar: content.avatar(of: person), fonts: session.fonts)
            session.show(screen, path: "\(Self.personRoute)/\(person.id)")
        }
        // A detail URL loaded directly opens the screen over the map with that person selected.
        session.routeScreens(named: Self.personRoute) { [unowned session] id in
            guard let person = content.people.first(where: { $0.id == id }) else { return nil }
            session.mapView.selectAnnotation(person, animated: false)
            return PersonDetailScreen(person: person, avatar: content.avatar(of: person), fonts: session.fonts)
        }
        return controller
    }
}
