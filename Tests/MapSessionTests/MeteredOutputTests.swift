import Testing

@testable import LiveWorld
@testable import MapSession

/// Each input is timed to the next frame, into histograms with a bucket at each budget.
@Suite struct MeteredOutputTests {
    @Test func meteredOutputTimesAnInputToTheNextFrame() {
        let metrics = LiveMetrics()
        let recorder = RecordingOutput()
        let output = MeteredOutput(base: recorder, metrics: metrics)
        output.markEvent(at: AnnotationStore.now() - 0.003)
        output.send([0x01, 0, 0]) // a welcome is not a frame
        #expect(metrics.count("mapwire_event_to_frame_seconds") == 0)
        output.send([0x02, 1, 2, 3])
        output.send([0x02, 1, 2, 3]) // nothing pending: counted, not timed
        #expect(metrics.count("mapwire_event_to_frame_seconds") == 1)
        #expect(metrics.framesSent.load(ordering: .relaxed) == 2)
        #expect(metrics.frameBytesSent.load(ordering: .relaxed) == 8)
        let text = metrics.prometheusText()
        // Timed from the event, 3 ms before the frame or more: however busy the machine, never under 2 ms.
        #expect(text.contains("mapwire_event_to_frame_seconds_bucket{le=\"0.002\"} 0"))
        let sum = text.split(separator: "\n").first { $0.hasPrefix("mapwire_event_to_frame_seconds_sum") }
        let seconds = sum.flatMap { $0.split(separator: " ").last }.flatMap { Double($0) }
        #expect((seconds ?? 0) >= 0.003)
        #expect(recorder.sent.withLock { $0.count } == 3)
    }

    /// The histogram has a bucket at each latency budget, so a run can say it met one.
    @Test func theLatencyHistogramHasABucketAtEachBudget() {
        let metrics = LiveMetrics()
        metrics.latency.record(0.030)
        metrics.latency.record(0.009)
        let text = metrics.prometheusText()
        #expect(text.contains("mapwire_event_to_frame_seconds_bucket{le=\"0.008\"} 0"))
        #expect(text.contains("mapwire_event_to_frame_seconds_bucket{le=\"0.01\"} 1"))
        #expect(text.contains("mapwire_event_to_frame_seconds_bucket{le=\"0.024\"} 1"))
        #expect(text.contains("mapwire_event_to_frame_seconds_bucket{le=\"0.033\"} 2"))
    }

    /// A clock that stepped back between two readings counts as no wait, not as a negative one.
    @Test func aNegativeTimeCountsAsZero() {
        let metrics = LiveMetrics()
        metrics.clusterMerge.record(-0.5)
        #expect(metrics.sample("mapwire_cluster_merge_seconds_bucket{le=\"0.0005\"}") == 1)
        #expect(metrics.sample("mapwire_cluster_merge_seconds_sum") == 0)
    }

    /// Each histogram is documented and typed on `/metrics`.
    @Test func theHistogramsHaveHelpAndType() {
        let text = LiveMetrics().prometheusText()
        for name in [
            "mapwire_event_to_frame_seconds", "mapwire_cluster_epoch_wait_seconds",
            "mapwire_cluster_merge_seconds", "mapwire_cluster_epoch_to_frame_seconds",
        ] {
            #expect(text.contains("# HELP \(name) "), "\(name)")
            #expect(text.contains("# TYPE \(name) histogram\n"), "\(name)")
        }
    }
}
