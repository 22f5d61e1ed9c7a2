import MapGeometry
import Testing

@testable import Wire

/// The browser's colour scheme on the wire: HELLO's optional tail and COLOR_SCHEME.
@Suite struct ColorSchemeMessageTests {
    /// HELLO as a page before the colour scheme sent it: up to the hash.
    func shortHello(hash: String) -> [UInt8] {
        var w = ByteWriter()
        w.u8(0x01)
        w.u16(1)
        w.f32(800)
        w.f32(600)
        w.f32(2)
        w.string(hash)
        return w.bytes
    }

    @Test func helloWithoutTheTailHasNoPreference() throws {
        let message = try ClientMessage.decode(shortHello(hash: "#4/20/0"))
        #expect(
            message
                == .hello(
                    version: 1, size: Size(width: 800, height: 600), devicePixelRatio: 2, hash: "#4/20/0",
                    colorScheme: .unknown, style: ""))
    }

    @Test func helloCarriesTheSchemeAndTheURLStyle() throws {
        var bytes = shortHello(hash: "")
        var tail = ByteWriter()
        tail.u8(2)
        tail.string("light")
        bytes += tail.bytes
        guard case let .hello(_, _, _, _, scheme, style) = try ClientMessage.decode(bytes) else {
            Issue.record("not a HELLO")
            return
        }
        #expect(scheme == .dark)
        #expect(style == "light")
    }

    @Test func helloRefusesAnUnknownSchemeAndAHalfTail() {
        #expect(throws: WireError.invalidValue("HELLO colorScheme")) {
            try ClientMessage.decode(shortHello(hash: "") + [3, 0, 0])
        }
        #expect(throws: WireError.truncated("HELLO style")) {
            try ClientMessage.decode(shortHello(hash: "") + [2])
        }
    }

    @Test func colorSchemeIsAnInputWithItsSeq() throws {
        let message = try ClientMessage.decode([0x17, 9, 0, 0, 0, 2])
        #expect(message == .colorScheme(seq: 9, .dark))
        #expect(message.seq == 9)
        #expect(try ClientMessage.decode(message.encoded()) == message)
        #expect(throws: WireError.invalidValue("COLOR_SCHEME colorScheme")) {
            try ClientMessage.decode([0x17, 9, 0, 0, 0, 7])
        }
    }
}
