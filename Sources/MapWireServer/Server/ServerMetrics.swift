import Prometheus
import SessionTransport
import Synchronization

/// Transport counters, safe to read from any thread, written on `/metrics`
/// with the build's version and the process's own figures.
///
/// The service thread bumps relaxed atomics as it always did; a read of
/// `/metrics` copies them into swift-prometheus (`MetricsSnapshot`).
public final class ServerMetrics: Sendable {
    let connectionsOpen = Atomic<Int>(0)
    let connectionsTotal = Atomic<Int>(0)
    let messagesReceived = Atomic<Int>(0)
    let bytesReceived = Atomic<Int>(0)
    let messagesSent = Atomic<Int>(0)
    let bytesSent = Atomic<Int>(0)
    let slowClientCloses = Atomic<Int>(0)
    let protocolCloses = Atomic<Int>(0)
    /// Answers by method, route and status.
    let httpRequests = HTTPRequestCounts()
    /// Accepted sockets on which TCP_NODELAY was set and read back as on.
    let noDelaySockets = Atomic<Int>(0)
    /// Sockets answered 503 at accept (connection or per-peer limit).
    let connectionsRefused = Atomic<Int>(0)
    /// WebSockets closed with 1013 because the session limit was reached.
    let sessionsRefused = Atomic<Int>(0)
    /// Connections dropped for missing a deadline (request headers, first message).
    let timeoutCloses = Atomic<Int>(0)
    /// WebSockets closed with 1008 for sending faster than their input budget.
    let inputRateCloses = Atomic<Int>(0)
    /// Times a feed producer's socket stopped being read: too many batches unanswered.
    let feedPauses = Atomic<Int>(0)
    /// Times the allocator's free memory went back to the system after connections closed.
    let allocatorTrims = Atomic<Int>(0)
    /// What `mapwire_build_info` says.
    let version: String
    private let snapshot = MetricsSnapshot()

    /// Counters at zero; hand the same instance to `MapWireServer` and to a
    /// `MetricsAppendingHandler` so `/metrics` reports that server. `version`
    /// is the build's, as `mapwire_build_info{version}` shows it.
    public init(version: String = "unknown") {
        self.version = version
    }

    /// Why the server closed connections, as `mapwire_connection_closes_total`'s `reason`.
    var closes: [(reason: String, count: Int)] {
        [
            ("connection_limit", connectionsRefused.load(ordering: .relaxed)),
            ("session_limit", sessionsRefused.load(ordering: .relaxed)),
            ("timeout", timeoutCloses.load(ordering: .relaxed)),
            ("input_rate", inputRateCloses.load(ordering: .relaxed)),
            ("slow_client", slowClientCloses.load(ordering: .relaxed)),
            ("protocol", protocolCloses.load(ordering: .relaxed)),
        ]
    }

    /// A snapshot of the counters by sample name, labels included
    /// (`mapwire_connection_closes_total{reason="timeout"}`), as `/metrics` writes them.
    package var values: [String: Int] {
        var values = [
            "mapwire_ws_connections_open": connectionsOpen.load(ordering: .relaxed),
            "mapwire_ws_connections_total": connectionsTotal.load(ordering: .relaxed),
            "mapwire_ws_messages_received_total": messagesReceived.load(ordering: .relaxed),
            "mapwire_ws_bytes_received_total": bytesReceived.load(ordering: .relaxed),
            "mapwire_ws_messages_sent_total": messagesSent.load(ordering: .relaxed),
            "mapwire_ws_bytes_sent_total": bytesSent.load(ordering: .relaxed),
            "mapwire_tcp_nodelay_sockets_total": noDelaySockets.load(ordering: .relaxed),
            "mapwire_feed_read_pauses_total": feedPauses.load(ordering: .relaxed),
            "mapwire_allocator_trims_total": allocatorTrims.load(ordering: .relaxed),
        ]
        for (reason, count) in closes { values["mapwire_connection_closes_total{reason=\"\(reason)\"}"] = count }
        for (key, count) in httpRequests.snapshot {
            let labels = "method=\"\(key.labels.method)\",route=\"\(key.labels.route)\",status=\"\(key.status)\""
            values["mapwire_http_requests_total{\(labels)}"] = count
        }
        return values
    }

