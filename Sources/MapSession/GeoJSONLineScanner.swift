import Foundation

/// Reads one NDJSON line as a GeoJSON `Feature`, straight from its bytes.
///
/// An NDJSON import is up to 200,000 lines; Foundation's decoder took some
/// 8 µs a line, most of the import's time. This scanner reads the JSON
/// grammar itself (strict: what `JSONSerialization` refuses it refuses too,
/// except that invalid UTF-8 in strings is repaired rather than refused),
/// keeps only the fields `GeoJSONFeature` has and skips the rest. Its
/// problems read as the decoder's do: they name the property.
struct GeoJSONLineScanner {
    /// A line that is not JSON, or not a feature as an import reads it.
    enum Failure: Error {
        case invalidJSON(String)
        case problem(GeoJSONFeature.Problem)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var i: Int

    /// `bytes` must be followed in memory by a byte that cannot continue a
    /// number (the caller ends its buffer with 0), so `strtod` stops there.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        i = 0
    }

    /// The feature on the line; nothing but whitespace may follow it.
    static func feature(_ line: UnsafeBufferPointer<UInt8>) throws(Failure) -> GeoJSONFeature {
        var scanner = GeoJSONLineScanner(line)
        return try scanner.feature(toEnd: true)
    }

    /// The features of a `FeatureCollection` document, or nil when the
    /// document is anything else or has any problem: the caller then reads
    /// it with `JSONDecoder`, whose messages name the problem. Only a
    /// well-formed collection, the common case, takes this fast way.
    static func collection(_ document: UnsafeBufferPointer<UInt8>) -> [GeoJSONFeature]? {
        var s = GeoJSONLineScanner(document)
        var type: String?
        var features: [GeoJSONFeature]?
        do throws(Failure) {
            s.skipSpace()
            guard s.peek == UInt8(ascii: "{") else { return nil }
            try s.object { (s: inout GeoJSONLineScanner, key: String) throws(Failure) in
                switch key {
                case "type": type = try s.stringOrSkip()
                case "features":
                    guard s.peek == UInt8(ascii: "[") else { return try s.skipValue() }
                    s.i += 1
                    var list: [GeoJSONFeature] = []
                    s.skipSpace()
                    if s.peek == UInt8(ascii: "]") {
                        s.i += 1
                        features = list
                        return
                    }
                    while true {
                        s.skipSpace()
                        list.append(try s.feature(toEnd: false))
                        s.skipSpace()
                        switch s.peek {
                        case UInt8(ascii: ","): s.i += 1
                        case UInt8(ascii: "]"):
                            s.i += 1
                            features = list
                            return
                        default: throw s.invalid("expected ',' or ']' in an array")
                        }
                    }
                default: try s.skipValue()
                }
            }
            s.skipSpace()
        } catch {
            return nil
        }
        guard s.i == document.count, type == "FeatureCollection" else { return nil }
        return features
    }

    // MARK: The feature

