import Foundation
import Glibc
import Testing

@testable import MapWireServer

/// The limits against held connections and floods, in-process over real
/// sockets with the echo sessions. Each test also checks that a
/// well-behaved session next to the offender is still answered.
@Suite struct ServerLimitTests {
    typealias Fixture = ServerIntegrationTests.Fixture

    static func withServer(
        allocatorTrim: AllocatorTrim = .shared,
        _ configure: (inout ServerConfiguration) -> Void,
        _ body: (Fixture) throws -> Void
    ) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("mapwire-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("<!doctype html><title>limits</title>".utf8).write(to: directory.appendingPathComponent("index.html"))
        var configuration = ServerConfiguration(port: 0, publicDirectory: directory)
        configure(&configuration)
        let sessions = ServerIntegrationTests.EchoSessions()
        let server = MapWireServer(
            configuration: configuration, sessions: sessions,
            http: ServerIntegrationTests.FakeHandler(), allocatorTrim: allocatorTrim)
        try server.start()
        defer { server.stop() }
        let port = try #require(server.port)
        try body(Fixture(server: server, sessions: sessions, port: port, publicDirectory: directory))
    }

    /// An upgraded socket that said something, so no deadline applies to it.
    static func neighbour(_ port: Int) throws -> TestWebSocket {
        let socket = try TestWebSocket(port: port)
        #expect(try socket.receive() == .binary([0x01, 0x01, 0x00]))
        try expectEcho(socket)
        return socket
    }

    static func expectEcho(_ socket: TestWebSocket) throws {
        try socket.send([7, 7])
        #expect(try socket.receive() == .binary([7, 7]))
    }

    @Test func oneSessionOverTheLimitIsClosedWith1013AndAReason() throws {
        try Self.withServer({ $0.maxSessions = 1 }) { fixture in
            let first = try Self.neighbour(fixture.port)
            let second = try TestWebSocket(port: fixture.port)
            #expect(second.upgraded)
            #expect(try second.receiveClose() == .close(code: 1013, reason: "server full: 1 session"))
            #expect(fixture.sessions.opened.load(ordering: .relaxed) == 1)
            try Self.expectEcho(first)
            let values = fixture.server.metrics.values
            #expect(values["mapwire_ws_connections_open"] == 1)
            #expect(values["mapwire_connection_closes_total{reason=\"session_limit\"}"] == 1)
        }
    }

    @Test func aWebSocketThatNeverSpeaksIsClosedWith1008() throws {
        try Self.withServer({ $0.firstMessageTimeout = 1 }) { fixture in
            let silent = try TestWebSocket(port: fixture.port)
            let talker = try Self.neighbour(fixture.port)
            #expect(try silent.receive() == .binary([0x01, 0x01, 0x00]))
            #expect(try silent.receiveClose() == .close(code: 1008, reason: "no HELLO within 1 s"))
            try Self.expectEcho(talker)
        }
    }

    @Test func aBurstOverTheInputBudgetIsClosedWith1008() throws {
        let budget: (inout ServerConfiguration) -> Void = {
            $0.limits.maxInputMessagesPerSecond = 10
            $0.limits.inputBurstMessages = 20
        }
        try Self.withServer(budget) { fixture in
            let calm = try Self.neighbour(fixture.port)
            let flood = try TestWebSocket(port: fixture.port)
            for n in 0..<100 { try? flood.send([0x10, UInt8(n)]) }
            #expect(
                try flood.receiveClose()
                    == .close(
                        code: 1008,
                        reason: "input rate over 10 messages a second (burst 20)"))
            try Self.expectEcho(calm)
            #expect(fixture.server.metrics.values["mapwire_connection_closes_total{reason=\"input_rate\"}"] == 1)
        }
    }

    @Test func socketsOverTheCapOrOverThePeerLimitGet503() throws {
        try Self.withServer({ $0.maxConnections = 2 }) { fixture in
            let calm = try Self.neighbour(fixture.port)
            let second = try TestSocket(port: fixture.port)
            let third = try TestSocket(port: fixture.port)
            let head = try third.readHead()
            #expect(head.hasPrefix("HTTP/1.1 503"))
            #expect(third.readsEOF())
            _ = second
            try Self.expectEcho(calm)
            let refused = fixture.server.metrics.values["mapwire_connection_closes_total{reason=\"connection_limit\"}"]
            #expect(refused == 1)
        }
        try Self.withServer({
            $0.maxConnectionsPerPeer = 1
            $0.limitsLoopbackPeers = true
        }) { fixture in
            let calm = try Self.neighbour(fixture.port)
            let over = try TestSocket(port: fixture.port)
            #expect(try over.readHead().hasPrefix("HTTP/1.1 503"))
            try Self.expectEcho(calm)
        }
    }

    /// CONNECT would open a tunnel: refused at once. An upgrade to h2c is
    /// not taken (RFC 9110 7.8): the request is answered over HTTP/1.1.
    @Test func connectIsRefusedAndH2CIsAnsweredOverHTTP11() throws {
        try Self.withServer({ _ in }) { fixture in
            let connect = try TestSocket(port: fixture.port)
            try connect.write("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com\r\n\r\n")
            let refused = try connect.readHead()
            #expect(refused.hasPrefix("HTTP/1.1 405") && refused.contains("Allow: GET"))
            let h2c = try TestSocket(port: fixture.port)
            try h2c.write(
                "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade, HTTP2-Settings\r\n"
                    + "Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\n")
            let answer = try h2c.readHead()
            #expect(answer.hasPrefix("HTTP/1.1 200") && !answer.contains("Upgrade"))
        }
    }

    @Test func slowHeadersAreDroppedAtTheRequestDeadline() throws {
        try Self.withServer({ $0.idleRequestTimeout = 1 }) { fixture in
            let calm = try Self.neighbour(fixture.port)
            let slow = try TestSocket(port: fixture.port)
            var dropped = false
            // A byte every 100 ms or slower, 10 s or more of a head still arriving
            // against a 1 s deadline: every byte is activity, only the deadline can
            // end it in time (the first write after the close draws a reset, the next fails).
            let request = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8) + Array(repeating: 97, count: 60)
            for byte in request {
                if (try? slow.write([byte])) == nil {
                    dropped = true
                    break
                }
                usleep(100_000)
            }
            #expect(dropped, "a head still arriving was never dropped")
            try Self.expectEcho(calm)
        }
    }
}
