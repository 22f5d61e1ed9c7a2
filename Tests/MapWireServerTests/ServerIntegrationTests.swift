import Foundation
import SessionTransport
import Synchronization
import Testing
import Wire

@testable import MapWireServer

/// Starts the real server in-process on a free port and talks to it over
/// real sockets, with fake sessions and a fake HTTP handler.
@Suite struct ServerIntegrationTests {
    /// Echoes every message; a message starting with 0xC1 makes the session
    /// close with 1002; 0xF1 makes it send `count` 64 KB messages at once.
    final class EchoSessions: SessionFactory {
        let opened = Atomic<Int>(0)
        let disconnected = Atomic<Int>(0)

        final class Session: SessionConnection {
            let output: SessionOutput
            let factory: EchoSessions
            init(output: SessionOutput, factory: EchoSessions) {
                self.output = output
                self.factory = factory
            }

            func receive(_ message: [UInt8]) {
                switch message.first {
                case 0xC1: output.close(code: .protocolError, reason: "unknown opcode 0xc1")
                case 0xD2:
                    // Two small messages back to back: with Nagle's algorithm on,
                    // the second waits for the client's delayed ACK (~40 ms).
                    output.send([0xD2, 1])
                    output.send([0xD2, 2])
                case 0xF1, 0xF2:
                    // 0xF2 paces the sends so the socket buffers fill up
                    // before the outbox does.
                    let count = Int(message[1]) * 100
                    let paced = message[0] == 0xF2
                    let output = self.output
                    DispatchQueue.global().async {
                        for _ in 0..<count {
                            output.send([UInt8](repeating: 7, count: 64 * 1024))
                            if paced { usleep(1_000) }
                        }
                    }
                default: output.send(message)
                }
            }

            func disconnected() { factory.disconnected.add(1, ordering: .relaxed) }
        }

        func openSession(output: SessionOutput) -> SessionConnection {
            opened.add(1, ordering: .relaxed)
            // Sessions may talk from inside openSession.
            output.send([0x01, 0x01, 0x00])
            return Session(output: output, factory: self)
        }
    }

    final class FakeHandler: HTTPHandler {
        var routes: RouteTable {
            RouteTable(
                [
                    Route("GET", "/healthz") { _ in .json(200, "{\"status\":\"fake\"}") },
                    Route("POST", "/api/echo", body: TestRoutes.writeBodies, writes: true) {
                        RouteResponse(status: 200, contentType: "application/octet-stream", body: $0.body)
                    },
                    Route("GET", "/api/query") { request in
                        .json(200, String(decoding: try! JSONEncoder().encode(request.query), as: UTF8.self))
                    },
                    Route("GET", "/api/big", answers: []) { _ in
                        RouteResponse(
                            status: 200, contentType: "text/plain", body: (0..<300_000).map { UInt8($0 % 251) })
                    },
                ], prefixes: ["/api/"])
        }
    }

    struct Fixture {
        let server: MapWireServer
        let sessions: EchoSessions
        let port: Int
        let publicDirectory: URL
    }

    static func withServer(
        limits: ServerConfiguration.Limits = .init(maxMessageBytes: 256 * 1024),
        closeTimeout: Int = 5, idleRequestTimeout: Int = 10,
        _ body: (Fixture) throws -> Void
    ) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("mapwire-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("fonts"),
            withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("<!doctype html><title>MapWire test</title>".utf8)
            .write(to: directory.appendingPathComponent("index.html"))
        try Data("console.log(1)".utf8).write(to: directory.appendingPathComponent("painter.js"))
        try Data([0x4F, 0x54, 0x54, 0x4F]).write(to: directory.appendingPathComponent("fonts/a.otf"))

        let sessions = EchoSessions()
        let server = MapWireServer(
            configuration: ServerConfiguration(
                port: 0, publicDirectory: directory, limits: limits,
                closeTimeout: closeTimeout, idleRequestTimeout: idleRequestTimeout),
            sessions: sessions, http: FakeHandler())
        try server.start()
        defer { server.stop() }
        let port = try #require(server.port)
        #expect(port > 0)
        try body(Fixture(server: server, sessions: sessions, port: port, publicDirectory: directory))
    }

    @Test func servesTheIndexAndStaticFilesWithTheirTypes() throws {
        try Self.withServer { fixture in
            let index = try httpRequest(port: fixture.port, path: "/")
            #expect(index.status == 200)
            #expect(index.text.contains("MapWire test"))
            #expect(index.headers["content-type"]?.hasPrefix("text/html") == true)
            let script = try httpRequest(port: fixture.port, path: "/painter.js")
            #expect(script.status == 200)
            #expect(script.headers["content-type"]?.hasPrefix("text/javascript") == true)
            let font = try httpRequest(port: fixture.port, path: "/fonts/a.otf")
            #expect(font.headers["content-type"] == "font/otf")
            #expect(font.body == [0x4F, 0x54, 0x54, 0x4F])
            let missing = try httpRequest(port: fixture.port, path: "/missing.js")
            #expect(missing.status == 404)
            #expect(missing.headers["content-type"] == "application/json")
            #expect(missing.json?["status"] as? Int == 404)
        }
    }

