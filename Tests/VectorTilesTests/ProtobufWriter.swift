/// Writes protobuf bytes by hand, so tests can build tiles, well formed or
/// not, without a protobuf library.
struct ProtobufWriter {
    var bytes: [UInt8] = []

    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var out: [UInt8] = []
        while value >= 0x80 {
            out.append(UInt8(value & 0x7f) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
        return out
    }

    static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    mutating func key(_ field: UInt64, _ wireType: UInt64) {
        bytes += Self.varint(field << 3 | wireType)
    }

    mutating func varint(_ field: UInt64, _ value: UInt64) {
        key(field, 0)
        bytes += Self.varint(value)
    }

    mutating func message(_ field: UInt64, _ payload: [UInt8]) {
        key(field, 2)
        bytes += Self.varint(UInt64(payload.count)) + payload
    }

    mutating func string(_ field: UInt64, _ text: String) {
        message(field, Array(text.utf8))
    }

    mutating func fixed32(_ field: UInt64, _ value: UInt32) {
        key(field, 5)
        bytes += (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    mutating func fixed64(_ field: UInt64, _ value: UInt64) {
        key(field, 1)
        bytes += (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// A packed repeated varint field.
    mutating func packed(_ field: UInt64, _ values: [UInt64]) {
        message(field, values.flatMap(Self.varint))
    }
}

/// Geometry command integers, written as the spec's examples write them.
enum Command {
    static func moveTo(_ count: UInt64) -> UInt64 { count << 3 | 1 }
    static func lineTo(_ count: UInt64) -> UInt64 { count << 3 | 2 }
    static let closePath: UInt64 = 1 << 3 | 7

    /// Zigzagged cursor deltas for each point after the one before (the first from the origin).
    static func deltas(_ points: [(Int64, Int64)], from start: (Int64, Int64) = (0, 0)) -> [UInt64] {
        var cursor = start
        var out: [UInt64] = []
        for point in points {
            out += [ProtobufWriter.zigzag(point.0 - cursor.0), ProtobufWriter.zigzag(point.1 - cursor.1)]
            cursor = point
        }
        return out
    }

    /// A polygon ring: MoveTo the first point, LineTo the rest, ClosePath; continues from `cursor`.
    static func ring(_ points: [(Int64, Int64)], cursor: inout (Int64, Int64)) -> [UInt64] {
        let out =
            [moveTo(1)] + deltas([points[0]], from: cursor) + [lineTo(UInt64(points.count - 1))]
            + deltas(Array(points.dropFirst()), from: points[0]) + [closePath]
        cursor = points.last!
        return out
    }
}

/// Builds a one-layer tile from features given as (type, geometry, tags, id).
struct TileBuilder {
    var name = "test"
    var keys: [String] = []
    var values: [[UInt8]] = []
    var features: [[UInt8]] = []
    var extent: UInt64?

    mutating func feature(type: UInt64, geometry: [UInt64], tags: [UInt64] = [], id: UInt64? = nil) {
        var feature = ProtobufWriter()
        if let id { feature.varint(1, id) }
        if !tags.isEmpty { feature.packed(2, tags) }
        feature.varint(3, type)
        feature.packed(4, geometry)
        features.append(feature.bytes)
    }

    var layer: [UInt8] {
        var layer = ProtobufWriter()
        layer.varint(15, 2)
        layer.string(1, name)
        for feature in features { layer.message(2, feature) }
        for key in keys { layer.string(3, key) }
        for value in values { layer.message(4, value) }
        if let extent { layer.varint(5, extent) }
        return layer.bytes
    }

    var tile: [UInt8] {
        var tile = ProtobufWriter()
        tile.message(3, layer)
        return tile.bytes
    }
}
