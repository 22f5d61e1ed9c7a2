import JSONScanning
import LiveWorld
import SessionTransport

/// The feed's answer, written by hand. A feed answers every batch, and at
/// 100,000 moves a second Foundation's `JSONEncoder` spent about 3 µs a move
/// echoing them, a third of a core on its own (docs/performance.md, "Durable
/// store"). This writes the same JSON as `RouteJSON.encode(MoveAnswer)`, keys
/// in the same sorted order; `MoveAnswerJSONTests` holds the two to it.
extension MoveAnswer {
    func feedJSON() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(48 + (echoesMoves ? result.applied.count * 64 : 0) + result.stale.count * 16)
        out += #"{"applied":"#.utf8
        out += String(result.applied.count).utf8
        if echoesMoves {
            out += #","moves":["#.utf8
            for (i, move) in result.applied.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                out += #"{"id":"#.utf8
                Self.appendString(move.id, to: &out)
                out += #","latitude":"#.utf8
                Self.appendNumber(move.coordinate.latitude, to: &out)
                out += #","longitude":"#.utf8
                Self.appendNumber(move.coordinate.longitude, to: &out)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
        }
        out += #","stale":["#.utf8
        for (i, id) in result.stale.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            Self.appendString(id, to: &out)
        }
        out += #"],"version":"#.utf8
        out += String(result.version).utf8
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// As the encoder writes a Double: shortest round trip, and an integral
    /// value without `.0`. Coordinates are finite; the store refuses others.
    static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        out += text.utf8
    }

    /// A JSON string: quotes, backslashes and control characters escaped,
    /// slashes and everything else as UTF-8 (as the encoder, told not to
    /// escape slashes, does).
    static func appendString(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += #"\""#.utf8
            case UInt8(ascii: "\\"): out += #"\\"#.utf8
            case 0x0A: out += #"\n"#.utf8
            case 0x0D: out += #"\r"#.utf8
            case 0x09: out += #"\t"#.utf8
            case 0x08: out += #"\b"#.utf8
            case 0x0C: out += #"\f"#.utf8
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += #"\u00"#.utf8
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
