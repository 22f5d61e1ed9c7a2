import Foundation
import Glibc

/// Plain POSIX-socket clients for the in-process server tests: just enough
/// HTTP/1.1 and RFC 6455 to check the real server over real sockets.
struct TestClientError: Error, CustomStringConvertible {
    var description: String
}

/// How long a read waits before the test calls it a hang: a guard, not a
/// speed budget, generous for a debug build on a busy machine.
let testHangGuard: TimeInterval = 30

/// A blocking TCP connection to 127.0.0.1 with a read timeout.
final class TestSocket {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int, timeout: TimeInterval = testHangGuard) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestClientError(description: "socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw TestClientError(description: "connect to port \(port) failed: errno \(errno)")
        }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - floor(timeout)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var on: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close(fd) }

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw TestClientError(description: "send failed: errno \(errno)") }
            offset += n
        }
    }

    func write(_ text: String) throws { try write(Array(text.utf8)) }

    /// Reads more bytes into the buffer; false on EOF or timeout.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<n])
        return true
    }

    func read(exactly count: Int) throws -> [UInt8] {
        while buffer.count < count {
            guard fill() else {
                throw TestClientError(description: "connection ended after \(buffer.count)/\(count) bytes")
            }
        }
        let out = Array(buffer[0..<count])
        buffer.removeFirst(count)
        return out
    }

    /// Reads through the blank line that ends an HTTP head.
    func readHead() throws -> String {
        let terminator: [UInt8] = [13, 10, 13, 10]
        while true {
            if let range = buffer.firstRange(of: terminator) {
                let head = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                buffer.removeFirst(range.upperBound)
                return head
            }
            guard fill() else { throw TestClientError(description: "no HTTP head") }
        }
    }

    /// True when the peer closed the socket (EOF, or a reset) within the read
    /// timeout; false when the timeout ran out first.
    func readsEOF() -> Bool {
        buffer.removeAll()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { continue }
            if n == 0 { return true }
            if errno == EINTR { continue }
            return errno != EAGAIN && errno != EWOULDBLOCK
        }
    }
}

/// A parsed HTTP response.
struct TestHTTPResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
    var json: [String: Any]? { try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] }
}

func parseHead(_ head: String) -> (status: Int, headers: [String: String]) {
    let lines = head.components(separatedBy: "\r\n")
    let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return (status, headers)
}

/// One HTTP/1.1 request on a fresh connection.
func httpRequest(
    port: Int, method: String = "GET", path: String, body: [UInt8] = [],
    extraHeaders: [String] = []
) throws -> TestHTTPResponse {
    let socket = try TestSocket(port: port)
    var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
    if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
    for header in extraHeaders { head += header + "\r\n" }
    try socket.write(Array((head + "\r\n").utf8) + body)
    let (status, headers) = parseHead(try socket.readHead())
    let length = Int(headers["content-length"] ?? "0") ?? 0
    return TestHTTPResponse(status: status, headers: headers, body: try socket.read(exactly: length))
}

/// A WebSocket client over `TestSocket`.
final class TestWebSocket {
    enum Message: Equatable {
        case binary([UInt8])
        case text(String)
        case close(code: UInt16?, reason: String)
    }

    let socket: TestSocket
    let handshake: (status: Int, headers: [String: String])

    init(
        port: Int, path: String = "/ws", subprotocol: String? = "mapwire.v1", extraHeaders: [String] = [],
        timeout: TimeInterval = testHangGuard
    ) throws {
        socket = try TestSocket(port: port, timeout: timeout)
        var request =
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
            + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        if let subprotocol { request += "Sec-WebSocket-Protocol: \(subprotocol)\r\n" }
        for header in extraHeaders { request += header + "\r\n" }
        try socket.write(request + "\r\n")
        // A refused upgrade may just be a hang-up: status 0.
        handshake = (try? socket.readHead()).map(parseHead) ?? (0, [:])
    }

    var upgraded: Bool { handshake.status == 101 }

    /// Sends one frame (client frames are masked, RFC 6455 5.3).
    func sendFrame(opcode: UInt8, _ payload: [UInt8], fin: Bool = true) throws {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
        try socket.write(frame)
    }

    func send(_ message: [UInt8]) throws { try sendFrame(opcode: 2, message) }
    func sendText(_ text: String) throws { try sendFrame(opcode: 1, Array(text.utf8)) }

    /// Reads one whole message, joining fragments; answers pings unless told not to.
    func receive(answeringPings: Bool = true) throws -> Message {
        var payload: [UInt8] = []
        var messageOpcode: UInt8 = 0
        while true {
            let head = try socket.read(exactly: 2)
            let fin = head[0] & 0x80 != 0
            let opcode = head[0] & 0x0F
            var length = Int(head[1] & 0x7F)
            if length == 126 {
                let ext = try socket.read(exactly: 2)
                length = Int(ext[0]) << 8 | Int(ext[1])
            } else if length == 127 {
                length = try socket.read(exactly: 8).reduce(0) { $0 << 8 | Int($1) }
            }
            let data = try socket.read(exactly: length)
            switch opcode {
            case 8:
                let code = data.count >= 2 ? UInt16(data[0]) << 8 | UInt16(data[1]) : nil
                return .close(code: code, reason: String(decoding: data.dropFirst(2), as: UTF8.self))
            case 9:
                if answeringPings { try sendFrame(opcode: 10, data) }
                continue
            case 10:
                continue
            default:
                if opcode != 0 { messageOpcode = opcode }
                payload += data
                guard fin else { continue }
                return messageOpcode == 1 ? .text(String(decoding: payload, as: UTF8.self)) : .binary(payload)
            }
        }
    }

    /// Reads messages until a close frame arrives; returns it.
    func receiveClose(answeringPings: Bool = true) throws -> Message {
        while true {
            let message = try receive(answeringPings: answeringPings)
            if case .close = message { return message }
        }
    }
}
