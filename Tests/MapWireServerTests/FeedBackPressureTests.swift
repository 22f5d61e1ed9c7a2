import Foundation
import Glibc
import SessionTransport
import Synchronization
import Testing

@testable import MapWireServer

/// A producer on `/feed` cannot make the server hold more than its bounds:
/// past the unanswered batches it is no longer read, answers it never reads
/// close it with 1008, and a quiet one is pinged, then closed.
@Suite struct FeedBackPressureTests {
    /// Feed sessions that answer each batch with `answerBytes` bytes, at
    /// once or only once the test opens the gate.
    final class Feeds: SessionFactory, FeedFactory {
        let received = Atomic<Int>(0)
        let disconnected = Atomic<Int>(0)
        let answerBytes: Int
        private let held = Mutex<(open: Bool, waiting: [SessionOutput])>((true, []))

        init(answerBytes: Int = 16, holdAnswers: Bool = false) {
            self.answerBytes = answerBytes
            held.withLock { $0.open = !holdAnswers }
        }

        /// Answers every held batch and every later one at once.
        func openGate() {
            let waiting = held.withLock { state -> [SessionOutput] in
                state.open = true
                defer { state.waiting = [] }
                return state.waiting
            }
            for output in waiting { output.send(answer) }
        }

        var answer: [UInt8] {
            Array(("{\"applied\":1,\"pad\":\"" + String(repeating: "x", count: answerBytes) + "\"}").utf8)
        }

        final class Feed: SessionConnection {
            let output: SessionOutput
            let feeds: Feeds
            init(output: SessionOutput, feeds: Feeds) {
                self.output = output
                self.feeds = feeds
            }

            func receive(_ message: [UInt8]) {
                feeds.received.add(1, ordering: .relaxed)
                let answerNow = feeds.held.withLock { state -> Bool in
                    if !state.open { state.waiting.append(output) }
                    return state.open
                }
                if answerNow { output.send(feeds.answer) }
            }

            func disconnected() { feeds.disconnected.add(1, ordering: .relaxed) }
        }

        func openSession(output: SessionOutput) -> SessionConnection { Feed(output: output, feeds: self) }
        func openFeed(output: SessionOutput) -> SessionConnection { Feed(output: output, feeds: self) }
    }

