import HTTPTypes
import SessionTransport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One HTTP/1.1 answer as it goes on the wire: status line, the fields every
/// answer carries (`Server`, `Date`, the security headers, `Content-Length`),
/// the answer's own, and the body unless the request was `HEAD`.
struct HTTPAnswer: Sendable {
    var status: Int
    var contentType: String?
    var body: [UInt8]
    /// Fields beyond the common ones: `Allow`, `WWW-Authenticate`, `ETag`, ...
    var fields: [(name: String, value: String)] = []
    /// Dynamic answers are never stored; files say how long they stay fresh.
    var cacheControl = "no-store"

    init(status: Int, contentType: String?, body: [UInt8], fields: [(name: String, value: String)] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.fields = fields
    }

    /// A route's answer as it is sent, with its own fields.
    init(_ response: RouteResponse) {
        let contentType = response.head.headerFields[.contentType]
        let fields = response.head.headerFields.filter { $0.name != .contentType && $0.name != .contentLength }
        self.init(
            status: response.status, contentType: contentType, body: response.body,
            fields: fields.map { (name: $0.name.rawName, value: $0.value) })
    }

    /// The error shape of the whole server, with any fields the refusal names.
    init(_ refusal: Refusal) {
        self.init(refusal.response)
    }

    /// 1xx, 204 and 304 answers have no body and no `Content-Length` of their own (RFC 9110 8.6).
    var hasContent: Bool { status >= 200 && status != 204 && status != 304 }

    /// The bytes to send: the head, then the body unless `omitBody` (a
    /// `HEAD` request, whose head still gives the length a `GET` would get).
    func serialized(omitBody: Bool, closes: Bool, common: CommonFields) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reasonPhrase(status))\r\n"
        head += "Server: MapWire\r\nDate: \(common.date())\r\n"
        for (name, value) in common.security { head += "\(name): \(value)\r\n" }
        if hasContent {
            if let contentType { head += "Content-Type: \(contentType)\r\n" }
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "Cache-Control: \(cacheControl)\r\n"
        for (name, value) in fields { head += "\(name): \(value)\r\n" }
        if closes { head += "Connection: close\r\n" }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if hasContent && !omitBody { bytes += body }
        return bytes
    }

    /// RFC 9110's reason phrases for the statuses this server sends.
    static func reasonPhrase(_ status: Int) -> String {
        let phrases = [
            100: "Continue", 101: "Switching Protocols", 200: "OK", 201: "Created", 204: "No Content",
            301: "Moved Permanently", 304: "Not Modified", 400: "Bad Request", 401: "Unauthorized",
            403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable",
            408: "Request Timeout", 409: "Conflict", 411: "Length Required", 413: "Content Too Large",
            414: "URI Too Long", 415: "Unsupported Media Type", 417: "Expectation Failed",
            421: "Misdirected Request", 426: "Upgrade Required", 429: "Too Many Requests",
            431: "Request Header Fields Too Large", 500: "Internal Server Error", 501: "Not Implemented",
            503: "Service Unavailable", 505: "HTTP Version Not Supported",
        ]
        return phrases[status] ?? "Status \(status)"
    }

    /// `100 Continue`, sent before a body the client holds back until asked (RFC 9110 10.1.1).
    static let continueHead = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
}

/// The fields every answer carries, made once per server; `Date` is
/// formatted once a second.
final class CommonFields {
    let security: [(name: String, value: String)]
    private var second = 0
    private var formatted = ""

    init(allowedOrigins: [String]) {
        security = SecurityHeaders.all(allowedOrigins: allowedOrigins)
    }

    /// Now, as an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`).
    func date() -> String {
        var now = time(nil)
        if Int(now) == second, !formatted.isEmpty { return formatted }
        second = Int(now)
        var parts = tm()
        gmtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 40)
        let count = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        formatted = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return formatted
    }
}
