import LiveWorld
import MapHTTPAPI
import SessionTransport
import Synchronization
import Wire

/// Wraps a session's output to count frames and bytes and to time each
/// input to the frame that first goes out after it: the server's share of
/// event-to-paint latency. Inputs are browser events (marked by the
/// connection handle) and live changes (which the session reports, as its
/// `FrameTimingObserver`, with the time the store received them).
final class MeteredOutput: SessionOutput, FrameTimingObserver {
    let base: SessionOutput
    let metrics: LiveMetrics
    /// The oldest browser input and the oldest live change not yet reflected
    /// in a frame, and the first cluster epoch's publication among those.
    private let pending = Mutex<(input: Double?, live: Double?, epoch: Double?)>((nil, nil, nil))

    init(base: SessionOutput, metrics: LiveMetrics) {
        self.base = base
        self.metrics = metrics
    }

    /// Notes a browser input received at `time` (store clock); keeps the oldest.
    func markEvent(at time: Double) {
        pending.withLock { $0.input = min($0.input ?? time, time) }
    }

    /// Notes a live change the session applied, received by the store at `time`.
    func liveChangesApplied(receivedAt time: Double) {
        pending.withLock { $0.live = min($0.live ?? time, time) }
    }

    /// Notes a cluster epoch published at `time` that the next frame shows.
    func clusterEpochApplied(publishedAt time: Double) {
        pending.withLock { $0.epoch = min($0.epoch ?? time, time) }
    }

    /// The session rendered and found nothing to send: the browser inputs so
    /// far (a press, a key the map ignores) and the live changes (a pin moved
    /// just off screen) changed nothing, and the next frame is not their
    /// answer. A move that shows glides in the frame it is applied to, as one
    /// anchor change, so no later frame is its answer either.
    func renderChangedNothing() {
        pending.withLock { $0 = (nil, nil, nil) }
    }

    func send(_ message: [UInt8]) {
        // The first byte is the server opcode; 0x02 is a frame (docs/protocol.md).
        if message.first == 0x02 {
            metrics.framesSent.add(1, ordering: .relaxed)
            metrics.frameBytesSent.add(message.count, ordering: .relaxed)
            let (since, epoch) = pending.withLock { p -> (Double?, Double?) in
                defer { p = (nil, nil, nil) }
                switch (p.input, p.live) {
                case let (a?, b?): return (min(a, b), p.epoch)
                case let (a, b): return (a ?? b, p.epoch)
                }
            }
            let now = AnnotationStore.now()
            if let since { metrics.latency.record(now - since) }
            if let epoch { metrics.clusterEpochToFrame.record(now - epoch) }
        }
        base.send(message)
    }

    func close(code: WebSocketCloseCode, reason: String) {
        base.close(code: code, reason: reason)
    }
}
