import Foundation
import SessionTransport
import Testing

@testable import MapWireServer

/// The front connection's state machine, fed bytes as a socket would:
/// requests one at a time, answers whole and in order, the gate before any
/// body, and WebSocket openings handed over rewritten.
@Suite struct HTTPConnectionTests {
    final class IDs {
        var next = 0
        func make() -> Int {
            next += 1
            return next
        }
    }

    static func environment(token: String? = nil, maxBody: Int = 1000) -> FrontEnvironment {
        let configuration = ServerConfiguration(
            publicDirectory: URL(fileURLWithPath: "/tmp"),
            limits: .init(maxRequestBodyBytes: maxBody), apiToken: token)
        let ids = IDs()
        return FrontEnvironment(
            gate: RequestGate(configuration: configuration), common: CommonFields(allowedOrigins: []),
            webSocketPath: "/ws", feedPath: "/feed", servesFeed: true,
            routes: routes, makeID: ids.make)
    }

    static let routes: RouteTable = {
        let ok: @Sendable (RouteRequest) -> RouteResponse = { _ in .json(200, "{}") }
        return RouteTable(
            [
                Route("GET", "/healthz", handler: ok),
                Route("POST", "/api/moves", body: TestRoutes.jsonBody, writes: true, handler: ok),
                Route("GET", "/api/annotations/{id}", handler: ok),
                Route("PATCH", "/api/annotations/{id}", body: TestRoutes.jsonBody, writes: true, handler: ok),
                Route(
                    "DELETE", "/api/annotations/{id}", body: TestRoutes.jsonBody, bodyIsOptional: true, writes: true,
                    handler: ok),
            ], prefixes: ["/api/"])
    }()

    let connection: HTTPConnection

    init() {
        connection = HTTPConnection(environment: Self.environment(), peerIsLoopback: true)
    }

    func feed(_ text: String, to connection: HTTPConnection? = nil) -> [HTTPConnection.Event] {
        Array(text.utf8).withUnsafeBytes { (connection ?? self.connection).receive($0) }
    }

    /// Everything queued for the socket, as written.
    func drain(_ connection: HTTPConnection? = nil) -> String {
        let connection = connection ?? self.connection
        var out: [UInt8] = []
        while connection.pendingOutput > 0 {
            let chunk = connection.nextOutput(max: 7)
            out += chunk
            _ = connection.wrote(chunk.count)
        }
        return String(decoding: out, as: UTF8.self)
    }

    func exchanges(_ events: [HTTPConnection.Event]) -> [HTTPExchange] {
        events.compactMap { if case .dispatch(let exchange) = $0 { exchange } else { nil } }
    }

