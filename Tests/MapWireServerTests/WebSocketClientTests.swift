import Foundation
import SessionTransport
import Synchronization
import Testing

@testable import MapWireServer

/// The libwebsockets client against the real server, both in-process.
@Suite struct WebSocketClientTests {
    /// Records what a client-side connection received.
    final class Recorder: SessionConnection {
        let messages = Mutex<[[UInt8]]>([])
        let ended = Atomic<Bool>(false)
        func receive(_ message: [UInt8]) { messages.withLock { $0.append(message) } }
        func disconnected() { ended.store(true, ordering: .relaxed) }
        var received: [[UInt8]] { messages.withLock { $0 } }
    }

    @Test func echoesThroughTheServerAndClosesOnShutdown() throws {
        try ServerIntegrationTests.withServer { fixture in
            let client = try WebSocketClient()
            defer { client.shutdown() }
            let recorders = Mutex<[Recorder]>([])
            let big = (0..<150_000).map { UInt8($0 % 241) }
            for _ in 0..<3 {
                client.connect(port: fixture.port) { output in
                    let recorder = Recorder()
                    recorders.withLock { $0.append(recorder) }
                    output.send([1, 2, 3])
                    output.send(big)
                    return recorder
                }
            }
            try waitUntil {
                recorders.withLock { $0.count == 3 && $0.allSatisfy { $0.received.count == 3 } }
            }
            for recorder in recorders.withLock({ $0 }) {
                // The server's greeting, then our two messages echoed in order.
                #expect(recorder.received == [[0x01, 0x01, 0x00], [1, 2, 3], big])
            }
            #expect(fixture.sessions.opened.load(ordering: .relaxed) == 3)
            client.shutdown()
            #expect(recorders.withLock { $0.allSatisfy { $0.ended.load(ordering: .relaxed) } })
            try waitUntil { fixture.sessions.disconnected.load(ordering: .relaxed) == 3 }
        }
    }

    @Test func hundredsOfConnectionsAtOnce() throws {
        try ServerIntegrationTests.withServer { fixture in
            let client = try WebSocketClient()
            defer { client.shutdown() }
            let count = 300
            let recorders = Mutex<[Recorder]>([])
            let failures = Mutex<[String]>([])
            for i in 0..<count {
                client.connect(
                    port: fixture.port,
                    onFailure: { reason in failures.withLock { $0.append(reason) } }
                ) { output in
                    let recorder = Recorder()
                    recorders.withLock { $0.append(recorder) }
                    // A leading 0 keeps clear of the echo session's command bytes.
                    output.send([0, UInt8(i & 0xFF), UInt8(i >> 8)])
                    return recorder
                }
            }
            try waitUntil {
                recorders.withLock { $0.count == count && $0.allSatisfy { $0.received.count == 2 } }
                    || !failures.withLock { $0.isEmpty }
            }
            #expect(failures.withLock { $0 } == [])
            #expect(fixture.server.metrics.connectionsOpen.load(ordering: .relaxed) == count)
            let echoed = Set(recorders.withLock { $0.map { $0.received[1] } })
            #expect(echoed.count == count)
        }
    }

    @Test func serverShutdownEndsClientSessions() throws {
        let client = try WebSocketClient()
        defer { client.shutdown() }
        let recorder = Recorder()
        var stoppedServer: MapWireServer?
        try ServerIntegrationTests.withServer { fixture in
            client.connect(port: fixture.port) { _ in recorder }
            try waitUntil { !recorder.received.isEmpty }
            stoppedServer = fixture.server
        }
        #expect(stoppedServer != nil)
        try waitUntil { recorder.ended.load(ordering: .relaxed) }
    }

    @Test func aRefusedConnectionReportsFailure() throws {
        // A port nobody listens on: bind one, note it, close it.
        let directory = FileManager.default.temporaryDirectory
        let probe = MapWireServer(
            configuration: ServerConfiguration(port: 0, publicDirectory: directory),
            sessions: ServerIntegrationTests.EchoSessions(),
            http: ServerIntegrationTests.FakeHandler())
        try probe.start()
        let port = try #require(probe.port)
        probe.stop()

        let client = try WebSocketClient()
        defer { client.shutdown() }
        let failure = Mutex<String?>(nil)
        client.connect(port: port, onFailure: { reason in failure.withLock { $0 = reason } }) { _ in
            Issue.record("should not connect")
            return Recorder()
        }
        try waitUntil { failure.withLock { $0 != nil } }
    }
}