    /// The counters, the build and the process in the Prometheus text exposition format.
    public func prometheusText() -> String {
        let process = ProcessMetrics.read()
        return snapshot.text { page in
            page.gauge(
                "mapwire_build_info", "The MapWire version serving, as a label; the value is always 1.",
                labels: [("version", version)], 1)
            page.gauge(
                "mapwire_ws_connections_open", "WebSocket connections open now (map sessions and feeds).",
                Double(connectionsOpen.load(ordering: .relaxed)))
            page.counter(
                "mapwire_ws_connections_total", "WebSocket connections opened.",
                connectionsTotal.load(ordering: .relaxed))
            page.counter(
                "mapwire_ws_messages_received_total", "WebSocket messages received.",
                messagesReceived.load(ordering: .relaxed))
            page.counter(
                "mapwire_ws_bytes_received_total", "Bytes of the WebSocket messages received.",
                bytesReceived.load(ordering: .relaxed))
            page.counter(
                "mapwire_ws_messages_sent_total", "WebSocket messages sent.",
                messagesSent.load(ordering: .relaxed))
            page.counter(
                "mapwire_ws_bytes_sent_total", "Bytes of the WebSocket messages sent.",
                bytesSent.load(ordering: .relaxed))
            page.counter(
                "mapwire_tcp_nodelay_sockets_total", "Accepted sockets with TCP_NODELAY set.",
                noDelaySockets.load(ordering: .relaxed))
            page.counter(
                "mapwire_feed_read_pauses_total",
                "Times a feed's socket stopped being read because too many of its batches were unanswered.",
                feedPauses.load(ordering: .relaxed))
            page.counter(
                "mapwire_allocator_trims_total",
                "Times the allocator's free memory was given back to the system after connections closed.",
                allocatorTrims.load(ordering: .relaxed))
            for (reason, count) in closes {
                page.counter("mapwire_connection_closes_total", Self.closesHelp, labels: [("reason", reason)], count)
            }
            for (key, count) in httpRequests.snapshot {
                page.counter(
                    "mapwire_http_requests_total", Self.requestsHelp,
                    labels: [
                        ("method", key.labels.method), ("route", key.labels.route),
                        ("status", String(key.status)),
                    ], count)
            }
            Self.write(process, to: page)
            Self.writeHeap(HeapAllocator.current, to: page)
        }
    }

    static let closesHelp =
        "Connections the server closed, by reason: connection_limit (503 at accept), "
        + "session_limit (1013), timeout (a deadline missed), input_rate and slow_client (1008), "
        + "protocol (1002, 1003, 1009)."
    static let requestsHelp =
        "HTTP requests answered, by method, route pattern (file for the public folder, "
        + "the WebSocket path for an opening, none when nothing matched) and status."

    /// The allocator's own counts tell live blocks from the pages they keep
    /// resident: resident memory well above the allocated bytes is
    /// fragmentation, not a leak.
    static func writeHeap(_ allocator: HeapAllocator, to page: MetricsSnapshot.Families) {
        var labels = [("allocator", allocator.name)]
        if case .jemalloc(let jemalloc) = allocator, let caches = jemalloc.threadCaches {
            labels.append(("thread_caches", caches ? "on" : "off"))
        }
        page.gauge("mapwire_heap_allocator_info", "The C allocator the server runs on.", labels: labels, 1)
        guard case .jemalloc(let jemalloc) = allocator, let counts = jemalloc.statistics() else { return }
        page.gauge(
            "mapwire_heap_allocated_bytes", "Bytes in the blocks the server holds (jemalloc).",
            Double(counts.allocated))
        page.gauge(
            "mapwire_heap_active_bytes", "Bytes in the pages those blocks sit on (jemalloc).", Double(counts.active))
        page.gauge(
            "mapwire_heap_resident_bytes", "The allocator's resident bytes, its bookkeeping included (jemalloc).",
            Double(counts.resident))
    }

    private static func write(_ process: ProcessMetrics, to page: MetricsSnapshot.Families) {
        page.counter("process_cpu_seconds_total", "User and system CPU time spent, in seconds.", process.cpuSeconds)
        if let start = process.startTime {
            page.gauge(
                "process_start_time_seconds", "When the process started, in seconds since the Unix epoch.",
                start)
        }
        if let bytes = process.residentBytes {
            page.gauge("process_resident_memory_bytes", "Resident memory size in bytes.", Double(bytes))
        }
        if let bytes = process.virtualBytes {
            page.gauge("process_virtual_memory_bytes", "Virtual memory size in bytes.", Double(bytes))
        }
        if let count = process.openDescriptors {
            page.gauge("process_open_fds", "Open file descriptors.", Double(count))
        }
        if let count = process.maxDescriptors {
            page.gauge("process_max_fds", "The limit on open file descriptors.", Double(count))
        }
    }
}

/// Wraps the app's handler so `/metrics` also reports the transport counters.
public final class MetricsAppendingHandler: HTTPHandler {
    let base: HTTPHandler
    let metrics: ServerMetrics
    let registries: [PrometheusCollectorRegistry]

    /// Answers every request with `base`, adding `metrics` to its `GET /metrics`
    /// text, then what each of `registries` holds (such as the one an app's
    /// swift-metrics counters go to).
    public init(base: HTTPHandler, metrics: ServerMetrics, registries: [PrometheusCollectorRegistry] = []) {
        self.base = base
        self.metrics = metrics
        self.registries = registries
    }

    /// `base`'s routes, with a `GET /metrics` in front of its own (if any)
    /// that answers its text followed by the transport counters and the registries.
    public var routes: RouteTable {
        let (base, metrics, registries) = (base.routes, metrics, registries)
        let route = Route("GET", "/metrics", answers: ["text/plain"]) { request in
            var text = ""
            if case .found(let match) = base.resolve(method: "GET", path: "/metrics") {
                let answer = match.respond(to: request)
                if answer.status == 200 { text = String(decoding: answer.body, as: UTF8.self) }
                if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
            }
            text += metrics.prometheusText()
            for registry in registries { text += registry.emitToString() }
            return RouteResponse(
                status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8",
                body: Array(text.utf8))
        }
        return RouteTable([route]).adding(base)
    }
}
