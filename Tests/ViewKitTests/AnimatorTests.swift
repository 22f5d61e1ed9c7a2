import Testing

@testable import ViewKit

@Suite struct AnimatorTests {
    @Test func keyframesHitTheirValuesAtTheirTimes() {
        let k = Keyframes(
            values: [0.05, 1.11245, 0.951807, 1.0], keyTimes: [0, 4.0 / 9.0, 4.0 / 9.0 + 5.0 / 18.0, 1],
            curves: [.easeOut, .easeInOut, .easeInOut])
        #expect(k.value(at: 0) == 0.05)
        #expect(abs(k.value(at: 4.0 / 9.0) - 1.11245) < 1e-12)
        #expect(abs(k.value(at: 4.0 / 9.0 + 5.0 / 18.0) - 0.951807) < 1e-12)
        #expect(k.value(at: 1) == 1)
        // Between keys the value moves monotonically from one to the next.
        #expect(k.value(at: 0.2) > 0.05 && k.value(at: 0.2) < 1.11245)
    }

    @Test func animationsFollowTheSteppedClockAndComplete() {
        let clock = ManualClock()
        let animator = Animator(clock: clock)
        var value = -1.0
        var done = false
        animator.animate(duration: 1, update: { value = $0 }, completion: { done = true })
        #expect(value == 0 && animator.isAnimating)
        clock.advance(by: 0.25)
        animator.tick()
        #expect(value == 0.25 && !done)
        clock.advance(by: 1)
        animator.tick()
        #expect(value == 1 && done && !animator.isAnimating)
    }

    @Test func sameKeyReplacesTheRunningAnimation() {
        let clock = ManualClock()
        let animator = Animator(clock: clock)
        var first = 0.0, second = 0.0
        animator.animate(key: "k", duration: 1, update: { first = $0 })
        animator.animate(key: "k", duration: 1, update: { second = $0 })
        clock.advance(by: 0.5)
        animator.tick()
        #expect(first == 0 && second == 0.5)
    }
}
