@testable import VectorTiles

/// A JSON value as fixtures/tiles/reference.json.gz holds it, and as our decoding
/// is written for comparison: the shapes scripts/make_tile_fixtures.py writes.
indirect enum ReferenceJSON: Equatable, Sendable {
    case int(Int64)
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
    case array([ReferenceJSON])
    case object([String: ReferenceJSON])

    /// Parses JSON text. A parser of its own rather than JSONDecoder: a Decodable enum can only guess its case by
    /// trying each and catching the failure, which took over half a minute for the city tiles' millions of values
    /// in a debug build.
    init(parsing bytes: [UInt8]) throws(ReferenceJSONError) {
        var parser = ReferenceJSONParser(bytes: bytes)
        self = try parser.value()
        parser.skipSpace()
        guard parser.index == bytes.count else { throw .unexpected(at: parser.index) }
    }

    subscript(key: String) -> ReferenceJSON? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    var list: [ReferenceJSON] {
        if case .array(let items) = self { return items }
        return []
    }

    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var integer: Int? {
        if case .int(let value) = self { return Int(value) }
        return nil
    }

    /// A property value as the reference tags it, floats made Double whether JSON wrote them with a point or not.
    var normalizedProperty: ReferenceJSON {
        if case .object(let fields) = self, case .int(let whole)? = fields["float"] {
            return .object(["float": .number(Double(whole))])
        }
        return self
    }
}

/// Our decoding of a feature in the reference's shapes: mapbox_vector_tile's
/// dictionaries, with values tagged by kind as the fixtures script tags them.
enum ReferenceShape {
    static func property(_ value: VectorTileValue) -> ReferenceJSON {
        switch value {
        case .string(let text): .object(["string": .string(text)])
        case .float(let number): .object(["float": .number(Double(number))])
        case .double(let number): .object(["float": .number(number)])
        case .int(let number), .sint(let number): .object(["int": .string(String(number))])
        case .uint(let number): .object(["int": .string(String(number))])
        case .bool(let flag): .object(["bool": .bool(flag)])
        }
    }

    /// GeoJSON-like, as the reference decoder writes it: one part is Point,
    /// LineString or Polygon, several the Multi form; rings closed.
    static func geometry(_ geometry: VectorTileGeometry) -> ReferenceJSON {
        func point(_ p: TilePoint) -> ReferenceJSON { .array([.int(Int64(p.x)), .int(Int64(p.y))]) }
        func path(_ points: [TilePoint]) -> ReferenceJSON { .array(points.map(point)) }
        func ring(_ points: [TilePoint]) -> ReferenceJSON {
            path(points.first == points.last ? points : points + points.prefix(1))
        }
        func polygon(_ p: TilePolygon) -> ReferenceJSON { .array(([p.exterior] + p.interiors).map(ring)) }
        func shape(_ type: String, _ coordinates: ReferenceJSON) -> ReferenceJSON {
            .object(["type": .string(type), "coordinates": coordinates])
        }
        switch geometry {
        case .points(let points) where points.count == 1: return shape("Point", point(points[0]))
        case .points(let points): return shape("MultiPoint", path(points))
        case .lines(let lines) where lines.count == 1: return shape("LineString", path(lines[0]))
        case .lines(let lines): return shape("MultiLineString", .array(lines.map(path)))
        case .polygons(let polygons) where polygons.count == 1: return shape("Polygon", polygon(polygons[0]))
        case .polygons(let polygons): return shape("MultiPolygon", .array(polygons.map(polygon)))
        case .unknown: return .object([:])
        }
    }

    static func feature(_ feature: VectorTileFeature, in layer: VectorTileLayer) throws -> ReferenceJSON {
        var properties: [String: ReferenceJSON] = [:]
        // Later tags win, as in the reference decoder's dictionary.
        for (key, value) in layer.properties(of: feature) { properties[key] = property(value) }
        return .object([
            "id": .int(Int64(bitPattern: feature.id ?? 0)),
            "type": .int(Int64(feature.type.rawValue)),
            "properties": .object(properties),
            "geometry": geometry(try feature.decodeGeometry()),
        ])
    }
}

struct ReferenceJSONError: Error {
    let offset: Int