    @Test func dynamicRoutesGoToTheHandler() throws {
        try Self.withServer { fixture in
            let health = try httpRequest(port: fixture.port, path: "/healthz")
            #expect(health.status == 200)
            #expect(health.json?["status"] as? String == "fake")
            let nope = try httpRequest(port: fixture.port, path: "/api/nope")
            #expect(nope.status == 404)
            #expect(nope.headers["content-type"] == "application/json")
            #expect(nope.json?["status"] as? Int == 404)
            let query = try httpRequest(port: fixture.port, path: "/api/query?a=1&b=two")
            #expect(query.text == "\"a=1&b=two\"")
            let big = try httpRequest(port: fixture.port, path: "/api/big")
            #expect(big.body.count == 300_000)
            #expect(big.body == (0..<300_000).map { UInt8($0 % 251) })
        }
    }

    @Test func requestBodiesReachTheHandlerAndAreBounded() throws {
        try Self.withServer(limits: .init(maxRequestBodyBytes: 100_000)) { fixture in
            let payload = (0..<50_000).map { UInt8($0 % 256) }
            let json = ["Content-Type: application/json"]
            let echo = try httpRequest(
                port: fixture.port, method: "POST", path: "/api/echo", body: payload,
                extraHeaders: json)
            #expect(echo.status == 200)
            #expect(echo.body == payload)
            let tooBig = try httpRequest(
                port: fixture.port, method: "POST", path: "/api/echo",
                body: [UInt8](repeating: 1, count: 100_001), extraHeaders: json)
            #expect(tooBig.status == 413)
            #expect(tooBig.json?["status"] as? Int == 413)
        }
    }

    @Test func binaryMessagesReachTheSessionAndComeBack() throws {
        try Self.withServer { fixture in
            let socket = try TestWebSocket(port: fixture.port)
            #expect(socket.upgraded)
            #expect(socket.handshake.headers["sec-websocket-protocol"] == "mapwire.v1")
            #expect(try socket.receive() == .binary([0x01, 0x01, 0x00]))
            try socket.send([1, 2, 3])
            #expect(try socket.receive() == .binary([1, 2, 3]))
            // Bigger than lws's 4 KB receive chunks and our 60 KB send fragments.
            let big = (0..<200_000).map { UInt8($0 % 253) }
            try socket.send(big)
            #expect(try socket.receive() == .binary(big))
            // Fragmented by the client.
            try socket.sendFrame(opcode: 2, [9, 8], fin: false)
            try socket.sendFrame(opcode: 0, [7], fin: true)
            #expect(try socket.receive() == .binary([9, 8, 7]))
            #expect(fixture.sessions.opened.load(ordering: .relaxed) == 1)
            // Every accepted socket had Nagle switched off (checked with getsockopt).
            #expect(fixture.server.metrics.noDelaySockets.load(ordering: .relaxed) >= 1)
        }
    }

    @Test func smallMessagesGoOutOnASocketWithoutNagle() throws {
        try Self.withServer { fixture in
            let socket = try TestWebSocket(port: fixture.port)
            _ = try socket.receive()
            for _ in 0..<60 {
                try socket.send([0xD2])
                #expect(try socket.receive() == .binary([0xD2, 1]))
                #expect(try socket.receive() == .binary([0xD2, 2]))
            }
            // A Nagle stall would cost a delayed ACK (40 ms on Linux) a round. Not
            // timed here (a busy machine is slower than that anyway): the server
            // read TCP_NODELAY back from the kernel on the one socket it accepted.
            #expect(fixture.server.metrics.noDelaySockets.load(ordering: .relaxed) == 1)
        }
    }

    @Test func clientsWithoutSubprotocolAreAccepted() throws {
        try Self.withServer { fixture in
            let socket = try TestWebSocket(port: fixture.port, subprotocol: nil)
            #expect(socket.upgraded)
            #expect(try socket.receive() == .binary([0x01, 0x01, 0x00]))
            try socket.send([42])
            #expect(try socket.receive() == .binary([42]))
        }
    }

    @Test func upgradesElsewhereThanWsAreRefused() throws {
        try Self.withServer { fixture in
            let socket = try TestWebSocket(port: fixture.port, path: "/elsewhere")
            #expect(!socket.upgraded)
        }
    }

    @Test func textMessagesCloseWith1003AndOthersStayOpen() throws {
        try Self.withServer { fixture in
            let good = try TestWebSocket(port: fixture.port)
            let bad = try TestWebSocket(port: fixture.port)
            _ = try good.receive()
            _ = try bad.receive()
            try bad.sendText("hello")
            #expect(try bad.receive() == .close(code: 1003, reason: "binary messages only"))
            try good.send([5])
            #expect(try good.receive() == .binary([5]))
            #expect(fixture.server.metrics.values["mapwire_connection_closes_total{reason=\"protocol\"}"] == 1)
        }
    }

