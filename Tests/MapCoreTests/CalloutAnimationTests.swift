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
        throws -> (Window, MapView, PointAnnotation, CalloutView)
    {
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

    /// A point in `view`'s coordinates on the window (the screen).
    func onScreen(_ p: Point, in view: View) -> Point {
        var q = p
        var v: View? = view
        while let current = v, !(current is Window) {
            q = current.convertToSuperview(q)
            v = current.superview
        }
        return q
    }

    @Test func theStretchGrowsLinearlyOutOfTheArrowTipInATenthOfASecond() throws {
        let (window, _, _, callout) = try openCallout(present: .stretch)
        let size = callout.frame.size
        let tip = onScreen(callout.bubble.arrowTip, in: callout)
        #expect(size.width > 50 && size.height > 20 && callout.bubble.direction == .down)
        #expect(callout.scale == 0 && callout.alpha == 1 && !callout.isHidden)
        // Where the body's centre will be at full size (the tip is the fixed point).
        let bodyCentre = tip + (callout.bounds.center - callout.bubble.arrowTip)
        #expect(window.hitTest(bodyCentre)?.isDescendant(of: callout) != true, "scaled to nothing it takes no taps")

        try step(window, by: 0.05)
        #expect(abs(callout.scale - 0.5) < 1e-9, "constant speed: half-way in time is half size")
        let mid = callout.frameInWindow()
        #expect(abs(mid.width - size.width / 2) < 1e-6 && abs(mid.height - size.height / 2) < 1e-6)
        #expect(onScreen(callout.bubble.arrowTip, in: callout).distance(to: tip) < 1e-6, "the tip stays put")
        // Its half-size body takes taps; where the full body will be but the half one is not, the map does.
        #expect(window.hitTest(mid.center)?.isDescendant(of: callout) == true)
        let outside = Point(x: tip.x, y: tip.y - size.height + 4)
        #expect(outside.y < mid.minY)
        #expect(window.hitTest(outside)?.isDescendant(of: callout) != true)

        try step(window, by: 0.05 + 1e-6)
        #expect(callout.scale == 1 && callout.alpha == 1)
        #expect(abs(callout.frameInWindow().width - size.width) < 1e-6)
        #expect(onScreen(callout.bubble.arrowTip, in: callout).distance(to: tip) < 1e-6)
        #expect(window.hitTest(outside)?.isDescendant(of: callout) == true, "at full size the body is there")
        #expect(window.hitTest(bodyCentre)?.isDescendant(of: callout) == true)
    }

    @Test func aStretchDismissalShrinksIntoTheTipWithoutFadingAndGoesInATenthOfASecond() throws {
        let (window, map, a, callout) = try openCallout(present: .none, dismiss: .stretch)
        let tip = onScreen(callout.bubble.arrowTip, in: callout)
        map.deselectAnnotation(a, animated: true)
        #expect(callout.superview != nil && callout.scale == 1)
        try step(window, by: 0.025)
        #expect(abs(callout.scale - 0.75) < 1e-9 && callout.alpha == 1)
        #expect(onScreen(callout.bubble.arrowTip, in: callout).distance(to: tip) < 1e-6)
        try step(window, by: 0.07)
        #expect(callout.superview != nil && abs(callout.scale - 0.05) < 1e-9)
        try step(window, by: 0.006)
        #expect(callout.superview == nil)
    }

    @Test func theDurationsAreSMCalloutViews() {
        #expect(CalloutAnimation.stretch.duration == 0.1)
        #expect(CalloutAnimation.bounce.duration == 1.0 / 3.0 && CalloutAnimation.fade.duration == 1.0 / 3.0)
        #expect(CalloutAnimation.none.duration == 0)
    }
}
