import LiveWorld
import MapCore
import MapHTTPAPI
import SessionTransport

/// The map's own controls (zoom, keyboard shortcuts, scale bar, attribution)
/// as the service was configured; the app may change them per session in
/// `setUpSession`, which runs after this.
extension MapSession {
    func showControls(on map: MapView) {
        map.controls.options = world.controls
        map.observer.openURL = { [unowned self] url in open(url) }
    }

    /// Asks the page to open `url` in a new tab, in the frame that answers the press. The page can
    /// open a tab only while the press is fresh (the browser's user activation), so it goes out at once.
    private func open(_ url: String) {
        guard MapCredit.webURL(url) != nil else { return }
        pendingOpenURLs.append(url)
        flow.isDirty = true
    }
}
