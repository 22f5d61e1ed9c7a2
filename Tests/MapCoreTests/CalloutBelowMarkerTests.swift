import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// A standard callout that hangs below its marker (an app lets it flip, and
/// there is no room above) clears the marker's title and subtitle drawn
/// under the balloon.
@Suite struct CalloutBelowMarkerTests {
    @Test func aCalloutHangingBelowAMarkerHangsBelowItsTitleAndSubtitle() throws {
        let test = CalloutFitMapTests()
        let (window, map, a, _) = test.mapWithPin(at: Point(x: 400, y: 60))
        map.view(for: a)?.calloutPermittedArrowDirection = .any
        map.selectAnnotation(a, animated: false)
        test.run(window, seconds: 1)
        let callout = try #require(map.calloutView)
        #expect(callout.bubble.direction == .up, "no room above: it hangs below")
        let marker = try #require(map.view(for: a) as? MarkerAnnotationView)
        let title = try #require(marker.titleLabel?.frameInWindow())
        let subtitle = try #require(marker.subtitleLabel?.frameInWindow())
        #expect(marker.titleLabel?.isHidden == false && marker.subtitleLabel?.isHidden == false)
        let tipInWindow = callout.frameInWindow().origin + callout.bubble.arrowTip
        #expect(tipInWindow.y >= subtitle.maxY && subtitle.minY >= title.maxY - 1)
        #expect(abs(tipInWindow.x - marker.frameInWindow().midX) < 1, "still pointing at the marker")
        let bubble = callout.frameInWindow()
        for label in [title, subtitle] { #expect(!bubble.intersects(label), "\(bubble) covers \(label)") }
        // The map scrolled so the grown balloon is whole, clear of the top edge.
        let balloon = marker.balloon.frameInWindow()
        #expect(balloon.height == 1.5 * marker.frame.height)
        #expect(balloon.minY >= CalloutPlacement.margin - 0.5, "\(balloon) cut off at the top")
    }

    @Test func aCalloutAboveAMarkerStillPointsAtTheBalloonTop() throws {
        let test = CalloutFitMapTests()
        let (window, map, a, _) = test.mapWithPin(at: Point(x: 400, y: 400))
        map.selectAnnotation(a, animated: false)
        test.run(window, seconds: 1)
        let callout = try #require(map.calloutView)
        let marker = try #require(map.view(for: a) as? MarkerAnnotationView)
        #expect(callout.bubble.direction == .down)
        let balloonTop = marker.balloon.frameInWindow().minY
        let tipY = callout.frameInWindow().maxY + callout.bubble.arrowHeight
        #expect(abs(tipY - balloonTop) < 1.5, "the arrow meets the grown balloon's top")
    }
}
