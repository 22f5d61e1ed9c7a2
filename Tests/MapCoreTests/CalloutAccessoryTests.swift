import DisplayList
import InputEvents
import MapGeometry
import Testing
import ViewKit
@testable import MapCore

@Suite struct CalloutAccessoryTests {
    final class Spy: MapViewDelegate {
        let button: DetailDisclosureButton
        var taps: [(AnnotationView, Control)] = []
        init(button: DetailDisclosureButton) { self.button = button }

        func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? {
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation)
            view.rightCalloutAccessoryView = button
            return view
        }
        func mapView(_ mapView: MapView, annotationView: AnnotationView, calloutAccessoryControlTapped control: Control) {
            taps.append((annotationView, control))
        }
    }

    @Test func aPressOnTheDisclosureButtonReachesTheDelegateWithViewAndControl() throws {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        let spy = Spy(button: DetailDisclosureButton(typeface: testFonts.bold))
        map.delegate = spy
        map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
        let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "Bridge")
        map.addAnnotation(a)
        _ = window.renderScene()
        map.selectAnnotation(a, animated: false)
        _ = window.renderScene()
        let callout = try #require(map.calloutView)
        #expect(callout.rightAccessory === spy.button)
        let scene = window.renderScene()
        #expect(scene.accessibility.contains { $0.role == .button && $0.name == "More Info" })
        let centre = spy.button.frameInWindow().center
        window.dispatch(PointerEvent(phase: .down, pointerID: 1, location: centre, time: 1))
        #expect(spy.button.isHighlighted)
        window.dispatch(PointerEvent(phase: .up, pointerID: 1, location: centre, time: 1.05))
        #expect(spy.taps.count == 1)
        #expect(spy.taps.first?.0 === map.view(for: a) && spy.taps.first?.1 === spy.button)
        // The tap stayed in the callout: the pin is still selected.
        #expect(map.selectedAnnotations.first === a)
    }
}
