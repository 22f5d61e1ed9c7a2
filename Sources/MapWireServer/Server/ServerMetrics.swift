import SessionTransport
import Synchronization

/// Transport counters, safe to read from any thread, rendered in the
/// Prometheus text format for `/metrics`.
public final class ServerMetrics: Sendable {
    let connectionsOpen = Atomic<Int>(0)
    let connectionsTotal = Atomic<Int>(0)
    let messagesReceived = Atomic<Int>(0)
    let bytesReceived = Atomic<Int>(0)
    let messagesSent = Atomic<Int>(0)
    let bytesSent = Atomic<Int>(0)
    let slowClientCloses = Atomic<Int>(0)
    let protocolCloses = Atomic<Int>(0)
    let httpRequests = Atomic<Int>(0)
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

    /// Counters at zero; hand the same instance to `MapWireServer` and to a
    /// `MetricsAppendingHandler` so `/metrics` reports that server.
    public init() {}

    /// A snapshot of the counters by metric name.
    package var values: [String: Int] {
        [
            "mapwire_ws_connections_open": connectionsOpen.load(ordering: .relaxed),
            "mapwire_ws_connections_total": connectionsTotal.load(ordering: .relaxed),
            "mapwire_ws_messages_received_total": messagesReceived.load(ordering: .relaxed),
            "mapwire_ws_bytes_received_total": bytesReceived.load(ordering: .relaxed),
            "mapwire_ws_messages_sent_total": messagesSent.load(ordering: .relaxed),
            "mapwire_ws_bytes_sent_total": bytesSent.load(ordering: .relaxed),
            "mapwire_ws_slow_client_closes_total": slowClientCloses.load(ordering: .relaxed),
            "mapwire_ws_protocol_closes_total": protocolCloses.load(ordering: .relaxed),
            "mapwire_http_requests_total": httpRequests.load(ordering: .relaxed),
            "mapwire_tcp_nodelay_sockets_total": noDelaySockets.load(ordering: .relaxed),
            "mapwire_connections_refused_total": connectionsRefused.load(ordering: .relaxed),
            "mapwire_ws_sessions_refused_total": sessionsRefused.load(ordering: .relaxed),
            "mapwire_timeout_closes_total": timeoutCloses.load(ordering: .relaxed),
            "mapwire_ws_input_rate_closes_total": inputRateCloses.load(ordering: .relaxed),
            "mapwire_feed_read_pauses_total": feedPauses.load(ordering: .relaxed),
        ]
    }

    /// The counters in the Prometheus text exposition format.
    public func prometheusText() -> String {
        var out = ""
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            let type = name.hasSuffix("_open") ? "gauge" : "counter"
            out += "# TYPE \(name) \(type)\n\(name) \(value)\n"
        }
        return out
    }
}

/// Wraps the app's handler so `/metrics` also reports the transport counters.
public final class MetricsAppendingHandler: HTTPHandler {
    let base: HTTPHandler
    let metrics: ServerMetrics

    /// Answers every request with `base`, adding `metrics` to its `GET /metrics` text.
    public init(base: HTTPHandler, metrics: ServerMetrics) {
        self.base = base
        self.metrics = metrics
    }

    /// `base`'s routes, with a `GET /metrics` in front of its own (if any)
    /// that answers its text followed by the transport counters.
    public var routes: RouteTable {
        let (base, metrics) = (base.routes, metrics)
        let route = Route("GET", "/metrics", answers: ["text/plain"]) { request in
            var text = ""
            if case .found(let match) = base.resolve(method: "GET", path: "/metrics") {
                let answer = match.respond(to: request)
                if answer.status == 200 { text = String(decoding: answer.body, as: UTF8.self) }
                if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
            }
            text += metrics.prometheusText()
            return RouteResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8",
                                 body: Array(text.utf8))
        }
        return RouteTable([route]).adding(base)
    }
}
