import Testing

@testable import Wire

/// Strings on the wire: a `u16` byte length, then the UTF-8 bytes, cut at a
/// character boundary when longer than a `u16` can say (docs/protocol.md).
@Suite struct ByteWriterTests {
    static func written(_ s: String) -> [UInt8] {
        var w = ByteWriter()
        w.string(s)
        return w.bytes
    }

    @Test func aStringIsItsLengthThenItsBytes() {
        for s in [
            "", "12", "Überlingen", "東京 🗼", String(repeating: "a", count: 300),
            String(repeating: "é", count: 32_767) + "a",
        ] {
            let utf8 = Array(s.utf8)
            #expect(Self.written(s) == [UInt8(utf8.count & 0xFF), UInt8(utf8.count >> 8)] + utf8, "\(s.prefix(12))")
        }
    }

    @Test func aStringTooLongIsCutAtACharacterBoundary() {
        // 65,534 ASCII bytes, then a 4-byte character across the limit: cut before it.
        let s = String(repeating: "a", count: 65_534) + "🗼" + String(repeating: "b", count: 10)
        let bytes = Self.written(s)
        let length = Int(bytes[0]) | Int(bytes[1]) << 8
        #expect(length == 65_534)
        #expect(bytes.count == 2 + length)
        #expect(String(decoding: bytes[2...], as: UTF8.self) == String(repeating: "a", count: 65_534))
    }
}
