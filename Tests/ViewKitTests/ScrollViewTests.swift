import InputEvents
import MapGeometry
import Testing

@testable import ViewKit

@Suite struct ScrollViewTests {
    func scroller(contentHeight: Double = 1000) -> (Window, ScrollView, ManualClock) {
        let clock = ManualClock()
        let window = Window(size: Size(width: 400, height: 400), clock: clock)
        let scroll = ScrollView(frame: Rect(x: 0, y: 100, width: 200, height: 200))
        scroll.contentSize = Size(width: 200, height: contentHeight)
        window.addSubview(scroll)
        return (window, scroll, clock)
    }

    /// Steps the clock by 1/60 s until animations end (at most `seconds`); returns the offsets seen.
    @discardableResult
    func run(_ window: Window, _ clock: ManualClock, seconds: Double = 5) -> [Double] {
        let scroll = window.subviews.compactMap { $0 as? ScrollView }[0]
        var seen: [Double] = []
        var t = 0.0
        while window.animator.isAnimating, t < seconds {
            clock.advance(by: 1.0 / 60)
            t += 1.0 / 60
            window.animator.tick()
            seen.append(scroll.contentOffset.y)
        }
        return seen
    }

    func flick(_ window: Window, from y0: Double, by dy: Double, steps: Int = 5, time: Double = 10) {
        var t = time
        window.dispatch(PointerEvent(phase: .down, location: Point(x: 100, y: y0), time: t))
        for i in 1...steps {
            t += 0.016
            window.dispatch(
                PointerEvent(phase: .moved, location: Point(x: 100, y: y0 + dy * Double(i) / Double(steps)), time: t))
        }
        window.dispatch(PointerEvent(phase: .up, location: Point(x: 100, y: y0 + dy), time: t + 0.001))
    }

    @Test func flickKeepsGlidingAndSlowsDown() {
        let (window, scroll, clock) = scroller()
        flick(window, from: 250, by: -100)
        let released = scroll.contentOffset.y
        #expect(window.animator.isAnimating)
        let seen = run(window, clock)
        #expect(!window.animator.isAnimating)
        let final = scroll.contentOffset.y
        // It travelled well past where the finger let go, always forward, ever slower.
        #expect(final > released + 100)
        #expect(final <= scroll.maxOffset.y)
        let steps = zip(seen.dropFirst(), seen).map { $0 - $1 }
        #expect(steps.allSatisfy { $0 >= -0.001 })
        #expect(steps.first! > steps.last!)
    }

    @Test func pullingPastTheTopStretchesThenSpringsBack() {
        let (window, scroll, clock) = scroller()
        window.dispatch(PointerEvent(phase: .down, location: Point(x: 100, y: 120), time: 1))
        window.dispatch(PointerEvent(phase: .moved, location: Point(x: 100, y: 200), time: 1.1))
        window.dispatch(PointerEvent(phase: .moved, location: Point(x: 100, y: 280), time: 1.5))
        // Rubber band: the content moves less than the finger past the end.
        let stretched = scroll.contentOffset.y
        #expect(stretched < 0)
        #expect(stretched > -(280 - 126))
        window.dispatch(PointerEvent(phase: .up, location: Point(x: 100, y: 280), time: 2.5))
        run(window, clock)
        #expect(scroll.contentOffset.y == 0)
    }

    @Test func flickIntoTheEndOvershootsAndReturns() {
        let (window, scroll, clock) = scroller(contentHeight: 400)
        flick(window, from: 280, by: -150)
        let seen = run(window, clock)
        #expect(seen.max()! > scroll.maxOffset.y + 1, "the content should overshoot the end")
        #expect(scroll.contentOffset.y == scroll.maxOffset.y)
    }

    @Test func onlyThePrimaryButtonDrags() {
        let (window, scroll, _) = scroller()
        window.dispatch(PointerEvent(phase: .down, buttons: 2, location: Point(x: 100, y: 250), time: 1))
        window.dispatch(PointerEvent(phase: .moved, buttons: 2, location: Point(x: 100, y: 150), time: 1.1))
        window.dispatch(PointerEvent(phase: .up, buttons: 0, location: Point(x: 100, y: 150), time: 1.2))
        #expect(scroll.contentOffset.y == 0)
        window.dispatch(PointerEvent(phase: .down, buttons: 1, location: Point(x: 100, y: 250), time: 2))
        window.dispatch(PointerEvent(phase: .moved, buttons: 1, location: Point(x: 100, y: 150), time: 2.1))
        #expect(scroll.contentOffset.y == 100)
    }

    @Test func wheelScrollsWithinRangeAndIsConsumed() {
        let (window, scroll, clock) = scroller()
        let behind = WheelCatcher(frame: window.bounds)
        window.insertSubview(behind, at: 0)
        window.dispatch(WheelEvent(location: Point(x: 100, y: 200), delta: Point(x: 0, y: 120), time: 1))
        #expect(scroll.contentOffset.y == 120)
        window.dispatch(WheelEvent(location: Point(x: 100, y: 200), delta: Point(x: 0, y: -500), time: 1.1))
        #expect(scroll.contentOffset.y == 0)
        // At the end a notch bounces a little and comes back.
        window.dispatch(WheelEvent(location: Point(x: 100, y: 200), delta: Point(x: 0, y: -100), time: 1.2))
        let seen = run(window, clock)
        #expect(seen.min()! < 0)
        #expect(scroll.contentOffset.y == 0)
        #expect(behind.wheels == 0)
        window.dispatch(WheelEvent(location: Point(x: 300, y: 50), delta: Point(x: 0, y: 100), time: 2))
        #expect(behind.wheels == 1)
    }
}

/// Counts the wheel events that reach it.
final class WheelCatcher: View {
    var wheels = 0
    override func wheel(_ event: WheelEvent, at location: Point) -> Bool {
        wheels += 1
        return true
    }
}
