import MapGeometry
import Testing
import ViewKit
@testable import MapCore

/// A selected pin and the cluster that would absorb it: never both on screen.
@Suite struct ClusterSelectionTests {
    let grouping = ClusterTests.Grouping()

    @Test func aSelectedPinAbsorbedOnZoomOutIsDeselectedAndShownOnce() throws {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 10.02, longitude: 10.02), zoom: 19))
        map.delegate = grouping
        let dots = scatter(40, lat: 10.00...10.04, lon: 10.00...10.04)
        map.addAnnotations(dots)
        // Close enough that the chosen dot shows alone, then select it.
        let dot = dots[0]
        map.camera = Camera(center: dot.coordinate, zoom: 19)
        _ = window.renderScene()
        #expect(map.view(for: dot) != nil)
        map.selectAnnotation(dot, animated: false)
        #expect(map.selectedAnnotations.first === dot)
        // Zoomed out, the dots merge into one cluster.
        map.camera = Camera(center: dot.coordinate, zoom: 5)
        let scene = window.renderScene()
        #expect(scene.accessibility.contains { $0.name == "40 places" })
        #expect(map.selectedAnnotations.isEmpty, "deselected, as MapKit does")
        _ = window.renderScene()
        #expect(map.view(for: dot) == nil, "shown once: in its cluster")
        #expect(map.calloutView == nil)
    }
}
