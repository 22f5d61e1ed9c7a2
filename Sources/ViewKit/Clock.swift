import Foundation

/// Where animations and gestures get the time, in seconds. Tests step a
/// `ManualClock`; the server uses `MonotonicClock`.
public protocol Clock: AnyObject {
    var now: Double { get }
}

/// A clock that only moves when told: animations are checked at exact times.
public final class ManualClock: Clock {
    public var now: Double

    public init(now: Double = 0) {
        self.now = now
    }

    public func advance(by seconds: Double) {
        now += seconds
    }
}

/// The process's monotonic clock.
public final class MonotonicClock: Clock {
    public init() {}

    public var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