    /// A feature object; with `toEnd`, nothing but whitespace may follow it.
    private mutating func feature(toEnd: Bool) throws(Failure) -> GeoJSONFeature {
        var f = GeoJSONFeature()
        var type: String?
        var propertiesID: String?
        var geometryType: String??
        var position: [Double]?
        func problem(_ message: String) -> Failure { .problem(.init(message: message, id: f.id ?? propertiesID)) }
        skipSpace()
        guard peek == UInt8(ascii: "{") else {
            if peek == nil { throw invalid("empty line") }
            try skipValue()
            skipSpace()
            guard i == bytes.count else { throw invalid("unexpected text after the value") }
            throw problem("a feature must be a JSON object")
        }
        try object { (s: inout GeoJSONLineScanner, key: String) throws(Failure) in
            switch key {
            case "type": type = try s.stringOrSkip()
            case "id": f.id = try s.identifier("id", problem)
            case "geometry":
                if s.peek == UInt8(ascii: "{") {
                    var t: String?
                    try s.object { (s: inout GeoJSONLineScanner, key: String) throws(Failure) in
                        switch key {
                        case "type": t = try s.stringOrSkip()
                        case "coordinates": position = try s.numbersOrSkip()
                        default: try s.skipValue()
                        }
                    }
                    geometryType = .some(t)
                } else {
                    try s.skipValue()
                    geometryType = .none
                }
            case "properties":
                if s.peek == UInt8(ascii: "n") {
                    try s.literal("null")
                    return
                }
                guard s.peek == UInt8(ascii: "{") else {
                    try s.skipValue()
                    throw problem("\"properties\" must be an object or null")
                }
                try s.object { (s: inout GeoJSONLineScanner, key: String) throws(Failure) in
                    switch key {
                    case "id": propertiesID = try s.identifier("id", problem)
                    case "title":
                        // `title` wins over `name`, whichever comes first.
                        if let title = try s.text("title", problem) { f.title = title }
                    case "name":
                        let name = try s.text("name", problem)
                        if f.title == nil { f.title = name }
                    case "subtitle": f.subtitle = try s.text("subtitle", problem)
                    case "kind": f.kind = try s.text("kind", problem)
                    case "clusteringIdentifier": f.clusteringIdentifier = try s.text("clusteringIdentifier", problem)
                    case "marker-color": f.markerColor = try s.text("marker-color", problem)
                    case "marker-symbol": f.markerSymbol = try s.text("marker-symbol", problem)
                    case "draggable":
                        switch s.peek {
                        case UInt8(ascii: "t"): try s.literal("true"); f.draggable = true
                        case UInt8(ascii: "f"): try s.literal("false"); f.draggable = false
                        case UInt8(ascii: "n"): try s.literal("null")
                        default:
                            try s.skipValue()
                            throw problem("\"properties.draggable\" must be true or false")
                        }
                    default: try s.skipValue()
                    }
                }
            default: try s.skipValue()
            }
        }
        if toEnd {
            skipSpace()
            guard i == bytes.count else { throw invalid("unexpected text after the feature") }
        }
        if f.id == nil { f.id = propertiesID }
        guard let type else { throw problem("\"type\" must be \"Feature\"") }
        guard type == "Feature" else {
            throw problem("\"type\" is \"\(type.prefix(40))\"; each item must be a \"Feature\" (with a Point geometry)")
        }
        guard case .some(let gt) = geometryType else {
            throw problem("\"geometry\" must be a Point object; it is missing or null")
        }
        guard gt == "Point" else {
            throw problem("geometry type \"\((gt ?? "").prefix(40))\" is not supported; "
                          + "only Point geometries (\"coordinates\": [longitude, latitude]) can be imported")
        }
        guard let position, (2...3).contains(position.count) else {
            throw problem("\"geometry.coordinates\" must be [longitude, latitude] (numbers)")
        }
        (f.longitude, f.latitude) = (position[0], position[1])
        return f
    }

    /// A string property; nil for null. Anything else is the caller's problem, named.
    private mutating func text(_ key: String, _ problem: (String) -> Failure) throws(Failure) -> String? {
        if peek == UInt8(ascii: "n") {
            try literal("null")
            return nil
        }
        guard peek == UInt8(ascii: "\"") else {
            try skipValue()
            throw problem("\"properties.\(key)\" must be a string")
        }
        return try string()
    }

