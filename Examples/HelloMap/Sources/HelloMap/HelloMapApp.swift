import MapWire

/// The app MapWire serves. For every browser tab that opens the page,
/// MapWire makes a map and calls `setUpSession(_:)`: here each tab gets its
/// own controller showing the same places.
struct HelloMapApp: MapApp {
    let places: [Place]

    func setUpSession(_ session: MapAppSession) -> AnyObject? {
        let controller = PlacesController(mapView: session.mapView, places: places)
        // A new tab shows every café, with room for the city names beside the pins;
        // a reloaded one keeps the camera its URL names.
        if session.cameraFromURL == nil {
            session.mapView.showAnnotations(places, edgePadding: EdgeInsets(all: 64), animated: false)
        }
        // The map holds its delegate weakly; returning the controller keeps it alive with the tab.
        return controller
    }
}
