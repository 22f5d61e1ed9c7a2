import Dispatch
import Glibc

/// Blocks until SIGINT or SIGTERM arrives.
///
/// The handlers are DispatchSources on a global queue. This function is not
/// main-actor isolated (unlike top-level code in main.swift), so the handler
/// closures are plain `@Sendable` and safe to run off the main thread.
func waitForTerminationSignal() {
    let received = DispatchSemaphore(value: 0)
    let queue = DispatchQueue(label: "mapwire.signals")
    var sources: [DispatchSourceSignal] = []
    for signalNumber in [SIGINT, SIGTERM] {
        // Ignore the default action so only the source sees the signal.
        signal(signalNumber, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
        source.setEventHandler { @Sendable in received.signal() }
        source.resume()
        sources.append(source)
    }
    received.wait()
    for source in sources { source.cancel() }
    // A second Ctrl-C during shutdown ends the process at once.
    signal(SIGINT, SIG_DFL)
}