    static let get = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    @Test func pipelinedRequestsAreAnsweredWholeAndInOrder() throws {
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: 3 << 20)
        let first = try #require(
            exchanges(feed(Self.get + Self.get.replacingOccurrences(of: "/healthz", with: "/x")))
                .first)
        #expect(connection.phase == .answer, "the second waits for the first's answer")
        #expect(
            exchanges(
                connection.answer(
                    first,
                    HTTPAnswer(
                        status: 200, contentType: "text/plain",
                        body: big))
            ).isEmpty,
            "a megabyte or more waits to go out before the next request is read")
        var out = ""
        var next: [HTTPConnection.Event] = []
        while connection.pendingOutput > 0 {
            let chunk = connection.nextOutput(max: 64 * 1024)
            out += String(decoding: chunk, as: UTF8.self)
            next += connection.wrote(chunk.count)
        }
        let second = try #require(exchanges(next).first)
        #expect(second.request.path == "/x")
        _ = connection.answer(second, HTTPAnswer(status: 200, contentType: "text/plain", body: Array("end".utf8)))
        out += drain()
        let parts = out.components(separatedBy: "\r\n\r\n")
        #expect(parts.count == 3 && parts[0].contains("Content-Length: \(big.count)\r\n"))
        let bigBody = String(repeating: "x", count: big.count)
        #expect(parts[1].hasPrefix(bigBody) && parts[1].dropFirst(big.count).hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(parts[2] == "end")
        #expect(connection.phase == .head)
    }

    @Test func aBodyIsReadByItsLengthAndTheNextRequestAfterIt() throws {
        let post =
            "POST /api/moves HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: 5\r\n\r\n[1,2]"
        var events = feed(String(post.dropLast(3)))
        #expect(events.isEmpty && connection.phase == .body)
        events = feed(String(post.suffix(3)) + Self.get)
        let exchange = try #require(exchanges(events).first)
        #expect(exchange.complete() == 5 && exchange.request.body == Array("[1,2]".utf8))
        let next = try #require(
            exchanges(
                connection.answer(
                    exchange,
                    HTTPAnswer(
                        status: 400, contentType: nil,
                        body: []))
            ).first)
        #expect(next.request.path == "/healthz", "the byte after the body starts nothing")
    }

    @Test func headGetsTheHeadOfTheGetWithItsLength() throws {
        let exchange = try #require(exchanges(feed("HEAD /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")).first)
        #expect(exchange.request.method == "GET" && exchange.omitsBody)
        _ = connection.answer(
            exchange, HTTPAnswer(status: 200, contentType: "application/json", body: Array("{}".utf8)))
        let out = drain()
        #expect(out.contains("Content-Length: 2\r\n") && out.hasSuffix("\r\n\r\n"))
    }

    /// Access is decided before the body type: a stranger learns nothing
    /// about what the route would parse. The body is never read.
    @Test func accessComesBeforeTheBodyType() {
        let plain = "POST /api/moves HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n"
        let locked = HTTPConnection(environment: Self.environment(token: "t"), peerIsLoopback: true)
        #expect(exchanges(feed(plain + "\r\n{}", to: locked)).isEmpty)
        #expect(drain(locked).hasPrefix("HTTP/1.1 401"))
        let allowed = HTTPConnection(environment: Self.environment(token: "t"), peerIsLoopback: true)
        _ = feed(plain + "Authorization: Bearer t\r\n\r\n{}", to: allowed)
        let typed = drain(allowed)
        #expect(typed.hasPrefix("HTTP/1.1 415") && typed.contains("POST /api/moves reads application/json"))
        #expect(allowed.phase == .closing)
        let stranger = HTTPConnection(environment: Self.environment(), peerIsLoopback: false)
        _ = feed(plain + "\r\n{}", to: stranger)
        #expect(drain(stranger).hasPrefix("HTTP/1.1 403"))
    }

    /// An `Accept` that takes nothing the route answers is refused from the head.
    @Test func anAcceptTheRouteCannotMeetIs406() {
        _ = feed("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\n\r\n")
        let out = drain()
        #expect(out.hasPrefix("HTTP/1.1 406") && out.contains("application/json"))
    }

    @Test func theMethodIsCheckedBeforeTheMediaType() {
        _ = feed("PUT /api/annotations/a HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let out = drain()
        #expect(out.hasPrefix("HTTP/1.1 405") && out.contains("Allow: GET, HEAD, PATCH, DELETE, OPTIONS\r\n"))
        #expect(out.contains("Content-Security-Policy: ") && out.contains("\"status\":405"))
        #expect(connection.phase == .closing)
    }

    @Test func optionsListsTheMethods() throws {
        let exchange = try #require(exchanges(feed("OPTIONS /api/moves HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")).first)
        #expect(exchange.responder.isOptions && exchange.allowedMethods == ["POST", "OPTIONS"])
    }

    /// Where no route is, OPTIONS is answered the 404 of a path with no route rather than a list of methods.
    @Test func optionsWhereNoRouteIsIsTheRoutes404() throws {
        let exchange = try #require(exchanges(feed("OPTIONS /api/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")).first)
        #expect(exchange.responder.isNoRoute && exchange.allowedMethods == nil)
        let any = HTTPConnection(environment: Self.environment(), peerIsLoopback: true)
        let star = try #require(exchanges(feed("OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", to: any)).first)
        #expect(star.responder.isOptions && star.allowedMethods?.contains("CONNECT") == false)
    }

    @Test(arguments: [
        ("QUERY /api/moves HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 405),
        ("TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 405),
        ("FOO / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 501),
        ("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com\r\n\r\n", 405),
        ("GET /healthz?x=%00 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 400),
        ("GET /api/annotations/%zz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHos: x\r\nHost: evil.example\r\n\r\n", 421),
        ("GET / HTTP/1.1\r\n\r\n", 400),
    ])
    func refusalsAreJSONWithTheSecurityHeadersAndClose(request: String, status: Int) {
        let connection = HTTPConnection(environment: Self.environment(), peerIsLoopback: true)
        #expect(feed(request, to: connection).isEmpty)
        let out = drain(connection)
        #expect(out.hasPrefix("HTTP/1.1 \(status) "), "\(out.prefix(80))")
        #expect(out.contains("Content-Type: application/json\r\n") && out.contains("\"status\":\(status)"))
        #expect(out.contains("X-Content-Type-Options: nosniff") && out.contains("Connection: close"))
        #expect(connection.closesAfterOutput)
    }

    @Test func continueIsSentOnlyWhenTheHeadIsAccepted() throws {
        let head =
            "POST /api/moves HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Expect: 100-continue\r\n"
        #expect(feed(head + "Content-Length: 2\r\n\r\n").isEmpty)
        #expect(drain() == "HTTP/1.1 100 Continue\r\n\r\n")
        #expect(exchanges(feed("[]")).count == 1)
        let refused = HTTPConnection(environment: Self.environment(), peerIsLoopback: true)
        _ = feed(head + "Content-Length: 5000\r\n\r\n", to: refused)
        #expect(drain(refused).hasPrefix("HTTP/1.1 413"), "the final answer, no 100 first")
        let odd = HTTPConnection(environment: Self.environment(), peerIsLoopback: true)
        _ = feed(head.replacingOccurrences(of: "100-continue", with: "lunch") + "Content-Length: 2\r\n\r\n", to: odd)
        #expect(drain(odd).hasPrefix("HTTP/1.1 417"))
    }

    @Test func aHiddenForwardingFieldCannotMakeAWriteLocal() {
        _ = feed(
            "POST /api/moves HTTP/1.1\r\nContent-Type: application/json\r\nHost: 127.0.0.1\r\n"
                + "X-Forwarded: x\r\nX-Forwarded-For: 203.0.113.9\r\nContent-Length: 2\r\n\r\n[]")
        #expect(drain().hasPrefix("HTTP/1.1 403"))
    }

    @Test func aWebSocketOpeningIsHandedOverRewritten() throws {
        let events = feed(
            "GET /ws HTTP/1.1\r\nHos: x\r\nHost: 127.0.0.1:8080\r\nUpgrade: websocket\r\n"
                + "Connection: keep-alive, Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: mapwire.v1\r\nX-Custom: y\r\n\r\n")
        guard case .upgrade(let handoff) = try #require(events.first) else {
            Issue.record("no hand-off: \(events)")
            return
        }
        let text = String(decoding: handoff.bytes, as: UTF8.self)
        #expect(
            text == "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
                + "Sec-WebSocket-Protocol: mapwire.v1\r\n\r\n")
        #expect(!handoff.isFeed && connection.phase == .upgraded)
    }

    @Test func badWebSocketOpeningsAreRefused() {
        let base = "Host: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        let cases = [
            (
                "GET /elsewhere HTTP/1.1\r\n" + base + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    + "Sec-WebSocket-Version: 13\r\n\r\n", 404
            ),
            ("GET /ws HTTP/1.1\r\n" + base + "Sec-WebSocket-Key: short\r\nSec-WebSocket-Version: 13\r\n\r\n", 400),
            (
                "GET /ws HTTP/1.1\r\n" + base + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    + "Sec-WebSocket-Version: 8\r\n\r\n", 426
            ),
            (
                "GET /ws HTTP/1.1\r\n" + base + "Origin: http://evil.example\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n", 403
            ),
        ]
        for (request, status) in cases {
            let connection = HTTPConnection(environment: Self.environment(), peerIsLoopback: true)
            #expect(feed(request, to: connection).isEmpty)
            #expect(drain(connection).hasPrefix("HTTP/1.1 \(status) "), "\(request.prefix(30))")
        }
    }

    @Test func aRequestCutShortByItsDeadlineGets408() {
        _ = feed("GET /healthz HTTP/1.1\r\nHost: 12")
        connection.timedOut(after: 10)
        #expect(drain().hasPrefix("HTTP/1.1 408"))
        let idle = HTTPConnection(environment: Self.environment(), peerIsLoopback: true)
        idle.timedOut(after: 10)
        #expect(idle.pendingOutput == 0 && idle.closesAfterOutput, "an idle connection just closes")
    }

    @Test func readingPausesWhileRequestsPileUpBehindAnAnswer() throws {
        let exchange = try #require(exchanges(feed(Self.get)).first)
        #expect(connection.wantsInput)
        _ = feed(String(repeating: Self.get, count: 2000))
        #expect(!connection.wantsInput)
        _ = connection.answer(exchange, HTTPAnswer(status: 200, contentType: nil, body: []))
        #expect(connection.phase == .answer, "the next one is under way")
    }

    @Test func closeAndHTTP10EndTheConnectionAfterTheAnswer() throws {
        let exchange = try #require(exchanges(feed("GET /healthz HTTP/1.0\r\n\r\n")).first)
        _ = connection.answer(exchange, HTTPAnswer(status: 200, contentType: nil, body: []))
        #expect(drain().contains("Connection: close\r\n") && connection.closesAfterOutput)
    }
}

extension HTTPExchange.Responder {
    var isOptions: Bool {
        if case .options = self { return true }
        return false
    }

    var isNoRoute: Bool {
        if case .noRoute = self { return true }
        return false
    }
}
