import Foundation
import SessionTransport
import Synchronization
import Testing

@testable import MapWireServer

/// The header-time checks against the real server over real sockets: write
/// access, body types, Host and Origin, framing, sizes and the headers every
/// answer carries.
@Suite struct AccessIntegrationTests {
    /// Counts what reaches the handler, so a refused body is shown unread.
    final class CountingHandler: HTTPHandler {
        let requests = Atomic<Int>(0)
        var routes: RouteTable {
            let counted:
                (@escaping @Sendable (RouteRequest) -> RouteResponse) ->
                    @Sendable (RouteRequest)
                    -> RouteResponse = { [requests = self] answer in
                        { request in
                            requests.requests.add(1, ordering: .relaxed)
                            return answer(request)
                        }
                    }
            let echo = counted { RouteResponse(status: 200, contentType: "application/json", body: $0.body) }
            return RouteTable(
                [
                    Route("GET", "/healthz", handler: counted { _ in .json(200, "{\"status\":\"ok\"}") }),
                    Route("POST", "/api/echo", body: TestRoutes.writeBodies, writes: true, handler: echo),
                    Route(
                        "DELETE", "/api/echo", body: TestRoutes.jsonBody, bodyIsOptional: true, writes: true,
                        handler: echo),
                    Route(
                        "GET", "/api/big",
                        handler: counted { _ in
                            RouteResponse(
                                status: 200, contentType: "application/json",
                                body: Array(repeating: UInt8(ascii: "x"), count: 40_000))
                        }),
                ], prefixes: ["/api/"])
        }
    }

    /// Map sessions and feeds that just say hello.
    final class Sessions: SessionFactory, FeedFactory {
        final class Connection: SessionConnection {
            func receive(_ message: [UInt8]) {}
            func disconnected() {}
        }
        func openSession(output: SessionOutput) -> SessionConnection {
            output.send([1])
            return Connection()
        }
        func openFeed(output: SessionOutput) -> SessionConnection { Connection() }
    }

    struct Fixture {
        let port: Int
        let handler: CountingHandler
    }

