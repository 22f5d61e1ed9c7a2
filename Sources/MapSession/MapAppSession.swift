import LiveWorld
import MapCore
import MapGeometry
import MapHTTPAPI
import SessionTransport
import ViewKit

/// One browser tab as an app sees it in `MapApp.setUpSession(_:)`: its map,
/// its window, its stack of screens, and the shared world.
///
/// Screens pushed with `show(_:path:animated:)` get a browser history entry:
/// the URL becomes `#zoom/lat/lon/<path>`, the browser's Back pops the screen,
/// and a URL loaded directly reopens it through the route registered for the
/// path's first part (`routeScreens(named:open:)`).
///
/// Confined to the session's queue: use it only from the callbacks MapWire
/// makes on it (delegate methods, controls, gestures).
public final class MapAppSession {
    /// The tab's map, filling its window.
    public let mapView: MapView
    /// The tab's window: add controls that float over the map here.
    public let window: Window
    /// Screens shown over the map (the map is the root).
    public let navigation: NavigationStack
    /// The page's fonts, for labels on the app's own screens.
    public let fonts: FontBook
    /// The annotations every tab shares, by id (seeded, API and feed ones).
    public let sharedWorld: AnnotationStore
    /// The camera the tab's URL named (`#zoom/lat/lon`), nil for a fresh tab:
    /// an app that frames its annotations at start should do so only then, so
    /// a reload or a shared link keeps its view.
    public let cameraFromURL: Camera?
    /// The map's zoom buttons, scale bar, attribution and keyboard shortcuts,
    /// as `MapWireConfiguration.controls` set them up: change
    /// `controls.options` to move, hide or credit this tab's.
    public var controls: MapControls { mapView.controls }

    /// Screen paths by screen, for the URL.
    private var paths: [ObjectIdentifier: String] = [:]
    private var routes: [String: (String) -> Screen?] = [:]
    /// Called when a screen shown with a path wants a history entry.
    var didPushScreen: (() -> Void)?

    init(
        mapView: MapView, window: Window, navigation: NavigationStack, fonts: FontBook, sharedWorld: AnnotationStore,
        cameraFromURL: Camera?
    ) {
        self.cameraFromURL = cameraFromURL
        self.mapView = mapView
        self.window = window
        self.navigation = navigation
        self.fonts = fonts
        self.sharedWorld = sharedWorld
    }

    /// Pushes `screen` over the map and names it in the URL with `path`
    /// (`person/ada`: a route name, a slash, an id), pushing a browser history
    /// entry so Back returns to the map.
    public func show(_ screen: Screen, path: String, animated: Bool = true) {
        paths[ObjectIdentifier(screen)] = path
        navigation.push(screen, animated: animated)
        didPushScreen?()
    }

    /// Opens screens named by URLs whose path starts with `name`: `open`
    /// gets the rest (`ada` in `#4/20/0/person/ada`) and returns the screen
    /// to push, or nil when it names nothing.
    public func routeScreens(named name: String, open: @escaping (String) -> Screen?) {
        routes[name] = open
    }

    /// The path of the screen on top, nil when the map is.
    var topScreenPath: String? {
        guard let top = navigation.topScreen else { return nil }
        let live = Set(navigation.screens.map(ObjectIdentifier.init))
        paths = paths.filter { live.contains($0.key) }
        return paths[ObjectIdentifier(top)]
    }

    /// Makes the stack show what `path` names (nil: the map alone).
    func follow(path: String?, animated: Bool) {
        guard path != topScreenPath else { return }
        if navigation.topScreen != nil { navigation.popToRoot(animated: animated) }
        guard let path, let slash = path.firstIndex(of: "/") else { return }
        let name = String(path[..<slash])
        let rest = String(path[path.index(after: slash)...])
        guard let open = routes[name], let screen = open(rest) else { return }
        paths[ObjectIdentifier(screen)] = path
        navigation.push(screen, animated: animated)
    }
}