    static func unexpected(at offset: Int) -> Self { Self(offset: offset) }
}

/// Just the JSON Python's json module writes: no comments, no trailing commas.
private struct ReferenceJSONParser {
    let bytes: [UInt8]
    var index = 0

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0a, 0x0d, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func value() throws(ReferenceJSONError) -> ReferenceJSON {
        skipSpace()
        guard index < bytes.count else { throw .unexpected(at: index) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default: return try number()
        }
    }

    private mutating func literal(_ word: String, _ value: ReferenceJSON) throws(ReferenceJSONError) -> ReferenceJSON {
        let end = index + word.utf8.count
        guard end <= bytes.count, bytes[index..<end].elementsEqual(word.utf8) else { throw .unexpected(at: index) }
        index = end
        return value
    }

    private mutating func expect(_ byte: Unicode.Scalar) throws(ReferenceJSONError) {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: byte) else { throw .unexpected(at: index) }
        index += 1
    }

    /// Whether the next byte closes the container, consuming it if so.
    private mutating func closes(_ byte: Unicode.Scalar) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: byte) else { return false }
        index += 1
        return true
    }

    private mutating func object() throws(ReferenceJSONError) -> ReferenceJSON {
        index += 1
        var fields: [String: ReferenceJSON] = [:]
        if closes("}") { return .object(fields) }
        while true {
            skipSpace()
            let key = try string()
            try expect(":")
            fields[key] = try value()
            if closes("}") { return .object(fields) }
            try expect(",")
        }
    }

    private mutating func array() throws(ReferenceJSONError) -> ReferenceJSON {
        index += 1
        var items: [ReferenceJSON] = []
        if closes("]") { return .array(items) }
        while true {
            items.append(try value())
            if closes("]") { return .array(items) }
            try expect(",")
        }
    }

    /// Integers (no point, no exponent) as Int64 so 64-bit ids stay exact; anything else as Double.
    private mutating func number() throws(ReferenceJSONError) -> ReferenceJSON {
        let start = index
        var isInteger = true
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"): break
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): isInteger = false
            default: return try numberValue(start, isInteger)
            }
            index += 1
        }
        return try numberValue(start, isInteger)
    }

    private func numberValue(_ start: Int, _ isInteger: Bool) throws(ReferenceJSONError) -> ReferenceJSON {
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let whole = Int64(text) { return .int(whole) }
        guard !text.isEmpty, let number = Double(text) else { throw .unexpected(at: start) }
        return .number(number)
    }

    private mutating func string() throws(ReferenceJSONError) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw .unexpected(at: index) }
        index += 1
        var utf8: [UInt8] = []
        var runStart = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                utf8.append(contentsOf: bytes[runStart..<index])
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                utf8.append(contentsOf: bytes[runStart..<index])
                try escape(into: &utf8)
                runStart = index
            default:
                index += 1
            }
        }
        throw .unexpected(at: index)
    }

    /// One backslash escape, its character appended as UTF-8; \u escapes may be surrogate pairs.
    private mutating func escape(into utf8: inout [UInt8]) throws(ReferenceJSONError) {
        let start = index
        guard index + 1 < bytes.count else { throw .unexpected(at: start) }
        let letter = bytes[index + 1]
        index += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return utf8.append(letter)
        case UInt8(ascii: "b"): return utf8.append(0x08)
        case UInt8(ascii: "f"): return utf8.append(0x0c)
        case UInt8(ascii: "n"): return utf8.append(0x0a)
        case UInt8(ascii: "r"): return utf8.append(0x0d)
        case UInt8(ascii: "t"): return utf8.append(0x09)
        case UInt8(ascii: "u"): break
        default: throw .unexpected(at: start)
        }
        var code = try hex4()
        if (0xD800..<0xDC00).contains(code) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw .unexpected(at: start) }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw .unexpected(at: start) }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw .unexpected(at: start) }
        utf8.append(contentsOf: String(scalar).utf8)
    }

    private mutating func hex4() throws(ReferenceJSONError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw .unexpected(at: index) }
        let digits = String(decoding: bytes[index..<index + 4], as: UTF8.self)
        guard let code = UInt32(digits, radix: 16) else { throw .unexpected(at: index) }
        index += 4
        return code
    }
}
