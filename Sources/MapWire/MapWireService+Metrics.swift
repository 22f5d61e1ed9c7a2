import Metrics
import Prometheus
import Synchronization

extension MapWireService {
    /// Where an app's own metrics go: what it counts through swift-metrics
    /// (`Counter(label:)`, `Gauge`, `Recorder`, `Timer`) shows on the
    /// service's `/metrics` after MapWire's own families.
    ///
    /// The first `MapWireService` made bootstraps swift-metrics with this
    /// registry's factory, unless the app bootstrapped it before; an app that
    /// bootstraps itself (swift-metrics allows it once a process) uses
    /// `PrometheusMetricsFactory(registry: MapWireService.metricsRegistry)`
    /// as its factory, or as one of those it multiplexes to, first thing in
    /// `main`. Names starting `mapwire_` or `process_` are MapWire's.
    public static let metricsRegistry = PrometheusCollectorRegistry()

    private static let bootstrapped = Mutex(false)

    /// Points swift-metrics at `metricsRegistry` once a process, leaving a
    /// factory the app bootstrapped itself in place.
    static func bootstrapMetricsOnce() {
        bootstrapped.withLock { done in
            guard !done else { return }
            done = true
            guard MetricsSystem.factory is NOOPMetricsHandler else { return }
            MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: metricsRegistry))
        }
    }
}
