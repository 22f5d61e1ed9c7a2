import LiveWorld
import MapCore
import MapHTTPAPI
import SessionTransport

extension MapService {
    /// Sessions, annotations, live moves, frames, the latency histograms, the
    /// reuse counters summed over sessions and the store file's writes, in
    /// the Prometheus text format (the transport appends its own).
    static func metricsText(store: AnnotationStore, sessions all: [MapSession], snapshot: MetricsSnapshot) -> String {
        var reuse = ReuseQueue.Counts()
        for s in all {
            // As of each session's last frame (published by the session), so a busy session never stalls /metrics.
            guard let c = store.subscriber(of: s.id)?.reuseCounts.withLock({ $0 }) else { continue }
            reuse.created += c.created
            reuse.reused += c.reused
            reuse.live += c.live
            reuse.queued += c.queued
        }
        let live = store.metrics
        let journal = store.journal?.statistics
        let text = snapshot.text { page in
            page.gauge("mapwire_sessions", "Map sessions (browser tabs) open now.", Double(all.count))
            page.gauge("mapwire_annotations", "Annotations in the shared world.", Double(store.count))
            page.counter(
                "mapwire_moves_received_total", "Moves the shared world received (API and feeds).",
                live.movesReceived.load(ordering: .relaxed))
            page.counter(
                "mapwire_moves_applied_total", "Moves the shared world applied.",
                live.movesApplied.load(ordering: .relaxed))
            page.counter(
                "mapwire_frames_sent_total", "Frames the sessions sent to browsers.",
                live.framesSent.load(ordering: .relaxed))
            page.counter(
                "mapwire_frame_bytes_sent_total", "Bytes of the frames the sessions sent.",
                live.frameBytesSent.load(ordering: .relaxed))
            page.counter("mapwire_reuse_views_created_total", "Annotation views the sessions created.", reuse.created)
            page.counter(
                "mapwire_reuse_views_reused_total", "Annotation views taken again from a reuse queue.",
                reuse.reused)
            page.gauge("mapwire_reuse_views_live", "Annotation views on the sessions' maps now.", Double(reuse.live))
            page.gauge(
                "mapwire_reuse_views_queued", "Annotation views waiting in the sessions' reuse queues.",
                Double(reuse.queued))
            if let journal {
                page.counter(
                    "mapwire_store_commits_total", "Transactions the store file's writer committed.",
                    journal.commits)
                page.counter(
                    "mapwire_store_changes_written_total", "Changes written to the store file.",
                    journal.changes)
                page.counter(
                    "mapwire_store_write_failures_total",
                    "Store file transactions that failed (their writes were answered 503).", journal.failures)
            }
        }
        return text + live.prometheusText()
    }
}