    /// An id: a string, or a number written as its digits.
    private mutating func identifier(_ key: String, _ problem: (String) -> Failure) throws(Failure) -> String? {
        switch peek {
        case UInt8(ascii: "\""): return try string()
        case UInt8(ascii: "n"):
            try literal("null")
            return nil
        case let c? where c == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c):
            let d = try number()
            if let n = Int64(exactly: d) { return String(n) }
            return "\(d)"
        default:
            try skipValue()
            throw problem("\"\(key)\" must be a string or a number")
        }
    }

    private mutating func stringOrSkip() throws(Failure) -> String? {
        if peek == UInt8(ascii: "\"") { return try string() }
        try skipValue()
        return nil
    }

    /// A flat array of numbers, or nil (skipped) for anything else.
    private mutating func numbersOrSkip() throws(Failure) -> [Double]? {
        guard peek == UInt8(ascii: "[") else {
            try skipValue()
            return nil
        }
        let start = i
        i += 1
        var out: [Double] = []
        skipSpace()
        if peek == UInt8(ascii: "]") {
            i += 1
            return out
        }
        while true {
            skipSpace()
            guard let c = peek, c == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) else {
                i = start
                try skipValue()
                return nil
            }
            out.append(try number())
            skipSpace()
            switch peek {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "]"):
                i += 1
                return out
            default: throw invalid("expected ',' or ']' in an array")
            }
        }
    }

    // MARK: JSON grammar

    private var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

    private func invalid(_ what: String) -> Failure {
        .invalidJSON("\(what) at column \(i + 1)")
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D || bytes[i] == 0x0A { i += 1 }
    }

    /// An object, calling `member` with the scanner at each value.
    private mutating func object(_ member: (inout GeoJSONLineScanner, String) throws(Failure) -> Void)
        throws(Failure) {
        guard peek == UInt8(ascii: "{") else { throw invalid("expected an object") }
        i += 1
        skipSpace()
        if peek == UInt8(ascii: "}") {
            i += 1
            return
        }
        while true {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else { throw invalid("expected a key in quotes") }
            let key = try string()
            skipSpace()
            guard peek == UInt8(ascii: ":") else { throw invalid("expected ':' after a key") }
            i += 1
            skipSpace()
            guard peek != nil else { throw invalid("unexpected end of the line") }
            try member(&self, key)
            skipSpace()
            switch peek {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "}"):
                i += 1
                return
            default: throw invalid("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func skipValue() throws(Failure) {
        skipSpace()
        switch peek {
        case UInt8(ascii: "{"): try object { (s: inout GeoJSONLineScanner, _: String) throws(Failure) in try s.skipValue() }
        case UInt8(ascii: "["):
            i += 1
            skipSpace()
            if peek == UInt8(ascii: "]") {
                i += 1
                return
            }
            while true {
                try skipValue()
                skipSpace()
                switch peek {
                case UInt8(ascii: ","): i += 1
                case UInt8(ascii: "]"):
                    i += 1
                    return
                default: throw invalid("expected ',' or ']' in an array")
                }
            }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case let c? where c == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c):
            _ = try number()
        case nil: throw invalid("unexpected end of the line")
        default: throw invalid("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count,
              memcmp(bytes.baseAddress! + i, word.utf8Start, n) == 0 else { throw invalid("invalid literal") }
        i += n
    }

    /// A JSON number, checked against the grammar, read by `strtod`.
    private mutating func number() throws(Failure) -> Double {
        let start = i
        if peek == UInt8(ascii: "-") { i += 1 }
        guard let first = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw invalid("invalid number")
        }
        if first == UInt8(ascii: "0") { i += 1 } else { skipDigits() }
        if peek == UInt8(ascii: ".") {
            i += 1
            guard skipDigits() > 0 else { throw invalid("invalid number") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            i += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { i += 1 }
            guard skipDigits() > 0 else { throw invalid("invalid number") }
        }
        let value = (bytes.baseAddress! + start).withMemoryRebound(to: CChar.self, capacity: i - start + 1) {
            strtod($0, nil)
        }
        guard value.isFinite else { throw invalid("number too large") }
        return value
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = i
        while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
        return i - start
    }

    /// A string; the fast path (no escapes) copies its bytes once.
    private mutating func string() throws(Failure) -> String {
        i += 1
        let start = i
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                i += 1
                return s
            }
            if c == UInt8(ascii: "\\") { return try escapedString(from: start) }
            if c < 0x20 { throw invalid("control character in a string") }
            i += 1
        }
        throw invalid("unterminated string")
    }

    private mutating func escapedString(from start: Int) throws(Failure) -> String {
        var out = Array(bytes[start..<i])
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: out, as: UTF8.self)
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
                   bytes[i + 1] == UInt8(ascii: "u") {
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw invalid("invalid surrogate pair") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                let u = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default: throw invalid("invalid escape in a string")
            }
        }
        throw invalid("unterminated string")
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
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
