import Foundation

/// Where animations and gestures get the time, in seconds. Tests step a
/// `ManualClock`; the server uses `MonotonicClock`.
public protocol Clock: AnyObject {
    /// Seconds since an arbitrary start: only differences mean anything.
    var now: Double { get }
}

/// A clock that only moves when told: animations are checked at exact times.
package final class ManualClock: Clock {
    package var now: Double

    package init(now: Double = 0) {
        self.now = now
    }

    package func advance(by seconds: Double) {
        now += seconds
    }
}

/// The process's monotonic clock.
package final class MonotonicClock: Clock {
    /// The clock; every instance reads the same time.
    package init() {}

    /// Seconds of the system's monotonic clock: never jumps with the wall clock.
    package var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