    static func withServer(
        _ feeds: Feeds, _ configure: (inout ServerConfiguration) -> Void,
        _ body: (MapWireServer, Int) throws -> Void
    ) throws {
        var configuration = ServerConfiguration(port: 0, publicDirectory: FileManager.default.temporaryDirectory)
        configure(&configuration)
        let server = MapWireServer(
            configuration: configuration, sessions: feeds,
            http: ServerIntegrationTests.FakeHandler())
        try server.start()
        defer { server.stop() }
        try body(server, try #require(server.port))
    }

    static func producer(_ port: Int, timeout: TimeInterval = testHangGuard) throws -> TestWebSocket {
        let socket = try TestWebSocket(port: port, path: "/feed", subprotocol: "mapwire.feed.v1", timeout: timeout)
        #expect(socket.upgraded)
        return socket
    }

    /// Polls `condition` for up to `seconds` (a hang guard).
    static func eventually(_ seconds: Double = testHangGuard, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    @Test func aProducerIsNotReadPastItsUnansweredBatches() throws {
        let feeds = Feeds(holdAnswers: true)
        try Self.withServer(feeds, { $0.limits.feedMaxPendingBatches = 3 }) { server, port in
            let producer = try Self.producer(port)
            for index in 0..<12 { try producer.sendText("{\"moves\":[],\"n\":\(index)}") }
            #expect(Self.eventually { feeds.received.load(ordering: .relaxed) >= 3 })
            usleep(300_000)
            #expect(feeds.received.load(ordering: .relaxed) == 3, "reading paused at three unanswered batches")
            #expect(server.metrics.values["mapwire_feed_read_pauses_total"] == 1)
            feeds.openGate()
            #expect(Self.eventually { feeds.received.load(ordering: .relaxed) == 12 }, "answers resume reading")
            for _ in 0..<12 {
                guard case .text(let text) = try producer.receive() else {
                    Issue.record("not an answer")
                    return
                }
                #expect(text.hasPrefix("{\"applied\":1"))
            }
        }
    }

    @Test func aProducerThatNeverReadsItsAnswersIsClosedWith1008() throws {
        let feeds = Feeds(answerBytes: 256 * 1024)
        try Self.withServer(feeds, { $0.limits.feedMaxPendingBytes = 1 << 20 }) { server, port in
            let producer = try Self.producer(port)
            // Far more answers than the socket buffers and the bound hold, none of them read.
            for _ in 0..<200 { try producer.sendText("{\"moves\":[]}") }
            #expect(Self.eventually { feeds.disconnected.load(ordering: .relaxed) == 1 })
            #expect(server.metrics.values["mapwire_connection_closes_total{reason=\"slow_client\"}"] == 1)
            #expect(try producer.receiveClose() == .close(code: 1008, reason: "client too slow"))
        }
    }

    @Test func aQuietProducerIsPingedAndOnlyASilentOneIsClosed() throws {
        let feeds = Feeds()
        try Self.withServer(feeds, { $0.feedIdleTimeout = 2 }) { server, port in
            let silent = try Self.producer(port)
            let alive = try Self.producer(port, timeout: 0.5)
            try silent.sendText("{\"moves\":[]}")
            try alive.sendText("{\"moves\":[]}")
            // The live one reads (and so answers the server's pings) for three idle periods' worth.
            let end = Date().addingTimeInterval(5)
            var closes = 0
            while Date() < end {
                if case .close = (try? alive.receive()) ?? .text("") { closes += 1 }
            }
            #expect(closes == 0)
            #expect(Self.eventually { feeds.disconnected.load(ordering: .relaxed) >= 1 }, "the silent one is closed")
            #expect(feeds.disconnected.load(ordering: .relaxed) == 1, "only the one that never answered")
            #expect(server.metrics.values["mapwire_connection_closes_total{reason=\"timeout\"}"] == 1)
            #expect(
                try silent.receiveClose(answeringPings: false)
                    == .close(code: 1008, reason: "no batch and no pong within 2 s"))
        }
    }
}

/// The allocator is trimmed a moment after a connection closes, once for a burst of closes.
@Suite struct AllocatorTrimTests {
    @Test func closesInABurstShareTheTrimThatFollowsThem() {
        let trims = Atomic(0)
        let trim = AllocatorTrim(delay: 0.05) { trims.add(1, ordering: .relaxed) }
        #expect(trim.afterClose())
        #expect(!trim.afterClose(), "a trim is due already")
        #expect(!trim.afterClose())
        #expect(FeedBackPressureTests.eventually { trims.load(ordering: .relaxed) == 1 })
        #expect(trim.afterClose(), "a close after the trim asks for another")
        #expect(FeedBackPressureTests.eventually { trims.load(ordering: .relaxed) == 2 })
    }

    @Test func aClosedSessionIsFollowedByATrimThatMetricsCount() throws {
        let trims = Atomic(0)
        let trim = AllocatorTrim(delay: 0.05) { trims.add(1, ordering: .relaxed) }
        try ServerLimitTests.withServer(allocatorTrim: trim, { _ in }) { fixture in
            let session = try ServerLimitTests.neighbour(fixture.port)
            #expect(fixture.server.metrics.values["mapwire_allocator_trims_total"] == 0)
            try session.sendFrame(opcode: 8, [0x03, 0xE8])
            #expect(FeedBackPressureTests.eventually { trims.load(ordering: .relaxed) == 1 })
            #expect(
                FeedBackPressureTests.eventually {
                    fixture.server.metrics.values["mapwire_allocator_trims_total"] == 1
                })
            #expect(fixture.server.metrics.prometheusText().contains("mapwire_allocator_trims_total 1"))
        }
    }
}
