import DisplayList
import InputEvents
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// SMCalloutView's highlight delegate and custom title view on the standard callout.
@Suite struct CalloutHighlightTests {
    final class Clicks: MapViewDelegate {
        var highlights = false
        var titleView: View?
        var clicked: [AnnotationView] = []
        func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? {
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation)
            view.canShowCallout = true
            view.calloutTitleView = titleView
            return view
        }
        func mapView(_ mapView: MapView, calloutShouldHighlightFor view: AnnotationView) -> Bool { highlights }
        func mapView(_ mapView: MapView, calloutClickedFor view: AnnotationView) { clicked.append(view) }
    }

    let delegate = Clicks()

    func open() throws -> (Window, MapView, CalloutView) {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        map.delegate = delegate
        map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
        let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "Ferry", subtitle: "Pier 1")
        map.addAnnotation(a)
        _ = window.renderScene()
        map.selectAnnotation(a, animated: false)
        _ = window.renderScene()
        return (window, map, try #require(map.calloutView))
    }

    func press(_ window: Window, at p: Point, releaseAt q: Point? = nil) {
        window.dispatch(PointerEvent(phase: .down, pointerID: 1, location: p, time: 5))
        window.dispatch(PointerEvent(phase: .up, pointerID: 1, location: q ?? p, time: 5.05))
    }

    @Test func aHighlightedCalloutIsClickedOnRelease() throws {
        delegate.highlights = true
        let (window, map, callout) = try open()
        let centre = callout.frameInWindow().center
        window.dispatch(PointerEvent(phase: .down, pointerID: 1, location: centre, time: 5))
        #expect(callout.isHighlighted && callout.bubble.backgroundColor == callout.colors.calloutPressed)
        window.dispatch(PointerEvent(phase: .up, pointerID: 1, location: centre, time: 5.05))
        #expect(!callout.isHighlighted && callout.bubble.backgroundColor == .white)
        #expect(delegate.clicked.count == 1 && delegate.clicked.first === callout.annotationView)
        #expect(map.selectedAnnotations.count == 1, "the press never reached the map")
        // Released off the bubble: no click.
        press(window, at: centre, releaseAt: Point(x: 5, y: 5))
        #expect(delegate.clicked.count == 1)
    }

    @Test func withoutTheDelegatesWordTheBubbleNeitherHighlightsNorClicks() throws {
        let (window, map, callout) = try open()
        let centre = callout.frameInWindow().center
        window.dispatch(PointerEvent(phase: .down, pointerID: 1, location: centre, time: 5))
        #expect(!callout.isHighlighted)
        window.dispatch(PointerEvent(phase: .up, pointerID: 1, location: centre, time: 5.05))
        #expect(delegate.clicked.isEmpty)
        #expect(map.selectedAnnotations.count == 1)
    }

    @Test func aCustomTitleViewTakesTheTitlesPlace() throws {
        let stars = View(frame: Rect(x: 0, y: 0, width: 90, height: 18))
        stars.backgroundColor = Color(hex: 0xFFCC00)
        delegate.titleView = stars
        let (_, _, callout) = try open()
        #expect(stars.superview === callout)
        #expect(callout.titleLabel.isHidden)
        #expect(callout.accessibilityLabel == "Ferry", "still named by the title")
        #expect(stars.frame.origin.x == CalloutView.padding.left)
        #expect(callout.subtitleLabel.frame.minY >= stars.frame.maxY, "the subtitle below it")
    }
}
