import HTTPTypes

/// A request head as it came in: the request line and every field line, each
/// field kept once per line it arrived on, with its exact name.
struct HTTPRequestHead: Sendable {
    /// The method token, case-sensitive as HTTP says (`get` is not `GET`).
    var method: String
    /// The request target exactly as sent (origin form: path and query).
    var target: String
    /// The minor version: 0 for HTTP/1.0, 1 for HTTP/1.1 (and any later 1.x).
    var minorVersion: Int
    var fields: HTTPFields

    /// Whether the connection stays open after the answer: HTTP/1.1 unless
    /// `Connection: close`, HTTP/1.0 only with `Connection: keep-alive`.
    var keepsAlive: Bool {
        let options = connectionOptions
        if options.contains("close") { return false }
        return minorVersion >= 1 || options.contains("keep-alive")
    }

    /// The `Connection` field's options, lowercased, from every line of it.
    var connectionOptions: Set<String> {
        Set(fields[values: .connection].flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces().lowercased() })
    }
}

/// Reads a request head from the bytes a connection received, by RFC 9112:
/// `method SP request-target SP HTTP-version`, then `name: value` lines, then
/// an empty line. Field names must be tokens with the colon right after them
/// (no space before it), values visible characters, spaces and tabs; a line
/// folded onto the next (`obs-fold`) is refused. Every name is matched whole,
/// so no field can hide the one after it.
///
/// Lines end in CRLF; a bare LF is accepted as RFC 9112 allows, a bare CR is
/// refused. Empty lines before the request line are skipped.
enum HTTPHeadParser {
    /// Longest request target, in bytes (414 beyond).
    static let maxTargetBytes = 8 * 1024
    /// Longest field line, in bytes (431 beyond).
    static let maxFieldLineBytes = 8 * 1024
    /// Longest head, request line and fields together (431 beyond).
    static let maxHeadBytes = 32 * 1024
    /// Most field lines in one head (431 beyond).
    static let maxFields = 100

    enum Outcome: Sendable {
        /// The head is not complete yet (and within the limits so far).
        case incomplete
        /// A whole head, and the number of bytes it took (through the empty line).
        case head(HTTPRequestHead, length: Int)
        /// Not HTTP/1.x as RFC 9112 writes it: answer and close.
        case refused(Refusal)
    }

    static func parse(_ bytes: ArraySlice<UInt8>) -> Outcome {
        var reader = LineReader(bytes: bytes)
        // RFC 9112 2.2: skip empty lines before the request line.
        var requestLine: ArraySlice<UInt8>
        repeat {
            switch reader.nextLine(limit: maxTargetBytes + 64) {
            case .incomplete: return .incomplete
            case .tooLong: return .refused(targetTooLong)
            case .bareCR: return .refused(Refusal(400, "a bare CR in the request line"))
            case .line(let line): requestLine = line
            }
        } while requestLine.isEmpty && reader.consumed <= 8
        if requestLine.isEmpty { return .refused(Refusal(400, "empty lines instead of a request line")) }

        var head: HTTPRequestHead
        switch parseRequestLine(requestLine) {
        case .success(let parsed): head = parsed
        case .failure(let refusal): return .refused(refusal)
        }
        while true {
            if reader.consumed > maxHeadBytes { return .refused(headTooLarge) }
            switch reader.nextLine(limit: maxFieldLineBytes) {
            case .incomplete: return bytes.count > maxHeadBytes ? .refused(headTooLarge) : .incomplete
            case .tooLong: return .refused(Refusal(431, "a header line longer than \(maxFieldLineBytes) bytes"))
            case .bareCR: return .refused(Refusal(400, "a bare CR in a header line"))
            case .line(let line):
                if line.isEmpty {
                    if reader.consumed > maxHeadBytes { return .refused(headTooLarge) }
                    return .head(head, length: reader.consumed)
                }
                if head.fields.count >= maxFields {
                    return .refused(Refusal(431, "more than \(maxFields) header lines"))
                }
                switch parseField(line) {
                case .success(let field): head.fields.append(field)
                case .failure(let refusal): return .refused(refusal)
                }
            }
        }
    }

