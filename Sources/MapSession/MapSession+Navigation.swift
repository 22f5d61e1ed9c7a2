import MapCore
import SampleApps
import ViewKit

/// Screens over the map and the URL that names them: `#zoom/lat/lon` for the
/// map, `#zoom/lat/lon/person/<id>` while a person's detail screen is shown.
/// "See details" pushes a history entry; the on-screen Back and Escape pop
/// and put the camera-only hash back; the browser's Back and Forward arrive
/// as NAVIGATE and move the stack to match; a detail URL loaded directly opens
/// the screen over the map with that person selected.
extension MapSession {
    static let personPath = "person"

    /// Sets up the stack on the new window and follows the HELLO's hash.
    func startNavigation(hash: String) {
        guard let window, let mapView, let controller else { return }
        let stack = NavigationStack(container: window, root: mapView)
        stack.didChange = { [unowned self] in self.pendingURL = (.replace, self.currentURL()) }
        navigation = stack
        controller.showPersonDetails = { [unowned self] person in
            // A second press while the screen slides in must not push it twice.
            guard (self.navigation?.topScreen as? PersonDetailScreen)?.person !== person else { return }
            self.showDetails(of: person, animated: true)
            self.pendingURL = (.push, self.currentURL())
        }
        // The hash keeps its screen part while the map moves under a screen.
        mapView.cameraDidSettle = { [unowned self] _ in self.pendingURL = (.replace, self.currentURL()) }
        followScreens(in: hash, animated: false)
        pendingURL = (.replace, currentURL())
    }

    /// The URL for the camera and the screen on top.
    func currentURL() -> String {
        var url = "#" + (mapView?.camera.urlFragment ?? Self.defaultCamera.urlFragment)
        if let screen = navigation?.topScreen as? PersonDetailScreen {
            url += "/\(Self.personPath)/\(screen.person.id)"
        }
        return url
    }

    /// The person id in a hash like `#4/20/0/person/<id>`, if any.
    static func personID(in hash: String) -> String? {
        let parts = hash.drop(while: { $0 == "#" }).split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 5, parts[3] == Substring(personPath) else { return nil }
        return String(parts[4])
    }

    /// Makes the stack show what `hash` names: a person's screen or the map.
    func followScreens(in hash: String, animated: Bool) {
        guard let navigation else { return }
        let shown = (navigation.topScreen as? PersonDetailScreen)?.person.id
        let wanted = Self.personID(in: hash)
        guard shown != wanted else { return }
        if shown != nil { navigation.popToRoot(animated: animated) }
        if let wanted, let person = world.content.people.first(where: { $0.id == wanted }) {
            mapView?.selectAnnotation(person, animated: false)
            showDetails(of: person, animated: animated)
        }
    }

    /// Pushes `person`'s detail screen.
    func showDetails(of person: Person, animated: Bool) {
        guard let navigation else { return }
        let screen = PersonDetailScreen(person: person, avatar: world.content.avatar(of: person), fonts: world.fonts)
        navigation.push(screen, animated: animated)
    }
}
