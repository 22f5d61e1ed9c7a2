/// Why a client message was rejected; the session closes with `closeCode` and `description` as the reason.
package enum WireError: Error, Equatable, CustomStringConvertible {
    case empty
    case unknownOpcode(UInt8)
    case truncated(String)
    case trailingBytes(opcode: UInt8, count: Int)
    case invalidUTF8(String)
    case invalidValue(String)
    case unsupportedVersion(UInt16)
    case helloExpected
    case unexpectedHello

    /// How the session closes the socket: a version it does not speak is data it
    /// can't take; anything else breaks the protocol.
    package var closeCode: WebSocketCloseCode {
        switch self {
        case .unsupportedVersion: return .unsupportedData
        default: return .protocolError
        }
    }

    package var description: String {
        switch self {
        case .empty: return "empty message"
        case let .unknownOpcode(op): return "unknown opcode 0x\(String(op, radix: 16))"
        case let .truncated(what): return "message too short for \(what)"
        case let .trailingBytes(op, n): return "\(n) extra bytes after opcode 0x\(String(op, radix: 16))"
        case let .invalidUTF8(what): return "\(what) is not valid UTF-8"
        case let .invalidValue(what): return "\(what) is out of range"
        case let .unsupportedVersion(v): return "protocol version \(v) is not supported (server speaks 1)"
        case .helloExpected: return "first message must be HELLO"
        case .unexpectedHello: return "HELLO sent twice"
        }
    }
}
