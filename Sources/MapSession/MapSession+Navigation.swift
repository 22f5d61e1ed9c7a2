import LiveWorld
import MapCore
import MapGeometry
import MapHTTPAPI
import SessionTransport
import ViewKit

/// Screens over the map and the URL that names them: `#zoom/lat/lon` for the
/// map, `#zoom/lat/lon/<path>` while an app's screen is shown
/// (`MapAppSession.show(_:path:animated:)` pushes a history entry). The
/// on-screen Back and Escape pop and put the camera-only hash back; the
/// browser's Back and Forward arrive as NAVIGATE and move the stack to match;
/// a screen URL loaded directly opens the screen over the map through the
/// app's route for it.
extension MapSession {
    /// Sets up the stack on the new window and lets the app set up the map.
    func startApp(cameraFromURL: Camera?) {
        guard let window, let mapView else { return }
        let stack = NavigationStack(container: window, root: mapView)
        stack.didChange = { [unowned self] in self.pendingURL = (.replace, self.currentURL()) }
        navigation = stack
        let context = MapAppSession(
            mapView: mapView, window: window, navigation: stack, fonts: world.fonts,
            sharedWorld: world.store, cameraFromURL: cameraFromURL)
        context.didPushScreen = { [unowned self] in self.pendingURL = (.push, self.currentURL()) }
        appSession = context
        if setsUpApp { appObject = world.app.setUpSession(context) }
        // The hash keeps its screen part while the map moves under a screen.
        mapView.cameraDidSettle = { [unowned self] _ in self.pendingURL = (.replace, self.currentURL()) }
    }

    /// The URL for the camera and the screen on top.
    func currentURL() -> String {
        var url = "#" + (mapView?.camera.urlFragment ?? Self.defaultCamera.urlFragment)
        if let path = appSession?.topScreenPath { url += "/" + path }
        return url
    }

    /// The screen path in a hash like `#4/20/0/person/<id>`, if any.
    static func screenPath(in hash: String) -> String? {
        let parts = hash.drop(while: { $0 == "#" }).split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 5 else { return nil }
        return parts[3...].joined(separator: "/")
    }

    /// Makes the stack show what `hash` names: an app's screen or the map.
    func followScreens(in hash: String, animated: Bool) {
        appSession?.follow(path: Self.screenPath(in: hash), animated: animated)
    }
}
