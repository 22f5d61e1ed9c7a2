import Foundation
import Synchronization
import Testing

@testable import mapwire

/// The feeds' beat: a handler called again and again until stopped, once however often started.
@Suite struct RepeatingTimerTests {
    /// Waits up to five seconds for `condition`.
    func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return condition()
    }

    @Test func itCallsAgainUntilStoppedAndAStartTwiceIsOneTimer() {
        let calls = Mutex(0)
        let timer = RepeatingTimer(label: "test.timer", interval: 0.01)
        timer.start { calls.withLock { $0 += 1 } }
        timer.start { calls.withLock { $0 += 1_000 } }
        #expect(eventually { calls.withLock { $0 } >= 3 })
        timer.stop()
        // A call under way when it stopped may still end.
        Thread.sleep(forTimeInterval: 0.05)
        let stopped = calls.withLock { $0 }
        Thread.sleep(forTimeInterval: 0.1)
        #expect(calls.withLock { $0 } == stopped, "no call after stop")
        #expect(stopped < 1_000, "the second start changed nothing")
    }
}