    static let targetTooLong = Refusal(414, "request target longer than \(maxTargetBytes) bytes")
    static let headTooLarge = Refusal(431, "request head larger than \(maxHeadBytes) bytes")

    private static func parseRequestLine(_ line: ArraySlice<UInt8>) -> Result<HTTPRequestHead, Refusal> {
        let parts = line.split(separator: UInt8(ascii: " "), maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            return .failure(Refusal(400, "malformed request line; expected \"METHOD target HTTP/1.1\""))
        }
        guard parts[0].allSatisfy(isTokenByte) else { return .failure(Refusal(400, "malformed method")) }
        if parts[1].count > maxTargetBytes { return .failure(targetTooLong) }
        guard parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .failure(
                Refusal(
                    400,
                    "the request target holds a space, a control or a non-ASCII byte; "
                        + "percent-encode it"))
        }
        let version = Array(parts[2])
        let prefix = Array("HTTP/".utf8)
        guard version.count == 8, Array(version[0..<5]) == prefix, isDigit(version[5]), version[6] == UInt8(ascii: "."),
            isDigit(version[7])
        else {
            return .failure(Refusal(400, "malformed HTTP version"))
        }
        guard version[5] == UInt8(ascii: "1") else {
            return .failure(
                Refusal(
                    505,
                    "HTTP/\(Character(UnicodeScalar(version[5]))).\(Character(UnicodeScalar(version[7]))) "
                        + "is not supported; use HTTP/1.1"))
        }
        return .success(
            HTTPRequestHead(
                method: String(decoding: parts[0], as: UTF8.self),
                target: String(decoding: parts[1], as: UTF8.self),
                minorVersion: Int(version[7] - UInt8(ascii: "0")), fields: HTTPFields()))
    }

    private static func parseField(_ line: ArraySlice<UInt8>) -> Result<HTTPField, Refusal> {
        if line.first == UInt8(ascii: " ") || line.first == UInt8(ascii: "\t") {
            return .failure(Refusal(400, "a header line folded onto the next (obs-fold) is not accepted"))
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            return .failure(Refusal(400, "a header line without a colon"))
        }
        let nameBytes = line[line.startIndex..<colon]
        guard !nameBytes.isEmpty, nameBytes.allSatisfy(isTokenByte),
            let name = HTTPField.Name(String(decoding: nameBytes, as: UTF8.self))
        else {
            let shown = String(decoding: nameBytes.prefix(60), as: UTF8.self).debugDescription
            return .failure(Refusal(400, "malformed header name \(shown) (no spaces before the colon)"))
        }
        var value = line[line.index(after: colon)...]
        while let first = value.first, first == 0x20 || first == 0x09 { value.removeFirst() }
        while let last = value.last, last == 0x20 || last == 0x09 { value.removeLast() }
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            return .failure(Refusal(400, "header \(name.rawName) holds a control character"))
        }
        return .success(HTTPField(name: name, value: value))
    }

    /// RFC 9110 `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}

/// Splits bytes into lines ending in LF (with or without the CR before it).
private struct LineReader {
    enum Line {
        case line(ArraySlice<UInt8>)
        case incomplete
        case tooLong
        case bareCR
    }

    let bytes: ArraySlice<UInt8>
    private var position: Int

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    /// Bytes taken by the lines read so far.
    var consumed: Int { position - bytes.startIndex }

    mutating func nextLine(limit: Int) -> Line {
        // The limit plus room for CRLF: a longer line is refused before its end arrives.
        let end = min(bytes.endIndex, position + limit + 2)
        guard let newline = bytes[position..<end].firstIndex(of: 0x0A) else {
            return end - position > limit + 1 ? .tooLong : .incomplete
        }
        var line = bytes[position..<newline]
        if line.last == 0x0D { line = line.dropLast() }
        if line.contains(0x0D) { return .bareCR }
        if line.count > limit { return .tooLong }
        position = newline + 1
        return .line(line)
    }
}
