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
    }
}
