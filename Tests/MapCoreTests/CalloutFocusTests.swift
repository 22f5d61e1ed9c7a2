import InputEvents
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// A callout opened from the keyboard takes focus, as the wishlist card
/// does, so its controls come next; closing it gives focus back to its pin.
@Suite struct CalloutFocusTests {
    /// A map with one pin in the middle and another to its east, rendered once.
    func map() throws -> (Window, MapView, PointAnnotation, AnnotationView) {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        window.defaultKeyResponder = map
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "Bridge")
        let other = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0.2), title: "Ferry")
        map.addAnnotations([pin, other])
        _ = window.renderScene()
        return (window, map, pin, try #require(map.view(for: pin)))
    }

    @Test func enterOnAFocusedPinMovesFocusIntoItsCalloutAndEscapeGivesItBack() throws {
        let (window, map, pin, view) = try map()
        window.focus(view)
        window.dispatch(KeyEvent(key: "Enter"))
        #expect(map.selectedAnnotations.first === pin)
        let callout = try #require(map.calloutView)
        #expect(window.focusedView === callout)
        // The view is told once the callout shows, with its bounce under way.
        _ = window.renderScene()
        #expect(window.takeFocusForMirror() == callout.id)
        window.dispatch(KeyEvent(key: "Escape"))
        #expect(map.selectedAnnotations.isEmpty)
        #expect(window.focusedView === view)
        #expect(window.takeFocusForMirror() == view.id)
    }

    @Test func escapeFromAControlInsideTheCalloutGivesFocusBackToThePin() throws {
        let (window, map, _, view) = try map()
        view.rightCalloutAccessoryView = DetailDisclosureButton(typeface: testFonts.bold)
        window.focus(view)
        window.dispatch(KeyEvent(key: "Enter"))
        let button = try #require(map.calloutView?.rightAccessory)
        window.focus(button)
        window.dispatch(KeyEvent(key: "Escape"))
        #expect(map.calloutView == nil)
        #expect(window.focusedView === view)
    }

    @Test func aCalloutOpenedByAPressLeavesFocusWhereItWas() throws {
        let (window, map, pin, view) = try map()
        let centre = view.frameInWindow().center
        window.dispatch(PointerEvent(phase: .down, location: centre, time: 1))
        window.dispatch(PointerEvent(phase: .up, location: centre, time: 1.05))
        #expect(map.selectedAnnotations.first === pin)
        #expect(window.focusedView == nil)
        // Closed by a press on the map, it leaves focus alone too.
        window.dispatch(PointerEvent(phase: .down, location: Point(x: 100, y: 700), time: 2))
        window.dispatch(PointerEvent(phase: .up, location: Point(x: 100, y: 700), time: 2.05))
        #expect(map.selectedAnnotations.isEmpty && window.focusedView == nil)
    }
}
