/// The status code of a WebSocket close frame (RFC 6455, section 7.4): why
/// the server ends a connection, as the browser's `CloseEvent.code` reads it.
///
/// A struct over the number, not an enum with a catch-all case: every code
/// has exactly one spelling, so a code read off the wire as
/// `WebSocketCloseCode(rawValue: 1008)` is `.policyViolation`, never an
/// unequal `.other(1008)`; and codes it does not name (an application's
/// 4000-4999, codes registered later) pass through unchanged. Named codes
/// still work as `case` patterns in a `switch`. The names are the IANA
/// registry's, as docs/protocol.md and browser tools say them.
public struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The number sent in the close frame.
    public let rawValue: UInt16

    /// Any code, named here or not: for a peer's close frame or an application's own (4000-4999).
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// 1000: the connection did what it was for.
    public static let normalClosure = WebSocketCloseCode(rawValue: 1000)
    /// 1001: the server is shutting down (from a browser: the page is going away).
    public static let goingAway = WebSocketCloseCode(rawValue: 1001)
    /// 1002: the peer broke the protocol: a malformed or unexpected message.
    public static let protocolError = WebSocketCloseCode(rawValue: 1002)
    /// 1003: a kind of message this endpoint does not take: text on a binary
    /// socket, or a protocol version it does not speak.
    public static let unsupportedData = WebSocketCloseCode(rawValue: 1003)
    /// 1008: the peer broke a rule of this server: too slow to read its
    /// frames, too fast to send, or silent for too long after connecting.
    public static let policyViolation = WebSocketCloseCode(rawValue: 1008)
    /// 1009: a message larger than this endpoint accepts.
    public static let messageTooBig = WebSocketCloseCode(rawValue: 1009)
    /// 1011: the server met a condition it could not handle.
    public static let internalError = WebSocketCloseCode(rawValue: 1011)
    /// 1013: the server is at its limit; try again later.
    public static let tryAgainLater = WebSocketCloseCode(rawValue: 1013)

    /// The bare number, as logs and metrics print a close.
    public var description: String { String(rawValue) }
}
