import MapGeometry
import Testing
import ViewKit

@testable import MapCore

@Suite struct AnnotationHitTestTests {
    final class Squares: MapViewDelegate {
        func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? {
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "square", for: annotation)
            view.frame.size = Size(width: 20, height: 20)
            return view
        }
    }

    @Test func theFastPathFindsTheFrontMostViewUnderThePoint() {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 6))
        let delegate = Squares()
        map.delegate = delegate
        map.addAnnotations(scatter(600, lat: -3...3, lon: -5...5))
        map.camera = map.camera.panned(byScreen: Point(x: 37, y: -21))
        _ = window.renderScene()
        let views = map.annotationContainer.subviews
        #expect(views.count > 300)
        var state: UInt64 = 9
        var hits = 0
        for _ in 0..<2_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let p = Point(x: Double(state >> 40 & 0x7FF) * 1280 / 2048, y: Double(state >> 20 & 0x3FF) * 800 / 1024)
            let expected = views.last { $0.frameInWindow().contains(p) }
            let hit = window.hitTest(p)
            if let expected {
                hits += 1
                #expect(hit === expected)
            } else {
                #expect(hit === map)
            }
        }
        #expect(hits > 100)
    }
}
