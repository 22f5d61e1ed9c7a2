import Foundation

/// Timing curves, as Core Animation names them.
public enum TimingCurve: Sendable {
    /// Constant speed.
    case linear
    /// Starts slow, ends fast (cubic).
    case easeIn
    /// Starts fast, ends slow (cubic): things arriving.
    case easeOut
    /// Slow at both ends (cubic): things moving from one place to another.
    case easeInOut

    /// Progress in 0...1 for time fraction `t` in 0...1.
    public func value(_ t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .easeIn: return t * t * t
        case .easeOut: return 1 - pow(1 - t, 3)
        case .easeInOut: return t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
        }
    }
}

/// Values at key times with a curve for each segment, as `CAKeyframeAnimation`.
public struct Keyframes: Sendable {
    /// The value at each key time.
    public var values: [Double]
    /// Time fractions in 0...1, ascending, one per value.
    public var keyTimes: [Double]
    /// The curve from each value to the next (one fewer than the values).
    public var curves: [TimingCurve]

    /// Keyframes through `values` at `keyTimes`, with one curve for each step between them.
    public init(values: [Double], keyTimes: [Double], curves: [TimingCurve]) {
        precondition(values.count == keyTimes.count && curves.count == values.count - 1)
        self.values = values
        self.keyTimes = keyTimes
        self.curves = curves
    }

    /// The value at time fraction `t` in 0...1.
    public func value(at t: Double) -> Double {
        if t <= keyTimes[0] { return values[0] }
        for i in 0..<(values.count - 1) where t <= keyTimes[i + 1] {
            let span = keyTimes[i + 1] - keyTimes[i]
            let local = span > 0 ? (t - keyTimes[i]) / span : 1
            return values[i] + (values[i + 1] - values[i]) * curves[i].value(local)
        }
        return values[values.count - 1]
    }
}

/// Runs time-based animations off an injected clock. The owner calls `tick()`
/// once per display frame while `isAnimating`, so frames are produced only
/// while something moves.
public final class Animator {
    /// A running animation; cancelling it stops updates without completing.
    public final class Handle {
        fileprivate var cancelled = false
        /// Stops the animation where it is; its completion does not run.
        public func cancel() { cancelled = true }
        /// Whether `cancel()` was called (or another animation with its key replaced it).
        public var isCancelled: Bool { cancelled }
    }

    private struct Running {
        let handle: Handle
        let key: String?
        let start: Double
        let duration: Double
        let update: (Double) -> Void
        let completion: (() -> Void)?
    }

    /// The time animations run on.
    public let clock: Clock
    private var running: [Running] = []

    package init(clock: Clock) {
        self.clock = clock
    }

    package var isAnimating: Bool { running.contains { !$0.handle.isCancelled } }

    /// Starts an animation: `update` gets the raw time fraction 0...1 (apply
    /// a curve inside it). An animation with the same `key` replaces the old one.
    @discardableResult
    public func animate(
        key: String? = nil, duration: Double, update: @escaping (Double) -> Void,
        completion: (() -> Void)? = nil
    ) -> Handle {
        if let key { cancel(key: key) }
        let handle = Handle()
        running.append(
            Running(
                handle: handle, key: key, start: clock.now, duration: max(duration, 0),
                update: update, completion: completion))
        update(duration > 0 ? 0 : 1)
        return handle
    }

    /// Stops the animation with `key` where it is.
    public func cancel(key: String) {
        for r in running where r.key == key { r.handle.cancel() }
    }

    /// Advances every animation to the clock's time; finished ones complete.
    package func tick() {
        let now = clock.now
        let current = running
        running.removeAll { $0.handle.isCancelled }
        var finished: [Running] = []
        for r in current where !r.handle.isCancelled {
            let t = r.duration > 0 ? min((now - r.start) / r.duration, 1) : 1
            r.update(t)
            if t >= 1 { finished.append(r) }
        }
        running.removeAll { r in finished.contains { $0.handle === r.handle } }
        for r in finished { r.completion?() }
    }
}
