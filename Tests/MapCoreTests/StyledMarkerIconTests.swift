import DisplayList
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// A styled annotation's `markerSymbol` in the marker the map makes for it.
@Suite struct StyledMarkerIconTests {
    final class Pin: StyledAnnotation {
        let coordinate: Coordinate
        let title: String?
        let subtitle: String? = nil
        nonisolated(unsafe) var markerColor: Color?
        nonisolated(unsafe) var markerSymbol: String?

        init(_ symbol: String?, color: Color? = nil, longitude: Double = 0) {
            coordinate = Coordinate(latitude: 0, longitude: longitude)
            title = "Pin"
            markerSymbol = symbol
            markerColor = color
        }
    }

    /// A map showing `pin`, rendered once, and the marker it made.
    func show(_ pin: Pin) throws -> (Window, MapView, MarkerAnnotationView) {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        map.addAnnotation(pin)
        _ = window.renderScene()
        let marker = try #require(map.view(for: pin) as? MarkerAnnotationView)
        return (window, map, marker)
    }

    /// The items under `root` the browser draws: neither they nor an item between them and `root` is hidden.
    func drawnItems(under root: UInt32, in scene: Scene) -> [SceneItem] {
        let byID = Dictionary(scene.items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return scene.items.filter { item in
            var current: SceneItem? = item
            while let c = current, c.id != root {
                if c.properties.hidden || c.parent == 0 { return false }
                current = byID[c.parent]
            }
            return current != nil && item.id != root
        }
    }

    @Test func aChangedTextIsDrawnInTheNextFrame() throws {
        let pin = Pin("A")
        let (window, map, marker) = try show(pin)
        pin.markerSymbol = "B"
        map.annotationStyleDidChange(pin)
        let texts = drawnItems(under: marker.id, in: window.renderScene()).map(\.properties.text)
        #expect(texts.contains("B") && !texts.contains("A"))
    }
}
