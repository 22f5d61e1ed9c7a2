import Synchronization

/// Wraps a session's output to count frames and bytes and to time each
/// input to the frame that first goes out after it: the server's share of
/// event-to-paint latency. Inputs are browser events (marked by the
/// connection handle) and live changes (marked by the session when it
/// applies them, with the time the store received them).
final class MeteredOutput: SessionOutput {
    let base: SessionOutput
    let metrics: LiveMetrics
    /// The oldest input not yet reflected in a frame.
    private let pendingSince = Mutex<Double?>(nil)

    init(base: SessionOutput, metrics: LiveMetrics) {
        self.base = base
        self.metrics = metrics
    }

    /// Notes an input received at `time` (store clock); keeps the oldest.
    func markEvent(at time: Double) {
        pendingSince.withLock { $0 = min($0 ?? time, time) }
    }

    func send(_ message: [UInt8]) {
        // The first byte is the server opcode; 0x02 is a frame (docs/protocol.md).
        if message.first == 0x02 {
            metrics.framesSent.add(1, ordering: .relaxed)
            metrics.frameBytesSent.add(message.count, ordering: .relaxed)
            if let since = pendingSince.withLock({ p -> Double? in defer { p = nil }; return p }) {
                metrics.latency.record(AnnotationStore.now() - since)
            }
        }
        base.send(message)
    }

    func close(code: UInt16, reason: String) {
        base.close(code: code, reason: reason)
    }
}