    @Test func oversizedMessagesCloseWith1009() throws {
        try Self.withServer(limits: .init(maxMessageBytes: 10_000)) { fixture in
            let socket = try TestWebSocket(port: fixture.port)
            _ = try socket.receive()
            try socket.send([UInt8](repeating: 0, count: 10_001))
            guard case .close(let code, _) = try socket.receive() else {
                Issue.record("expected a close")
                return
            }
            #expect(code == 1009)
        }
    }

    @Test func sessionsCanCloseTheirConnection() throws {
        try Self.withServer { fixture in
            let socket = try TestWebSocket(port: fixture.port)
            _ = try socket.receive()
            try socket.send([0xC1])
            #expect(try socket.receive() == .close(code: 1002, reason: "unknown opcode 0xc1"))
            #expect(socket.socket.readsEOF())
            try waitUntil { fixture.sessions.disconnected.load(ordering: .relaxed) == 1 }
        }
    }

    @Test func aClientThatStopsReadingIsClosedWith1008() throws {
        try Self.withServer(limits: .init(maxQueuedMessages: 64, maxQueuedBytes: 2 << 20)) { fixture in
            let slow = try TestWebSocket(port: fixture.port)
            let other = try TestWebSocket(port: fixture.port)
            _ = try slow.receive()
            _ = try other.receive()
            try slow.send([0xF1, 5]) // 500 x 64 KB, far beyond socket buffers
            try waitUntil { fixture.server.metrics.slowClientCloses.load(ordering: .relaxed) == 1 }
            try other.send([6])
            #expect(try other.receive() == .binary([6]))
            #expect(try slow.receiveClose() == .close(code: 1008, reason: "client too slow"))
        }
    }

    @Test func aClientThatReadsNothingIsStillDropped() throws {
        try Self.withServer(
            limits: .init(maxQueuedMessages: 64, maxQueuedBytes: 2 << 20),
            closeTimeout: 1
        ) { fixture in
            let stuck = try TestWebSocket(port: fixture.port)
            _ = try stuck.receive()
            try stuck.send([0xF2, 10])
            try waitUntil { fixture.server.metrics.slowClientCloses.load(ordering: .relaxed) == 1 }
            // The close frame cannot get out (the client reads nothing), yet
            // the session ends: at the close timeout, not never.
            try waitUntil { fixture.sessions.disconnected.load(ordering: .relaxed) == 1 }
            #expect(fixture.server.metrics.connectionsOpen.load(ordering: .relaxed) == 0)
        }
    }

    /// On libev, lws fires its timers only after socket activity; a quiet
    /// server must still drop a connection that never sends its request.
    @Test func aConnectionThatNeverSendsARequestIsDroppedOnTimeOnAQuietServer() throws {
        try Self.withServer(idleRequestTimeout: 1) { fixture in
            let silent = try TestSocket(port: fixture.port)
            let start = Date()
            #expect(silent.readsEOF(), "never dropped: the read timed out")
            // Not before its deadline (an upper bound would time the machine).
            let elapsed = Date().timeIntervalSince(start)
            #expect(elapsed > 0.5, "dropped after \(elapsed) s, asked for 1 s")
        }
    }

    @Test func stopClosesEverySessionWith1001AndEnds() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mapwire-stop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sessions = EchoSessions()
        let server = MapWireServer(
            configuration: ServerConfiguration(port: 0, publicDirectory: directory),
            sessions: sessions, http: FakeHandler())
        try server.start()
        let port = try #require(server.port)
        let sockets = try (0..<3).map { _ in try TestWebSocket(port: port) }
        for socket in sockets { _ = try socket.receive() }
        let stopper = Thread { server.stop() }
        stopper.start()
        for socket in sockets {
            #expect(try socket.receive() == .close(code: 1001, reason: "server shutting down"))
        }
        // The sessions never end by themselves: a stop that waited for them would not end.
        let stopped = DispatchSemaphore(value: 0)
        Thread {
            server.waitUntilStopped()
            stopped.signal()
        }.start()
        #expect(stopped.wait(timeout: .now() + testHangGuard) == .success, "the server did not stop")
        #expect(sessions.disconnected.load(ordering: .relaxed) == 3)
        #expect(throws: (any Error).self) { try TestSocket(port: port) }
    }

    @Test func aTakenPortIsAClearError() throws {
        try Self.withServer { fixture in
            let second = MapWireServer(
                configuration: ServerConfiguration(port: fixture.port, publicDirectory: fixture.publicDirectory),
                sessions: EchoSessions(), http: FakeHandler())
            #expect(throws: ServerError.self) { try second.start() }
        }
    }
}

/// Polls `condition` for up to `timeout` seconds (a hang guard).
func waitUntil(timeout: TimeInterval = testHangGuard, _ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { throw TestClientError(description: "condition not met in \(timeout) s") }
        usleep(5_000)
    }
}
