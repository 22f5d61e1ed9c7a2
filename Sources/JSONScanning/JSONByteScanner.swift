import Foundation

/// A strict JSON reader over bytes for the bodies that arrive by the
/// thousand (NDJSON import lines, feed batches): what `JSONSerialization`
/// refuses it refuses too, a string that is not valid UTF-8 included.
/// Foundation's decoders build a tree or go through `Decimal` for every
/// number; the readers built on this one keep only the fields they need and
/// skip the rest.
package struct JSONByteScanner {
    /// Text that is not JSON, or JSON that is not what the reader expects.
    enum Failure: Error {
        case invalidJSON(String)
        /// A string whose bytes are not UTF-8, or that escapes half a
        /// surrogate pair: refused rather than repaired, which would change
        /// the sender's text without a word (`InvalidUTF8` says where).
        case invalidUTF8(String)
        case problem(Problem)
    }

    /// What a reader found wrong in well-formed JSON, with the id of the item when it was read first.
    package struct Problem: Error {
        package var message: String
        package var id: String?

        /// "line 4 (id \"a\"): " and the like: where, then the id when it was read.
        package func place(_ where: String) -> String {
            guard let id else { return `where` + ": " }
            return "\(`where`) (id \"\(id.prefix(80))\"): "
        }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var i: Int
    /// Objects and arrays open around the scanner now.
    private var depth = 0
    /// Deeper nesting is refused, as `JSONSerialization` refuses it: the
    /// reading recurses, and a body of a few thousand `[` would otherwise
    /// run a thread out of stack.
    static let maxDepth = 512

    /// `bytes` must be followed in memory by a byte that cannot continue a
    /// number (the caller ends its buffer with 0), so `strtod` stops there.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        i = 0
    }

    var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

    /// Whether a number starts here (a minus or a digit).
    var atNumber: Bool {
        guard let c = peek else { return false }
        return c == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
    }

    private mutating func enter() throws(Failure) {
        guard depth < Self.maxDepth else { throw invalid("nested more than \(Self.maxDepth) deep") }
        depth += 1
    }

    func invalid(_ what: String) -> Failure {
        .invalidJSON("\(what) at column \(i + 1)")
    }

    func notUTF8() -> Failure {
        .invalidUTF8("a string that is not valid UTF-8 before column \(i + 1)")
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D || bytes[i] == 0x0A { i += 1 }
    }

    /// An object, calling `member` with the scanner at each value.
    mutating func object(_ member: (inout JSONByteScanner, String) throws(Failure) -> Void)
        throws(Failure)
    {
        try sequence(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), of: "an object") { s throws(Failure) in
            guard s.peek == UInt8(ascii: "\"") else { throw s.invalid("expected a key in quotes") }
            let key = try s.string()
            s.skipSpace()
            guard s.peek == UInt8(ascii: ":") else { throw s.invalid("expected ':' after a key") }
            s.i += 1
            s.skipSpace()
            guard s.peek != nil else { throw s.invalid("unexpected end of the line") }
            try member(&s, key)
        }
    }

    /// An array, calling `element` with the scanner at each value.
    mutating func array(_ element: (inout JSONByteScanner) throws(Failure) -> Void) throws(Failure) {
        try sequence(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), of: "an array") { s throws(Failure) in
            guard s.peek != nil else { throw s.invalid("unexpected end of the line") }
            try element(&s)
        }
    }

    /// The items between `open` and `close`, separated by commas; `item`
    /// reads each from where it starts. One level deeper while it runs.
    private mutating func sequence(
        open: UInt8, close: UInt8, of kind: String,
        _ item: (inout JSONByteScanner) throws(Failure) -> Void
    ) throws(Failure) {
        guard peek == open else { throw invalid("expected \(kind)") }
        try enter()
        defer { depth -= 1 }
        i += 1
        skipSpace()
        if peek == close {
            i += 1
            return
        }
        while true {
            skipSpace()
            try item(&self)
            skipSpace()
            switch peek {
            case UInt8(ascii: ","): i += 1
            case close?:
                i += 1
                return
            default: throw invalid("expected ',' or '\(Character(Unicode.Scalar(close)))' in \(kind)")
            }
        }
    }

    mutating func skipValue() throws(Failure) {
        skipSpace()
        switch peek {
        case UInt8(ascii: "{"):
            try object { (s: inout JSONByteScanner, _: String) throws(Failure) in try s.skipValue() }
        case UInt8(ascii: "["):
            try array { (s: inout JSONByteScanner) throws(Failure) in try s.skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case _ where atNumber:
            _ = try number()
        case nil: throw invalid("unexpected end of the line")
        default: throw invalid("unexpected character")
        }
    }

    mutating func literal(_ word: StaticString) throws(Failure) {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count,
            memcmp(bytes.baseAddress! + i, word.utf8Start, n) == 0
        else { throw invalid("invalid literal") }
        i += n
    }

    /// A JSON number, checked against the grammar. A plain decimal whose
    /// digits make an integer below 2^53 with at most 22 of them after the
    /// point (a feed's coordinates) is that integer divided by a power of
    /// ten: both exact, so the one division rounds as `strtod` does
    /// (Clinger's fast path). Anything else is read by `strtod`.
    mutating func number() throws(Failure) -> Double {
        let start = i
        let negative = peek == UInt8(ascii: "-")
        if negative { i += 1 }
        guard let first = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw invalid("invalid number")
        }
        var digits: UInt64 = 0
        var exact = true
        if first == UInt8(ascii: "0") { i += 1 } else { _ = skipDigits(into: &digits, exact: &exact) }
        var decimals = 0
        if peek == UInt8(ascii: ".") {
            i += 1
            decimals = skipDigits(into: &digits, exact: &exact)
            guard decimals > 0 else { throw invalid("invalid number") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            exact = false
            i += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { i += 1 }
            guard skipDigits() > 0 else { throw invalid("invalid number") }
        }
        if exact, let scale = Self.exactPowerOfTen(decimals) {
            let magnitude = Double(digits) / scale
            return negative ? -magnitude : magnitude
        }
        let value = (bytes.baseAddress! + start).withMemoryRebound(to: CChar.self, capacity: i - start + 1) {
            strtod($0, nil)
        }
        guard value.isFinite else { throw invalid("number too large") }
        return value
    }

    /// 10^k for k in 0...22, each exactly a Double (so is every step of
    /// the product); nil past them. Multiplied out rather than read from a
    /// static table, a lazy global checked at each read.
    private static func exactPowerOfTen(_ k: Int) -> Double? {
        guard k <= 22 else { return nil }
        var power = 1.0
        for _ in 0..<k { power *= 10 }
        return power
    }

    @discardableResult
    mutating func skipDigits() -> Int {
        let start = i
        while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
        return i - start
    }

    /// `skipDigits`, adding each digit to `digits` while the whole stays
    /// below 2^53 (else `exact` turns false). Returns how many it read.
    private mutating func skipDigits(into digits: inout UInt64, exact: inout Bool) -> Int {
        let start = i
        while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) {
            let next = digits &* 10 &+ UInt64(bytes[i] - UInt8(ascii: "0"))
            if digits > Self.exactLimit / 10 || next > Self.exactLimit { exact = false }
            digits = next
            i += 1
        }
        return i - start
    }

    /// The largest integer below which every integer is exactly a Double.
    private static var exactLimit: UInt64 { 1 << 53 }

    /// A string; the fast path (no escapes) copies its bytes once.
    mutating func string() throws(Failure) -> String {
        i += 1
        let start = i
        // Every byte OR-ed together: below 0x80, all ASCII, which is UTF-8 without checking (checking
        // costs three times what decoding does, and a body of mostly ASCII strings would pay it everywhere).
        var bits: UInt8 = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                let text = UnsafeBufferPointer(rebasing: bytes[start..<i])
                let s = bits < 0x80 ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
                guard let s else { throw notUTF8() }
                i += 1
                return s
            }
            if c == UInt8(ascii: "\\") { return try escapedString(from: start) }
            if c < 0x20 { throw invalid("control character in a string") }
            bits |= c
            i += 1
        }
        throw invalid("unterminated string")
    }

    mutating func escapedString(from start: Int) throws(Failure) -> String {
        var out = Array(bytes[start..<i])
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                guard let s = String(validating: out, as: UTF8.self) else { throw notUTF8() }
                i += 1
                return s
            }
            if c < 0x20 { throw invalid("control character in a string") }
            guard c == UInt8(ascii: "\\") else {
                out.append(c)
                i += 1
                continue
            }
            i += 1
            guard let e = peek else { break }
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar), peek == UInt8(ascii: "\\"), i + 1 < bytes.count,
                    bytes[i + 1] == UInt8(ascii: "u")
                {
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw notUTF8() }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let u = Unicode.Scalar(scalar) else { throw notUTF8() }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default: throw invalid("invalid escape in a string")
            }
        }
        throw invalid("unterminated string")
    }

    mutating func hex4() throws(Failure) -> UInt32 {
        guard i + 4 <= bytes.count else { throw invalid("invalid \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw invalid("invalid \\u escape")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }
}
