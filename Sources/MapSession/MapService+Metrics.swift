import LiveWorld
import MapCore
import MapHTTPAPI
import SessionTransport

extension MapService {
    /// Sessions, live moves, frames, latency and the reuse counters summed
    /// over sessions, in the Prometheus text format (the transport appends its own).
    static func metricsText(store: AnnotationStore, sessions all: [MapSession]) -> String {
        var reuse = ReuseQueue.Counts()
        for s in all {
            // As of each session's last frame (published by the session), so a busy session never stalls /metrics.
            guard let c = store.subscriber(of: s.id)?.reuseCounts.withLock({ $0 }) else { continue }
            reuse.created += c.created
            reuse.reused += c.reused
            reuse.live += c.live
            reuse.queued += c.queued
        }
        var out = "# TYPE mapwire_sessions gauge\nmapwire_sessions \(all.count)\n"
        out += "# TYPE mapwire_annotations gauge\nmapwire_annotations \(store.count)\n"
        out += store.metrics.prometheusText()
        for (name, value, type) in [("mapwire_reuse_views_created_total", reuse.created, "counter"),
                                    ("mapwire_reuse_views_reused_total", reuse.reused, "counter"),
                                    ("mapwire_reuse_views_live", reuse.live, "gauge"),
                                    ("mapwire_reuse_views_queued", reuse.queued, "gauge")] {
            out += "# TYPE \(name) \(type)\n\(name) \(value)\n"
        }
        if let store = store.journal?.statistics {
            // What the store file's writer did: commits, changes written, failed transactions (answered 503).
            for (name, value) in [("mapwire_store_commits_total", store.commits),
                                  ("mapwire_store_changes_written_total", store.changes),
                                  ("mapwire_store_write_failures_total", store.failures)] {
                out += "# TYPE \(name) counter\n\(name) \(value)\n"
            }
        }
        return out
    }
}
