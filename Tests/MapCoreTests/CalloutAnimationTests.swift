import MapGeometry
import Testing
import ViewKit
@testable import MapCore

/// SMCalloutView's present and dismiss animations, on a stepped clock.
@Suite struct CalloutAnimationTests {
    final class Choosing: MapViewDelegate {
        var present = CalloutAnimation.bounce
        var dismiss = CalloutAnimation.fade
        func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? {
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation)
            view.canShowCallout = true
            view.calloutPresentAnimation = present
            view.calloutDismissAnimation = dismiss
            return view
        }
    }

    let delegate = Choosing()

    func openCallout(present: CalloutAnimation, dismiss: CalloutAnimation = .fade)
        throws -> (Window, MapView, PointAnnotation, CalloutView) {
        delegate.present = present
        delegate.dismiss = dismiss
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        map.delegate = delegate
        map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
        let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "Ferry")
        map.addAnnotation(a)
        _ = window.renderScene()
        map.selectAnnotation(a, animated: true)
        return (window, map, a, try #require(map.calloutView))
    }

    func step(_ window: Window, by seconds: Double) throws {
        let clock = try #require(window.clock as? ManualClock)
        clock.advance(by: seconds)
        window.animator.tick()
    }

    @Test func theBounceEasesInAndOutOnEverySegment() throws {
        let (window, _, _, callout) = try openCallout(present: .bounce)
        #expect(abs(callout.scale - 0.05) < 1e-9)
        // Half-way through the first segment, eased in and out: half-way in value too.
        try step(window, by: 4.0 / 9.0 / 2 / 3)
        #expect(abs(callout.scale - (0.05 + (1.11245 - 0.05) / 2)) < 1e-3)
        try step(window, by: 1)
        #expect(callout.scale == 1 && callout.alpha == 1)
    }

    @Test func aFadeRunsAThirdOfASecondAtFullSize() throws {
        let (window, _, _, callout) = try openCallout(present: .fade)
        #expect(callout.alpha == 0 && callout.scale == 1)
        try step(window, by: 1.0 / 6.0)
        #expect(abs(callout.alpha - 0.5) < 1e-3)
        try step(window, by: 1.0 / 6.0 + 1e-6)
        #expect(callout.alpha == 1)
    }

    @Test func noneShowsAtOnce() throws {
        let (_, _, _, callout) = try openCallout(present: .none)
        #expect(callout.alpha == 1 && callout.scale == 1 && !callout.isHidden)
    }

    @Test func dismissalTakesAThirdOfASecond() throws {
        let (window, map, a, callout) = try openCallout(present: .none, dismiss: .fade)
        map.deselectAnnotation(a, animated: true)
        #expect(callout.superview != nil)
        try step(window, by: 0.3)
        #expect(callout.superview != nil && callout.alpha > 0)
        try step(window, by: 0.04)
        #expect(callout.superview == nil)
    }

    @Test func aBounceDismissalShrinksIntoTheTip() throws {
        let (window, map, a, callout) = try openCallout(present: .none, dismiss: .bounce)
        map.deselectAnnotation(a, animated: true)
        try step(window, by: 1.0 / 6.0)
        #expect(callout.scale < 0.6 && callout.scale > 0.4)
        try step(window, by: 0.2)
        #expect(callout.superview == nil)
    }

    @Test func noDismissAnimationRemovesAtOnce() throws {
        let (_, map, a, callout) = try openCallout(present: .none, dismiss: .none)
        map.deselectAnnotation(a, animated: true)
        #expect(callout.superview == nil)
    }
}
