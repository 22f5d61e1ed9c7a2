import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM, taken by one waiting thread instead of a handler, and
/// SIGHUP, which asks that thread to read the style file again.
enum TerminationSignals {
    /// Blocks SIGINT and SIGTERM in the calling thread and in every thread
    /// started after it, so a signal that arrives during start-up stays
    /// pending until `wait()` takes it. (A handler installed later leaves a
    /// window: a supervisor that signals as soon as the server says it is
    /// listening could find the signal ignored, and the server never stops.)
    static func hold() {
        var signals = set()
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// Blocks until SIGINT or SIGTERM arrives (or has arrived since `hold()`),
    /// calling `onHangUp` for each SIGHUP on the way.
    /// Afterwards a second Ctrl-C ends the process at once, while shutdown is under way.
    static func wait(onHangUp: () -> Void = {}) {
        var signals = set()
        var received: Int32 = 0
        while true {
            guard sigwait(&signals, &received) == 0 else { continue }
            guard received == SIGHUP else { break }
            onHangUp()
        }
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        signal(SIGINT, SIG_DFL)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
    }

    private static func set() -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGHUP)
        return signals
    }
}
