import Testing

@testable import MapWireServer

@Suite struct MessageAssemblerTests {
    @Test func singleChunkMessageIsDeliveredAsIs() {
        var assembler = MessageAssembler(limit: 16)
        #expect(assembler.append([1, 2, 3], binary: true, final: true) == .message([1, 2, 3]))
        #expect(assembler.bufferedBytes == 0)
    }

    @Test func chunksAreJoinedUntilTheFinalOne() {
        var assembler = MessageAssembler(limit: 16)
        #expect(assembler.append([1, 2], binary: true, final: false) == .incomplete)
        // Continuation frames report text/binary of their own; only the first counts.
        #expect(assembler.append([3], binary: false, final: false) == .incomplete)
        #expect(assembler.bufferedBytes == 3)
        #expect(assembler.append([4], binary: false, final: true) == .message([1, 2, 3, 4]))
        #expect(assembler.append([9], binary: true, final: true) == .message([9]))
    }

    @Test func textMessagesAreRefused() {
        var assembler = MessageAssembler(limit: 16)
        #expect(assembler.append(Array("hi".utf8), binary: false, final: true) == .notBinary)
    }

    @Test func messagesOverTheLimitAreRefused() {
        var assembler = MessageAssembler(limit: 4)
        #expect(assembler.append([1, 2, 3, 4], binary: true, final: true) == .message([1, 2, 3, 4]))
        #expect(assembler.append([1, 2, 3, 4, 5], binary: true, final: true) == .tooLarge)
        #expect(assembler.append([1, 2, 3], binary: true, final: false) == .incomplete)
        #expect(assembler.append([4, 5], binary: true, final: false) == .tooLarge)
        #expect(assembler.bufferedBytes == 0)
    }

    @Test func emptyMessageIsAMessage() {
        var assembler = MessageAssembler(limit: 4)
        #expect(assembler.append([], binary: true, final: true) == .message([]))
    }
}
