/// A request target split into its path, percent-decoded once, and its query,
/// left as sent for the route to decode (RFC 3986: `+` is a plus in a path; a
/// query's `+` and escapes are the form encoding's, read by whoever reads the
/// parameters).
struct RequestTarget: Sendable, Equatable {
    /// The path, percent-decoded once: `/api/annotations/a+b` names `a+b`.
    var path: String
    /// The query without `?`, exactly as sent; empty when there is none.
    var query: String
    /// The authority of an absolute-form target (`http://host:port/path`),
    /// which RFC 9112 says wins over `Host`.
    var authority: String?

    /// Reads `target` (origin form `/path?query`, absolute form
    /// `http://host/path?query`, or `*` for `OPTIONS`); throws the 400 that
    /// says what is wrong with it.
    init(_ target: String) throws(Refusal) {
        var rest = Substring(target)
        let lower = target.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            rest = rest.dropFirst(lower.hasPrefix("http://") ? 7 : 8)
            let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
            if rest.isEmpty || rest.first == "?" { rest = "/" + rest }
        } else if target == "*" {
            path = "*"
            query = ""
            return
        }
        guard rest.first == "/" else {
            throw Refusal(400, "the request target must be a path starting with /")
        }
        if rest.contains("#") { throw Refusal(400, "the request target holds a fragment (#)") }
        let questionMark = rest.firstIndex(of: "?") ?? rest.endIndex
        query = questionMark == rest.endIndex ? "" : String(rest[rest.index(after: questionMark)...])
        path = try Self.percentDecoded(rest[..<questionMark], what: "path")
        // Checked here so every route refuses the same escapes; the route decodes its parameters itself.
        _ = try Self.percentDecoded(Substring(query), what: "query", requiresUTF8: false)
    }

    /// `%XX` escapes turned into bytes, once; nothing else changes. Throws a
    /// 400 for a malformed escape, an escaped NUL or bytes that are not UTF-8.
    static func percentDecoded(_ text: Substring, what: String, requiresUTF8: Bool = true) throws(Refusal) -> String {
        let utf8 = Array(text.utf8)
        guard utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                index += 1
                continue
            }
            guard index + 2 < utf8.count, let high = hexValue(utf8[index + 1]),
                let low = hexValue(utf8[index + 2])
            else {
                let shown = String(decoding: utf8[index..<min(utf8.count, index + 3)], as: UTF8.self)
                throw Refusal(400, "the \(what) holds a malformed percent-escape \"\(shown)\"")
            }
            let decoded = high << 4 | low
            if decoded == 0 { throw Refusal(400, "the \(what) holds an escaped NUL (%00)") }
            bytes.append(decoded)
            index += 3
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            if !requiresUTF8 { return "" }
            throw Refusal(400, "the \(what) is not UTF-8 once percent-decoded")
        }
        return decoded
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
