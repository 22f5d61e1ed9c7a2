import Prometheus
import Synchronization

/// Counters kept elsewhere, written on `/metrics` through swift-prometheus.
///
/// The hot paths (the service thread, sessions, the store) bump relaxed
/// atomics, which cost what they always did; only a read of `/metrics` copies
/// their values into a registry of its own, which writes the families with
/// their `# HELP` and `# TYPE` lines. Both sides of the seam (the app's
/// service and the transport) put their counters on the page this way.
package final class MetricsSnapshot: Sendable {
    private let registry = PrometheusCollectorRegistry()
    /// Two reads at once would copy into the same registry: one at a time.
    private let reading = Mutex(())

    package init() {}

    /// The Prometheus text of the families `fill` sets to their current values.
    package func text(_ fill: (Families) -> Void) -> String {
        reading.withLock { _ in
            fill(Families(registry: registry))
            return registry.emitToString()
        }
    }

    /// Sets families in the snapshot's registry; only inside `text`.
    package struct Families {
        let registry: PrometheusCollectorRegistry

        /// A counter (its name ends in `_total`) at `value`.
        package func counter(_ name: String, _ help: String, labels: [(String, String)] = [], _ value: Int) {
            let counter = registry.makeCounter(descriptor: Self.descriptor(name, help), labels: labels)
            counter.reset()
            counter.increment(by: Int64(max(value, 0)))
        }

        /// A counter of seconds (or another unit with fractions) at `value`.
        package func counter(_ name: String, _ help: String, labels: [(String, String)] = [], _ value: Double) {
            let counter = registry.makeCounter(descriptor: Self.descriptor(name, help), labels: labels)
            counter.reset()
            counter.increment(by: max(value, 0))
        }

        /// A gauge at `value`.
        package func gauge(_ name: String, _ help: String, labels: [(String, String)] = [], _ value: Double) {
            registry.makeGauge(descriptor: Self.descriptor(name, help), labels: labels).set(to: value)
        }

        private static func descriptor(_ name: String, _ help: String) -> MetricNameDescriptor {
            MetricNameDescriptor(metricName: name, unitName: "", helpText: help)
        }
    }
}
