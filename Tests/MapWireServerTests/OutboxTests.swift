import Testing
import Wire

@testable import MapWireServer

@Suite struct OutboxTests {
    @Test func messagesComeOutInOrderAsSingleFragments() {
        var outbox = Outbox(maxMessages: 8, maxBytes: 1024)
        #expect(outbox.enqueue([1, 2]) == .queued)
        #expect(outbox.enqueue([3]) == .queued)
        #expect(outbox.queuedBytes == 3)
        #expect(outbox.next(fragmentSize: 100) == .write([1, 2], isStart: true, isEnd: true))
        #expect(outbox.next(fragmentSize: 100) == .write([3], isStart: true, isEnd: true))
        #expect(outbox.next(fragmentSize: 100) == .idle)
        #expect(!outbox.hasWork)
    }

    @Test func bigMessagesAreFragmented() {
        var outbox = Outbox(maxMessages: 8, maxBytes: 1024)
        _ = outbox.enqueue([1, 2, 3, 4, 5])
        #expect(outbox.next(fragmentSize: 2) == .write([1, 2], isStart: true, isEnd: false))
        #expect(outbox.hasWork)
        #expect(outbox.next(fragmentSize: 2) == .write([3, 4], isStart: false, isEnd: false))
        #expect(outbox.next(fragmentSize: 2) == .write([5], isStart: false, isEnd: true))
        #expect(outbox.next(fragmentSize: 2) == .idle)
    }

    @Test func tooManyMessagesCloseWith1008() {
        var outbox = Outbox(maxMessages: 2, maxBytes: 1024)
        #expect(outbox.enqueue([1]) == .queued)
        #expect(outbox.enqueue([2]) == .queued)
        #expect(outbox.enqueue([3]) == .overflow)
        #expect(outbox.count == 0)
        #expect(outbox.enqueue([4]) == .dropped)
        #expect(outbox.next(fragmentSize: 10) == .close(code: .policyViolation, reason: "client too slow"))
    }

    @Test func tooManyBytesCloseWith1008() {
        var outbox = Outbox(maxMessages: 100, maxBytes: 10)
        #expect(outbox.enqueue(Array(repeating: 0, count: 8)) == .queued)
        #expect(outbox.enqueue(Array(repeating: 0, count: 3)) == .overflow)
        #expect(outbox.pendingClose?.code == .policyViolation)
    }

    @Test func oneBigMessageOnAnEmptyQueueIsAllowed() {
        var outbox = Outbox(maxMessages: 100, maxBytes: 10)
        #expect(outbox.enqueue(Array(repeating: 0, count: 50)) == .queued)
    }

    @Test func sessionCloseFlushesQueuedMessagesFirst() {
        var outbox = Outbox(maxMessages: 8, maxBytes: 1024)
        _ = outbox.enqueue([1])
        let first = outbox.requestClose(code: .protocolError, reason: "bad", flushFirst: true)
        let second = outbox.requestClose(code: .normalClosure, reason: "later", flushFirst: false)
        #expect(first && !second)
        #expect(outbox.enqueue([2]) == .dropped)
        #expect(outbox.next(fragmentSize: 10) == .write([1], isStart: true, isEnd: true))
        #expect(outbox.next(fragmentSize: 10) == .close(code: .protocolError, reason: "bad"))
    }

    @Test func serverCloseDropsTheQueue() {
        var outbox = Outbox(maxMessages: 8, maxBytes: 1024)
        _ = outbox.enqueue([1, 2, 3])
        _ = outbox.next(fragmentSize: 1)
        outbox.requestClose(code: .goingAway, reason: "server shutting down", flushFirst: false)
        #expect(outbox.next(fragmentSize: 1) == .close(code: .goingAway, reason: "server shutting down"))
    }

    @Test func longQueuesCompactWithoutLosingOrder() {
        var outbox = Outbox(maxMessages: 1000, maxBytes: 1 << 20)
        for i in 0..<200 { _ = outbox.enqueue([UInt8(i)]) }
        for i in 0..<150 { #expect(outbox.next(fragmentSize: 8) == .write([UInt8(i)], isStart: true, isEnd: true)) }
        for i in 200..<250 { _ = outbox.enqueue([UInt8(i)]) }
        for i in 150..<250 { #expect(outbox.next(fragmentSize: 8) == .write([UInt8(i)], isStart: true, isEnd: true)) }
        #expect(outbox.count == 0)
        #expect(outbox.queuedBytes == 0)
    }
}
