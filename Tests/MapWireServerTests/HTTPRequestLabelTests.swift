import Foundation
import SessionTransport
import Testing

@testable import MapWireServer

/// `mapwire_http_requests_total` counts each answer under labels from a
/// small fixed set: the method, the route's pattern (never the path a client
/// wrote) and the status, refusals and WebSocket openings included.
@Suite struct HTTPRequestLabelTests {
    let connection = HTTPConnection(environment: HTTPConnectionTests.environment(), peerIsLoopback: true)

    /// Feeds `text`, answers what is dispatched with `status`, and drains the output.
    func request(_ text: String, answering status: Int = 200) {
        var events = Array(text.utf8).withUnsafeBytes { connection.receive($0) }
        while let event = events.first {
            events.removeFirst()
            if case .dispatch(let exchange) = event {
                _ = exchange.complete()
                events += connection.answer(exchange, HTTPAnswer(status: status, contentType: nil, body: []))
            }
        }
        while connection.pendingOutput > 0 {
            events = connection.wrote(connection.nextOutput(max: 1 << 20).count)
        }
    }

    func counted(_ method: String, _ route: String, _ status: Int) -> Int {
        let key = HTTPRequestCounts.Key(labels: RequestLabels(method: method, route: route), status: status)
        return connection.environment.requests.snapshot[key] ?? 0
    }

    static func get(_ path: String, method: String = "GET") -> String {
        "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    }

    @Test func aRouteIsCountedUnderItsPattern() {
        request(Self.get("/api/annotations/x"))
        request(Self.get("/api/annotations/y"), answering: 404)
        request(Self.get("/healthz", method: "HEAD"))
        #expect(counted("GET", "/api/annotations/{id}", 200) == 1)
        #expect(counted("GET", "/api/annotations/{id}", 404) == 1)
        #expect(counted("HEAD", "/healthz", 200) == 1)
        let routes = Set(connection.environment.requests.snapshot.keys.map(\.labels.route))
        #expect(routes == ["/api/annotations/{id}", "/healthz"])
    }

    @Test func filesAndPathsNoRouteHasAreCountedAsSuch() {
        request(Self.get("/painter.js"))
        request(Self.get("/api/nothing-here"), answering: 404)
        #expect(counted("GET", "file", 200) == 1)
        #expect(counted("GET", "none", 404) == 1)
    }

    /// A refusal at the head counts under what was known: the method, and the
    /// path's routes' pattern when it has some.
    @Test func refusalsAreCountedWithWhatTheHeadSaid() {
        request(Self.get("/api/annotations/x", method: "POST"))
        #expect(counted("POST", "/api/annotations/{id}", 405) == 1)
        let brewing = HTTPRequestLabelTests()
        brewing.request(Self.get("/pot", method: "BREW"))
        #expect(brewing.counted("other", "none", 501) == 1)
        #expect(brewing.connection.environment.requests.snapshot.count == 1)
    }

    @Test func aHeadCutShortByItsDeadlineIsCountedAs408() {
        _ = Array("GET /healthz HTTP/1.1\r\nHo".utf8).withUnsafeBytes { connection.receive($0) }
        connection.timedOut(after: 10)
        #expect(counted("other", "none", 408) == 1)
    }

    @Test func aWebSocketOpeningIsCountedAs101UnderItsPath() {
        request(
            "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        #expect(connection.phase == .upgraded)
        #expect(counted("GET", "/ws", 101) == 1)
    }
}
