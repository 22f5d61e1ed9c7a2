import Testing

@testable import Wire

@Suite struct ClientMessageTests {
    @Test func rejectsEmptyUnknownShortAndTrailing() {
        #expect(throws: WireError.empty) { try ClientMessage.decode([]) }
        #expect(throws: WireError.unknownOpcode(0xEE)) { try ClientMessage.decode([0xEE]) }
        #expect(throws: WireError.truncated("ACK frame")) { try ClientMessage.decode([0x02, 1, 0]) }
        #expect(throws: WireError.trailingBytes(opcode: 0x02, count: 1)) {
            try ClientMessage.decode([0x02, 1, 0, 0, 0, 9])
        }
    }

    @Test func rejectsNonFiniteAndAbsurdValues() {
        var w = ByteWriter()
        w.u8(0x13)
        w.u32(1)
        w.f32(.nan)
        w.f32(100)
        w.f32(1)
        #expect(throws: WireError.invalidValue("RESIZE width")) { try ClientMessage.decode(w.bytes) }
        var big = ByteWriter()
        big.u8(0x13)
        big.u32(1)
        big.f32(1e9)
        big.f32(100)
        big.f32(1)
        #expect(throws: WireError.invalidValue("RESIZE size")) { try ClientMessage.decode(big.bytes) }
    }

    @Test func decodeThrowsOnlyWireError() {
        // `error` is a WireError without a cast: this compiles only while decode's throws is typed.
        do {
            _ = try ClientMessage.decode([0xEE])
            Issue.record("an unknown opcode decoded")
        } catch {
            let typed: WireError = error
            #expect(typed == .unknownOpcode(0xEE))
            #expect(typed.closeCode == .protocolError)
        }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: WireError.invalidUTF8("NAVIGATE hash")) {
            try ClientMessage.decode([0x16, 1, 0, 0, 0, 2, 0, 0xC3, 0x28])
        }
    }
}
