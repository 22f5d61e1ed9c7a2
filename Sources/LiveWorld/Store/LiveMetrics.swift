import Prometheus
import Synchronization

/// Counters of the live world, safe from any thread: moves in, frames and
/// bytes out, how long an input (a browser event or a move) waits until the
/// frame that shows it goes to the transport, and where a clustered move
/// spends that time.
///
/// The counters are relaxed atomics, which the service copies onto
/// `/metrics` when it is read. The histograms are swift-prometheus's, kept
/// in `registry`: recording one takes a short lock, as it did when they were
/// our own, and they have no value to copy, only buckets.
package final class LiveMetrics: Sendable {
    package let movesReceived = Atomic<Int>(0)
    package let movesApplied = Atomic<Int>(0)
    package let framesSent = Atomic<Int>(0)
    package let frameBytesSent = Atomic<Int>(0)
    /// Where the histograms live; `prometheusText()` writes it.
    package let registry: PrometheusCollectorRegistry
    package let latency: LatencyHistogram
    /// The stages of a clustered move's way to the frames that show it: from
    /// the store receiving the oldest change of an epoch to its merge
    /// beginning, the merge itself, and from the epoch's publication to each
    /// frame that shows it going out (how long a map waits its turn to draw).
    package let clusterEpochWait: LatencyHistogram
    package let clusterMerge: LatencyHistogram
    package let clusterEpochToFrame: LatencyHistogram

    package init() {
        let registry = PrometheusCollectorRegistry()
        self.registry = registry
        func histogram(_ name: String, _ help: String) -> LatencyHistogram {
            LatencyHistogram(
                registry.makeValueHistogram(
                    descriptor: MetricNameDescriptor(metricName: name, unitName: "", helpText: help),
                    buckets: LatencyHistogram.bounds))
        }
        latency = histogram(
            "mapwire_event_to_frame_seconds",
            "From a browser input or a move to the first frame that shows it going to the transport.")
        clusterEpochWait = histogram(
            "mapwire_cluster_epoch_wait_seconds",
            "From the oldest move of a cluster epoch reaching the store to its merge.")
        clusterMerge = histogram("mapwire_cluster_merge_seconds", "The merge of a cluster epoch.")
        clusterEpochToFrame = histogram(
            "mapwire_cluster_epoch_to_frame_seconds",
            "From a cluster epoch's publication to each frame that shows it going out.")
    }

    /// The histograms as Prometheus text (the counters are the service's to write).
    package func prometheusText() -> String {
        registry.emitToString()
    }
}

/// A latency histogram in seconds, with fixed buckets.
package struct LatencyHistogram: Sendable {
    /// Upper bounds of the buckets, in seconds. Powers of two, and a bound at
    /// each latency budget (10 ms a pan, 33 ms, two display frames, a move)
    /// so a load run tells whether it met them rather than "under 64 ms".
    package static let bounds: [Double] = [
        0.0005, 0.001, 0.002, 0.004, 0.008, 0.010, 0.016, 0.024, 0.033, 0.048,
        0.064, 0.128, 0.256, 1,
    ]

    let histogram: ValueHistogram

    init(_ histogram: ValueHistogram) {
        self.histogram = histogram
    }

    /// Counts `seconds` (a clock that stepped back counts as zero).
    package func record(_ seconds: Double) {
        histogram.record(max(seconds, 0))
    }
}