    static func withServer(
        token: String? = nil, origins: [String] = [],
        _ body: (Fixture) throws -> Void
    ) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-access-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("<!doctype html><title>t</title>".utf8).write(to: directory.appendingPathComponent("index.html"))
        try Data("console.log(1)".utf8).write(to: directory.appendingPathComponent("painter.js"))
        let handler = CountingHandler()
        let server = MapWireServer(
            configuration: ServerConfiguration(
                port: 0, publicDirectory: directory, apiToken: token,
                allowedOrigins: origins),
            sessions: Sessions(), http: handler)
        try server.start()
        defer { server.stop() }
        try body(Fixture(port: try #require(server.port), handler: handler))
    }

    /// Sends `head` (and `body`) on a fresh connection; the answer and
    /// whether the server then closed the connection.
    func exchange(_ port: Int, _ head: String, body: [UInt8] = []) throws -> (TestHTTPResponse, closed: Bool) {
        let socket = try TestSocket(port: port)
        try socket.write(Array(head.utf8) + body)
        let (status, headers) = parseHead(try socket.readHead())
        let length = Int(headers["content-length"] ?? "0") ?? 0
        let response = TestHTTPResponse(status: status, headers: headers, body: try socket.read(exactly: length))
        return (response, socket.readsEOF())
    }

    func post(_ port: Int, _ path: String = "/api/echo", headers: [String]) throws -> TestHTTPResponse {
        try httpRequest(port: port, method: "POST", path: path, body: Array("{}".utf8), extraHeaders: headers)
    }

    @Test func writesNeedTheTokenWhenOneIsConfigured() throws {
        try Self.withServer(token: "s3cret") { fixture in
            let json = "Content-Type: application/json"
            let missing = try post(fixture.port, headers: [json])
            #expect(missing.status == 401)
            #expect(missing.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
            #expect(missing.json?["status"] as? Int == 401)
            #expect(try post(fixture.port, headers: [json, "Authorization: Bearer nope"]).status == 403)
            let right = try post(fixture.port, headers: [json, "Authorization: Bearer s3cret"])
            #expect(right.status == 200)
            #expect(right.text == "{}")
            let delete = try httpRequest(
                port: fixture.port, method: "DELETE", path: "/api/echo",
                extraHeaders: ["Authorization: Bearer s3cret"])
            #expect(delete.status == 200)
            #expect(try httpRequest(port: fixture.port, method: "DELETE", path: "/api/echo").status == 401)
            // Reads stay open.
            #expect(try httpRequest(port: fixture.port, path: "/healthz").status == 200)
            #expect(fixture.handler.requests.load(ordering: .relaxed) == 3)
        }
    }

    /// Behind a proxy every peer is loopback; a forwarded request is not.
    @Test func withoutATokenForwardedRequestsMayNotWrite() throws {
        try Self.withServer { fixture in
            let json = "Content-Type: application/json"
            #expect(try post(fixture.port, headers: [json]).status == 200)
            let proxyHeaders = ["X-Forwarded-For: 203.0.113.9", "X-Real-IP: 203.0.113.9", "Forwarded: for=203.0.113.9"]
            for proxyHeader in proxyHeaders {
                let refused = try post(fixture.port, headers: [json, proxyHeader])
                #expect(refused.status == 403, "\(proxyHeader)")
                #expect((refused.json?["error"] as? String)?.contains("--api-token") == true)
            }
        }
    }

    @Test(arguments: ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=b", nil])
    func nonJSONWritesAre415AndNeverParsed(contentType: String?) throws {
        try Self.withServer { fixture in
            var head = "POST /api/echo HTTP/1.1\r\nHost: 127.0.0.1:\(fixture.port)\r\nContent-Length: 9\r\n"
            if let contentType { head += "Content-Type: \(contentType)\r\n" }
            let (response, closed) = try exchange(fixture.port, head + "\r\n", body: Array("a=1&b=two".utf8))
            #expect(response.status == 415)
            #expect(response.json?["status"] as? Int == 415)
            #expect(closed)
            #expect(fixture.handler.requests.load(ordering: .relaxed) == 0)
        }
    }

    @Test func charsetParametersAreFine() throws {
        try Self.withServer { fixture in
            let answer = try post(fixture.port, headers: ["Content-Type: application/json; charset=utf-8"])
            #expect(answer.status == 200)
        }
    }

    @Test func foreignOriginsAreRefusedAtTheHandshake() throws {
        try Self.withServer(token: "t", origins: ["https://portal.example.com"]) { fixture in
            let port = fixture.port
            for path in ["/ws", "/feed"] {
                let auth = path == "/feed" ? ["Authorization: Bearer t"] : []
                let foreign = try TestWebSocket(
                    port: port, path: path, subprotocol: nil,
                    extraHeaders: auth + ["Origin: http://evil.example"])
                #expect(foreign.handshake.status == 403, "\(path)")
                let own = try TestWebSocket(
                    port: port, path: path, subprotocol: nil,
                    extraHeaders: auth + ["Origin: http://127.0.0.1:\(port)"])
                #expect(own.upgraded, "\(path)")
                let allowed = try TestWebSocket(
                    port: port, path: path, subprotocol: nil,
                    extraHeaders: auth + ["Origin: https://portal.example.com"])
                #expect(allowed.upgraded, "\(path)")
                let none = try TestWebSocket(port: port, path: path, subprotocol: nil, extraHeaders: auth)
                #expect(none.upgraded, "\(path)")
            }
        }
    }

    @Test func theFeedNeedsTheToken() throws {
        try Self.withServer(token: "t") { fixture in
            let missing = try TestWebSocket(port: fixture.port, path: "/feed", subprotocol: "mapwire.feed.v1")
            #expect(missing.handshake.status == 401)
            #expect(missing.handshake.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
            let wrong = try TestWebSocket(
                port: fixture.port, path: "/feed", subprotocol: "mapwire.feed.v1",
                extraHeaders: ["Authorization: Bearer x"])
            #expect(wrong.handshake.status == 403)
            let right = try TestWebSocket(
                port: fixture.port, path: "/feed", subprotocol: "mapwire.feed.v1",
                extraHeaders: ["Authorization: Bearer t"])
            #expect(right.upgraded)
            // The map socket is a read.
            #expect(try TestWebSocket(port: fixture.port).upgraded)
        }
    }

    /// What mapwire-load does: the libwebsockets client sends the token.
    @Test func theClientSendsItsBearerTokenToTheFeed() throws {
        try Self.withServer(token: "t") { fixture in
            let client = try WebSocketClient()
            defer { client.shutdown() }
            let outcomes = Mutex<[String]>([])
            for token in ["t", "wrong", nil] as [String?] {
                client.connect(
                    port: fixture.port, path: "/feed", subprotocol: "mapwire.feed.v1", bearerToken: token,
                    onFailure: { _ in outcomes.withLock { $0.append("refused \(token ?? "none")") } }
                ) { _ in
                    outcomes.withLock { $0.append("open \(token ?? "none")") }
                    return Sessions.Connection()
                }
            }
            try waitUntil { outcomes.withLock { $0.count == 3 } }
            #expect(Set(outcomes.withLock { $0 }) == ["open t", "refused wrong", "refused none"])
        }
    }

    @Test func foreignHostsAre421() throws {
        try Self.withServer { fixture in
            for path in ["/", "/healthz"] {
                let head = "GET \(path) HTTP/1.1\r\nHost: rebind.example\r\n\r\n"
                let (response, closed) = try exchange(fixture.port, head)
                #expect(response.status == 421)
                #expect(response.json?["status"] as? Int == 421)
                #expect(closed)
            }
            let socket = try TestWebSocket(port: fixture.port, extraHeaders: ["Host: rebind.example"])
            #expect(!socket.upgraded)
            #expect(try httpRequest(port: fixture.port, path: "/", extraHeaders: []).status == 200)
        }
    }

    @Test func everyAnswerCarriesTheSecurityHeaders() throws {
        try Self.withServer(origins: ["https://portal.example.com"]) { fixture in
            let answers = [
                try httpRequest(port: fixture.port, path: "/"),
                try httpRequest(port: fixture.port, path: "/painter.js"),
                try httpRequest(port: fixture.port, path: "/healthz"),
                try httpRequest(port: fixture.port, path: "/api/nope"),
                try post(fixture.port, headers: ["Content-Type: text/plain"]),
            ]
            #expect(answers.map(\.status) == [200, 200, 200, 404, 415])
            for answer in answers {
                #expect(answer.headers["x-content-type-options"] == "nosniff")
                #expect(answer.headers["referrer-policy"] == "no-referrer")
                let csp = answer.headers["content-security-policy"] ?? ""
                #expect(csp.contains("script-src 'self'"))
                #expect(csp.contains("frame-ancestors 'self' https://portal.example.com"))
            }
        }
    }

    @Test(arguments: [
        "Content-Length: 1e3", "Content-Length: -1", "Content-Length: 99999999999999999999",
        "Content-Length: 2\r\nContent-Length: 2", "Content-Length: 2, 2",
    ])
    func contentLengthsLwsWouldMisreadAre400AndClose(header: String) throws {
        try Self.withServer { fixture in
            let head =
                "POST /api/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "\(header)\r\n\r\n"
            let smuggled = Array("{}GET /healthz HTTP/1.1\r\n\r\n".utf8)
            let (response, closed) = try exchange(fixture.port, head, body: smuggled)
            #expect(response.status == 400)
            #expect(closed)
            #expect(fixture.handler.requests.load(ordering: .relaxed) == 0)
        }
    }

    @Test func chunkedBodiesAre411AndClose() throws {
        try Self.withServer { fixture in
            let head =
                "POST /api/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n"
            let (response, closed) = try exchange(fixture.port, head, body: Array("2\r\n{}\r\n0\r\n\r\n".utf8))
            #expect(response.status == 411)
            #expect(closed)
            #expect(fixture.handler.requests.load(ordering: .relaxed) == 0)
        }
    }

    /// A pipelined pair is answered, never left hanging: the first always,
    /// then the second too or a close (depending on when lws reads it).
    @Test(arguments: ["/healthz", "/api/big"])
    func pipelinedRequestsGetAnAnswer(path: String) throws {
        try Self.withServer { fixture in
            let socket = try TestSocket(port: fixture.port)
            let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            try socket.write(request + request)
            let (status, headers) = parseHead(try socket.readHead())
            #expect(status == 200)
            let length = Int(headers["content-length"] ?? "0") ?? 0
            #expect(try socket.read(exactly: length).count == length)
            if let second = try? socket.readHead() {
                #expect(parseHead(second).status == 200)
            }
        }
    }

    @Test func oversizedTargetsAndHeadersAre414And431() throws {
        try Self.withServer { fixture in
            let longPath = "/" + String(repeating: "a", count: 100_000)
            let (uri, uriClosed) = try exchange(fixture.port, "GET \(longPath) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(uri.status == 414)
            #expect(uri.json?["status"] as? Int == 414)
            #expect(uriClosed)
            let big = String(repeating: "b", count: 100_000)
            let (header, headerClosed) = try exchange(
                fixture.port, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: \(big)\r\n\r\n")
            #expect(header.status == 431)
            #expect(header.json?["status"] as? Int == 431)
            #expect(headerClosed)
            // Up to the limits is fine.
            let fine = "/healthz?" + String(repeating: "q", count: 8_000)
            #expect(try httpRequest(port: fixture.port, path: fine).status == 200)
        }
    }

    @Test func aNetworkBindWithoutATokenDoesNotStart() throws {
        let server = MapWireServer(
            configuration: ServerConfiguration(host: "0.0.0.0", port: 0, publicDirectory: URL(fileURLWithPath: "/tmp")),
            sessions: Sessions(), http: CountingHandler())
        #expect(throws: ServerError.openWritesOnNetwork(host: "0.0.0.0")) { try server.start() }
    }
}
