import Dispatch
import Glibc

/// Blocks SIGINT and SIGTERM in the calling thread and in every thread
/// started after it, so a signal that arrives during start-up stays pending
/// until `waitForTerminationSignal` takes it. (A handler installed later
/// leaves a window: a supervisor that signals as soon as the server says it
/// is listening could find the signal ignored, and the server never stops.)
/// Call it first thing in `main`, before any thread exists.
func holdTerminationSignals() {
    var signals = terminationSignals()
    pthread_sigmask(SIG_BLOCK, &signals, nil)
}

/// Blocks until SIGINT or SIGTERM arrives (or has arrived since
/// `holdTerminationSignals`). Afterwards a second Ctrl-C ends the process at
/// once, while shutdown is under way.
func waitForTerminationSignal() {
    var signals = terminationSignals()
    var received: Int32 = 0
    while sigwait(&signals, &received) != 0 {}
    var interrupt = sigset_t()
    sigemptyset(&interrupt)
    sigaddset(&interrupt, SIGINT)
    signal(SIGINT, SIG_DFL)
    pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
}

private func terminationSignals() -> sigset_t {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    return signals
}
