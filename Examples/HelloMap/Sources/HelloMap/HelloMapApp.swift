import MapWire

/// The app MapWire serves. For every browser tab that opens the page,
/// MapWire makes a map and calls `setUpSession(_:)`: here each tab gets its
/// own controller showing the same places.
struct HelloMapApp: MapApp {
    let places: [Place]

    func setUpSession(_ session: MapAppSession) -> AnyObject? {
        // The map holds its delegate weakly; returning the controller keeps it alive with the tab.
        PlacesController(mapView: session.mapView, places: places)
    }
}
