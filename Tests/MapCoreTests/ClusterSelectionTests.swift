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

    /// The east-most and south-most members lie on their cluster's bounds'
    /// edges, which `Rect.contains` leaves out.
    @Test(arguments: [true, false])
    func aSelectedPinOnTheEdgeOfItsClusterIsDeselectedToo(shared: Bool) throws {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 10.02, longitude: 10.02), zoom: 19))
        let dots = scatter(40, lat: 10.00...10.04, lon: 10.00...10.04)
        if shared {
            map.sharedAnnotations = ClusteringSource(identifier: "dots", annotations: dots)
        } else {
            map.delegate = grouping
            map.addAnnotations(dots)
        }
        let east = dots.max { $0.coordinate.longitude < $1.coordinate.longitude }!
        map.camera = Camera(center: east.coordinate, zoom: 19)
        _ = window.renderScene()
        map.selectAnnotation(east, animated: false)
        #expect(map.selectedAnnotations.first === east)
        map.camera = Camera(center: east.coordinate, zoom: 5)
        _ = window.renderScene()
        #expect(map.selectedAnnotations.isEmpty, "deselected: it is in the cluster, on its edge")
    }
}
