import MapGeometry
import Testing

@testable import ViewKit

@Suite struct DismissalTests {
    @Test func fadeOutLeavesTheMirrorAtOnceAndRemovesAfterTheFade() {
        let clock = ManualClock()
        let window = Window(size: Size(width: 100, height: 100), clock: clock)
        let card = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let button = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        button.accessibilityRole = .button
        button.accessibilityLabel = "Go"
        card.addSubview(button)
        window.addSubview(card)
        // A presentation still running is replaced, not left to fight the fade.
        var presented = 0.0
        window.animator.animate(key: card.presentationAnimationKey, duration: 1, update: { presented = $0 })
        card.fadeOutAndRemove(over: 0.2, animator: window.animator, animated: true)
        #expect(window.renderScene().accessibility.isEmpty)
        #expect(window.hitTest(Point(x: 5, y: 5)) === window)
        clock.advance(by: 0.1)
        window.animator.tick()
        #expect(abs(card.alpha - 0.5) < 1e-9 && card.superview === window)
        #expect(presented == 0)
        clock.advance(by: 0.2)
        window.animator.tick()
        #expect(card.superview == nil && window.subviews.isEmpty)
    }

    @Test func withoutAnAnimatorItGoesAtOnce() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let child = View()
        parent.addSubview(child)
        child.fadeOutAndRemove(over: 0.2, animator: nil, animated: true)
        #expect(parent.subviews.isEmpty && child.superview == nil)
    }
}
