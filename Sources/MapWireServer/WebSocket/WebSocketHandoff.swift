import HTTPTypes

/// A WebSocket opening handshake (RFC 6455 4.2.1) that passed every check,
/// rewritten for libwebsockets to complete: the request line and only the
/// fields the handshake needs, each written once under its own name. The
/// socket moves to lws with these bytes as the first it reads, so lws never
/// parses what the client wrote.
struct WebSocketHandoff: Sendable {
    var path: String
    var isFeed: Bool
    /// The rewritten handshake, then whatever the client sent after its head.
    var bytes: [UInt8]

    /// lws reads the handed-over bytes into its header buffer, which holds 2 KB.
    static let maxBytes = 2000

    /// Whether the client asks to switch to WebSocket. Any other `Upgrade`
    /// (`h2c` among them) is ignored, as RFC 9110 7.8 lets a server do, and
    /// the request is answered over HTTP/1.1.
    static func isRequested(_ head: HTTPRequestHead) -> Bool {
        let upgrades = head.fields[values: .upgrade].flatMap { $0.split(separator: ",") }
        return upgrades.contains { $0.trimmingSpaces().lowercased() == "websocket" }
    }

    /// Checks the handshake's fields and rewrites it; throws the answer for
    /// one that is not a valid WebSocket opening.
    init(head: HTTPRequestHead, path: String, isFeed: Bool, host: String, leftover: ArraySlice<UInt8>) throws(Refusal) {
        guard head.method == "GET" else {
            throw Refusal(400, "a WebSocket opening must be a GET")
        }
        guard head.minorVersion >= 1 else { throw Refusal(400, "a WebSocket opening needs HTTP/1.1") }
        guard head.connectionOptions.contains("upgrade") else {
            throw Refusal(400, "a WebSocket opening needs \"Connection: Upgrade\"")
        }
        let versions = head.fields[values: .secWebSocketVersion]
        guard versions == ["13"] else {
            var refusal = Refusal(426, "this server speaks WebSocket version 13 only")
            refusal.headers.append(("Sec-WebSocket-Version", "13"))
            throw refusal
        }
        let keys = head.fields[values: .secWebSocketKey]
        guard keys.count == 1, let key = keys.first, Self.isValidKey(key) else {
            throw Refusal(400, "a WebSocket opening needs one Sec-WebSocket-Key of 16 bytes in base64")
        }
        var text = "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        text += "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
        let protocols = head.fields[values: .secWebSocketProtocol].joined(separator: ", ")
        if !protocols.isEmpty { text += "Sec-WebSocket-Protocol: \(protocols)\r\n" }
        text += "\r\n"
        bytes = Array(text.utf8) + leftover
        guard bytes.count <= Self.maxBytes else {
            throw Refusal(431, "WebSocket opening larger than \(Self.maxBytes) bytes once rewritten")
        }
        self.path = path
        self.isFeed = isFeed
    }

    /// 24 characters of base64 that decode to 16 bytes (RFC 6455 4.1).
    static func isValidKey(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        guard bytes.count == 24, bytes[22] == UInt8(ascii: "="), bytes[23] == UInt8(ascii: "=") else { return false }
        return bytes[0..<22].allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "/")
        }
    }
}
