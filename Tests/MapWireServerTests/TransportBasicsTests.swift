import Foundation
import Prometheus
import SessionTransport
import Testing

@testable import MapWireServer

/// Request bodies, file types, bind addresses and the transport's `/metrics`.
@Suite struct TransportBasicsTests {
    final class Handler: HTTPHandler {
        var routes: RouteTable {
            RouteTable([
                Route("GET", "/healthz") { _ in .json(200, "{}") },
                Route("GET", "/metrics", answers: ["text/plain"]) { _ in
                    RouteResponse(status: 200, contentType: "text/plain", body: Array("app_up 1".utf8))
                },
            ])
        }
    }

    @Test func bodiesAreBounded() {
        var body = RequestBody(limit: 4)
        let first = body.append([1, 2])
        let second = body.append([3, 4])
        let third = body.append([5])
        #expect(first && second && !third)
        #expect(body.overflowed)
        #expect(body.bytes.isEmpty)
        let fourth = body.append([6])
        #expect(!fourth)
    }

    @Test func mimeTypesCoverWhatThePageLoads() {
        #expect(MimeTypes.type(forPath: "/painter.js") == "text/javascript; charset=utf-8")
        #expect(MimeTypes.type(forPath: "/fonts/Inter-Regular.otf") == "font/otf")
        #expect(MimeTypes.type(forPath: "/a.WOFF2") == "font/woff2")
        #expect(MimeTypes.type(forPath: "/x.svg") == "image/svg+xml")
        #expect(MimeTypes.type(forPath: "/golden.bin") == "application/octet-stream")
        #expect(MimeTypes.type(forPath: "/people.json") == "application/json")
        #expect(MimeTypes.type(forPath: "/style.css") == "text/css; charset=utf-8")
        #expect(MimeTypes.type(forPath: "/README") == nil)
    }

    @Test func bindInterfaces() {
        let dir = URL(fileURLWithPath: "/tmp")
        #expect(ServerConfiguration(host: "127.0.0.1", publicDirectory: dir).bindInterface == ("127.0.0.1", true))
        #expect(ServerConfiguration(host: "0.0.0.0", publicDirectory: dir).bindInterface == (nil, true))
        #expect(ServerConfiguration(host: "::", publicDirectory: dir).bindInterface == (nil, false))
        #expect(ServerConfiguration(host: "localhost", publicDirectory: dir).bindInterface == ("127.0.0.1", true))
    }

    @Test func metricsAreAppendedToTheAppsOwn() throws {
        let metrics = ServerMetrics()
        metrics.connectionsOpen.add(2, ordering: .relaxed)
        let handler = MetricsAppendingHandler(base: Handler(), metrics: metrics)
        let response = try #require(handler.routes.respond(to: RouteRequest(method: "GET", path: "/metrics")))
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.hasPrefix("app_up 1\n"))
        #expect(text.contains("mapwire_ws_connections_open 2.0\n"))
        #expect(handler.routes.respond(to: RouteRequest(method: "GET", path: "/healthz")) == .json(200, "{}"))
    }

    /// An app with no metrics of its own still has the transport's.
    @Test func metricsAnswerWithoutTheAppsOwn() throws {
        final class Bare: HTTPHandler {
            var routes: RouteTable { RouteTable([]) }
        }
        let handler = MetricsAppendingHandler(base: Bare(), metrics: ServerMetrics())
        let response = try #require(handler.routes.respond(to: RouteRequest(method: "GET", path: "/metrics")))
        #expect(response.status == 200 && String(decoding: response.body, as: UTF8.self).hasPrefix("# HELP"))
    }

    /// Every family the transport writes has `# HELP` and `# TYPE` before its samples.
    @Test func everyTransportFamilyIsDocumentedAndTyped() {
        let text = ServerMetrics(version: "1.2.3").prometheusText()
        var documented: Set<Substring> = [], typed: Set<Substring> = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            if line.hasPrefix("# HELP ") {
                documented.insert(words[2])
                continue
            }
            if line.hasPrefix("# TYPE ") {
                typed.insert(words[2])
                continue
            }
            let family = words[0].prefix { $0 != "{" }
            #expect(documented.contains(family) && typed.contains(family), "\(family)")
        }
        #expect(typed.count >= 15)
        #expect(text.contains("mapwire_build_info{version=\"1.2.3\"} 1.0\n"))
        for reason in ["connection_limit", "session_limit", "timeout", "input_rate", "slow_client", "protocol"] {
            #expect(text.contains("mapwire_connection_closes_total{reason=\"\(reason)\"} 0\n"), "\(reason)")
        }
    }

    /// A counter bumped between two reads shows its new value: each read copies, none adds up.
    @Test func eachReadCopiesTheCountersAgain() {
        let metrics = ServerMetrics()
        metrics.timeoutCloses.add(2, ordering: .relaxed)
        #expect(metrics.prometheusText().contains("mapwire_connection_closes_total{reason=\"timeout\"} 2\n"))
        metrics.timeoutCloses.add(1, ordering: .relaxed)
        #expect(metrics.prometheusText().contains("mapwire_connection_closes_total{reason=\"timeout\"} 3\n"))
    }

    /// A registry handed to the handler (an app's swift-metrics) follows the transport's families.
    @Test func registriesAreAppended() throws {
        let registry = PrometheusCollectorRegistry()
        registry.makeCounter(
            descriptor: MetricNameDescriptor(
                metricName: "app_orders", unitName: "total",
                helpText: "Orders taken.")
        ).increment(by: Int64(3))
        let handler = MetricsAppendingHandler(base: Handler(), metrics: ServerMetrics(), registries: [registry])
        let response = try #require(handler.routes.respond(to: RouteRequest(method: "GET", path: "/metrics")))
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.hasPrefix("app_up 1\n"))
        #expect(
            text.hasSuffix(
                "# HELP app_orders_total Orders taken.\n# TYPE app_orders_total counter\n"
                    + "app_orders_total 3\n"))
    }
}
