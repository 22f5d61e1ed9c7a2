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
        func mapView(_ mapView: MapView, annotationView: AnnotationView, calloutAccessoryControlTapped control: Control)
        {
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

/// An app's own controls in a callout: their `onTap` is theirs to keep.
@Suite struct CalloutAccessoryActionTests {
    final class Spy: MapViewDelegate {
        var configure: (AnnotationView) -> Void = { _ in }
        var taps: [Control] = []
        func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? {
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation)
            configure(view)
            return view
        }
        func mapView(
            _ mapView: MapView, annotationView: AnnotationView,
            calloutAccessoryControlTapped control: Control
        ) {
            taps.append(control)
        }
    }

    static func button(_ title: String) -> Button {
        let b = Button(title: title, typeface: testFonts.bold, color: .black, highlightedColor: .white)
        b.frame.size = Size(width: 64, height: 30)
        b.layoutTitle()
        return b
    }

    /// A map showing one selected marker that `configure` dressed, its callout open.
    static func openCallout(_ spy: Spy) -> (Window, MapView, PointAnnotation) {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        map.delegate = spy
        map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
        let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "Café")
        map.addAnnotation(a)
        _ = window.renderScene()
        map.selectAnnotation(a, animated: false)
        _ = window.renderScene()
        return (window, map, a)
    }

    static func click(_ view: View, in window: Window) {
        let centre = view.frameInWindow().center
        window.dispatch(PointerEvent(phase: .down, pointerID: 1, location: centre, time: 1))
        window.dispatch(PointerEvent(phase: .up, pointerID: 1, location: centre, time: 1.05))
    }

    @Test(arguments: [true, false])
    func aSideAccessoryRunsItsOwnTapAndTellsTheDelegateOnceEach(right: Bool) throws {
        let spy = Spy()
        let like = Self.button("Like")
        var ownTaps = 0
        like.onTap = { ownTaps += 1 }
        spy.configure = { view in
            if right { view.rightCalloutAccessoryView = like } else { view.leftCalloutAccessoryView = like }
        }
        let (window, map, a) = Self.openCallout(spy)
        let shown = map.calloutView.flatMap { right ? $0.rightAccessory : $0.leftAccessory }
        #expect(shown === like)
        Self.click(like, in: window)
        #expect(ownTaps == 1 && spy.taps.count == 1)
        #expect(spy.taps.first === like)
        // Reopened (the same view and button): still once each, not twice.
        map.deselectAnnotation(a, animated: false)
        map.selectAnnotation(a, animated: false)
        _ = window.renderScene()
        #expect(window.activate(item: like.id))
        #expect(ownTaps == 2 && spy.taps.count == 2)
        // Closed: the control no longer speaks for a callout.
        map.deselectAnnotation(a, animated: false)
        like.sendAction()
        #expect(ownTaps == 3 && spy.taps.count == 2)
    }

    @Test func aButtonInTheDetailViewGetsItsTapByClickAndByKeyboardAndTheDelegateIsNotTold() throws {
        let spy = Spy()
        let detail = View(frame: Rect(x: 0, y: 0, width: 160, height: 40))
        let rsvp = Self.button("RSVP")
        rsvp.frame.origin = Point(x: 0, y: 6)
        detail.addSubview(rsvp)
        var ownTaps = 0
        rsvp.onTap = { ownTaps += 1 }
        spy.configure = { $0.detailCalloutAccessoryView = detail }
        let (window, map, a) = Self.openCallout(spy)
        #expect(map.calloutView?.detailAccessory === detail)
        let scene = window.renderScene()
        #expect(scene.accessibility.contains { $0.item == rsvp.id && $0.role == .button && $0.name == "RSVP" })
        Self.click(rsvp, in: window)
        #expect(ownTaps == 1)
        #expect(map.selectedAnnotations.first === a, "the click stayed in the callout")
        // Enter on its mirror element, which the browser sends as ACTIVATE.
        #expect(window.activate(item: rsvp.id))
        #expect(ownTaps == 2)
        // Tab reaches it, and Enter with the server's own focus on it fires it.
        #expect(window.focusableViews().contains { $0 === rsvp })
        window.focus(rsvp)
        window.dispatch(KeyEvent(phase: .down, key: "Enter", modifiers: []))
        #expect(ownTaps == 3)
        #expect(spy.taps.isEmpty, "MapKit tells the delegate only of the left and right accessories")
    }
}
