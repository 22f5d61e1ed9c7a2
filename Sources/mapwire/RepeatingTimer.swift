import Dispatch
import Synchronization

/// Calls a handler on a queue of its own every `interval` seconds, from the
/// moment it is started until it is stopped: the beat of the demo's feeds.
/// Starting it twice starts it once.
final class RepeatingTimer: Sendable {
    private let queue: DispatchQueue
    private let interval: Double
    private let leeway: DispatchTimeInterval
    private let timer = Mutex<DispatchSourceTimer?>(nil)

    /// A timer whose handlers run on a serial queue named `label`.
    init(label: String, interval: Double, leeway: DispatchTimeInterval = .milliseconds(10)) {
        queue = DispatchQueue(label: label)
        self.interval = interval
        self.leeway = leeway
    }

    /// Calls `handler` now and every `interval` seconds after.
    func start(_ handler: @escaping @Sendable () -> Void) {
        timer.withLock { timer in
            guard timer == nil else { return }
            let t = DispatchSource.makeTimerSource(queue: queue)
            t.schedule(deadline: .now(), repeating: interval, leeway: leeway)
            t.setEventHandler(handler: handler)
            t.resume()
            timer = t
        }
    }

    /// No more calls once a running one returns.
    func stop() {
        timer.withLock {
            $0?.cancel()
            $0 = nil
        }
    }
}
