import Logging
import Synchronization

/// Lets the same log line through a few times a second and counts the rest,
/// so a condition that repeats on every wake-up (accept failing with EMFILE,
/// a flood of refused connections) cannot fill the disk or eat the CPU on
/// formatting. The count of what was held back goes out with the next line
/// let through.
final class ThrottledLog: Sendable {
    private struct Window {
        var start = 0.0
        var passed: [String: Int] = [:]
        var suppressed = 0
    }

    /// Lines with the same text allowed per one-second window.
    let perLine: Int
    /// Distinct lines allowed per window (the rest count as suppressed).
    let distinct: Int
    private let window = Mutex(Window())

    init(perLine: Int = 5, distinct: Int = 50) {
        self.perLine = perLine
        self.distinct = distinct
    }

    /// Whether to write `line` at time `now` (seconds), and how many lines
    /// were held back since the last one written.
    func admit(_ line: String, at now: Double) -> (write: Bool, heldBack: Int) {
        window.withLock { window in
            if now - window.start >= 1 {
                window.start = now
                window.passed.removeAll(keepingCapacity: true)
            }
            let seen = window.passed[line]
            if (seen ?? 0) >= perLine || (seen == nil && window.passed.count >= distinct) {
                window.suppressed += 1
                return (false, 0)
            }
            window.passed[line, default: 0] += 1
            defer { window.suppressed = 0 }
            return (true, window.suppressed)
        }
    }

    /// Logs `message` at notice level unless it is being throttled.
    func note(_ message: String, logger: Logger) {
        let (write, heldBack) = admit(message, at: ServiceLoop.now())
        guard write else { return }
        let suffix = heldBack > 0 ? " (\(heldBack) similar lines held back)" : ""
        logger.notice("\(message)\(suffix)")
    }
}
