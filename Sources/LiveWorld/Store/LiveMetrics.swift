import Synchronization

/// Counters of the live world, safe from any thread, in the Prometheus text
/// format: moves in, frames and bytes out, how long an input (a browser
/// event or a move) waits until the frame that shows it goes to the
/// transport, and where a clustered move spends that time.
package final class LiveMetrics: Sendable {
    package let movesReceived = Atomic<Int>(0)
    package let movesApplied = Atomic<Int>(0)
    package let framesSent = Atomic<Int>(0)
    package let frameBytesSent = Atomic<Int>(0)
    package let latency = LatencyHistogram()
    /// The stages of a clustered move's way to the frames that show it: from
    /// the store receiving the oldest change of an epoch to its merge
    /// beginning, the merge itself, and from the epoch's publication to each
    /// frame that shows it going out (how long a map waits its turn to draw).
    package let clusterEpochWait = LatencyHistogram()
    package let clusterMerge = LatencyHistogram()
    package let clusterEpochToFrame = LatencyHistogram()

    package init() {}

    /// The counters and the histogram as Prometheus text.
    package func prometheusText() -> String {
        var out = ""
        let counters = [("mapwire_moves_received_total", movesReceived.load(ordering: .relaxed)),
                        ("mapwire_moves_applied_total", movesApplied.load(ordering: .relaxed)),
                        ("mapwire_frames_sent_total", framesSent.load(ordering: .relaxed)),
                        ("mapwire_frame_bytes_sent_total", frameBytesSent.load(ordering: .relaxed))]
        for (name, value) in counters {
            out += "# TYPE \(name) counter\n\(name) \(value)\n"
        }
        out += latency.prometheusText(name: "mapwire_event_to_frame_seconds")
        out += clusterEpochWait.prometheusText(name: "mapwire_cluster_epoch_wait_seconds")
        out += clusterMerge.prometheusText(name: "mapwire_cluster_merge_seconds")
        out += clusterEpochToFrame.prometheusText(name: "mapwire_cluster_epoch_to_frame_seconds")
        return out
    }
}

/// A fixed-bucket latency histogram (seconds); recording takes a short lock.
package final class LatencyHistogram: Sendable {
    /// Upper bounds of the buckets, in seconds. Powers of two, and a bound at
    /// each latency budget (10 ms a pan, 33 ms, two display frames, a move)
    /// so a load run tells whether it met them rather than "under 64 ms".
    package static let bounds: [Double] = [0.0005, 0.001, 0.002, 0.004, 0.008, 0.010, 0.016, 0.024, 0.033, 0.048,
                                           0.064, 0.128, 0.256, 1]

    private struct Counts {
        var buckets = [Int](repeating: 0, count: LatencyHistogram.bounds.count)
        var count = 0
        var sum = 0.0
    }
    private let counts = Mutex(Counts())

    package init() {}

    package func record(_ seconds: Double) {
        let s = max(seconds, 0)
        let i = Self.bounds.firstIndex { s <= $0 }
        counts.withLock { c in
            if let i { c.buckets[i] += 1 }
            c.count += 1
            c.sum += s
        }
    }

    package var total: Int { counts.withLock { $0.count } }

    /// Cumulative counts per bound, as Prometheus wants them.
    package var cumulative: [Int] {
        var running = 0
        return counts.withLock { $0.buckets }.map { running += $0; return running }
    }

    func prometheusText(name: String) -> String {
        let c = counts.withLock { $0 }
        var out = "# TYPE \(name) histogram\n"
        var running = 0
        for (bound, n) in zip(Self.bounds, c.buckets) {
            running += n
            out += "\(name)_bucket{le=\"\(bound)\"} \(running)\n"
        }
        out += "\(name)_bucket{le=\"+Inf\"} \(c.count)\n"
        out += "\(name)_sum \(c.sum)\n"
        out += "\(name)_count \(c.count)\n"
        return out
    }
}
