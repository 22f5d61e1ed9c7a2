/// The geometry type a feature declares.
package enum VectorTileGeometryType: UInt8, Sendable {
    case unknown = 0
    case point = 1
    case lineString = 2
    case polygon = 3
}

/// One feature of a layer: id, type, tags, and its geometry's bytes, decoded on demand.
package struct VectorTileFeature: Sendable {
    /// The feature's id, when the tile gives one (the field is optional in the spec).
    package let id: UInt64?
    package let type: VectorTileGeometryType
    /// Where the feature's tags are in its layer's `tagPool`: (key index, value index) pairs into the
    /// layer's tables, checked against them when the layer was read. One pool a layer rather than an
    /// array a feature: a city tile has thousands of features.
    package let tagRange: Range<Int>
    /// Where the feature's message starts in the tile, for errors about it.
    package let offset: Int
    /// The tile's bytes, shared by every feature (copy on write, never copied).
    private let source: [UInt8]
    /// The packed geometry integers, as a range of `source`.
    private let geometryRange: Range<Int>

    /// The feature's points, lines or polygons in tile coordinates (y grows down).
    package func decodeGeometry() throws(VectorTileError) -> VectorTileGeometry {
        let type = type
        let range = geometryRange
        return try source.withUnsafeBytes { buffer in
            var reader = ProtobufReader(buffer, range: range)
            return Result { () throws(VectorTileError) in try GeometryDecoder.decode(&reader, type: type) }
        }.get()
    }

    static func decode(
        _ reader: inout ProtobufReader, source: [UInt8], tagPool tags: inout [UInt32]
    ) throws(VectorTileError) -> VectorTileFeature {
        let featureStart = reader.offset
        let tagStart = tags.count
        var id: UInt64?
        var type = VectorTileGeometryType.unknown
        var tagsPending: UInt32?
        var geometryRange = featureStart..<featureStart
        while !reader.isAtEnd {
            let start = reader.offset
            let (field, wireType) = try reader.readKey()
            switch field {
            case 1:
                try reader.expect(.varint, got: wireType, field: field, at: start)
                id = try reader.readVarint()
            case 2 where wireType == .lengthDelimited:
                let range = try reader.readLengthDelimited()
                var tagReader = ProtobufReader(reader.bytes, range: range)
                while !tagReader.isAtEnd {
                    try Self.appendTag(try tagReader.readVarint(), to: &tags, pending: &tagsPending, at: start)
                }
            case 2:
                // Protobuf writers may leave a repeated field unpacked; readers accept both.
                try reader.expect(.varint, got: wireType, field: field, at: start)
                try Self.appendTag(try reader.readVarint(), to: &tags, pending: &tagsPending, at: start)
            case 3:
                try reader.expect(.varint, got: wireType, field: field, at: start)
                let raw = try reader.readVarint()
                guard raw <= 3, let known = VectorTileGeometryType(rawValue: UInt8(raw)) else {
                    throw .unknownGeometryType(raw, offset: start)
                }
                type = known
            case 4:
                // Kept packed only: every writer packs geometry, and a range is what lets it be decoded later.
                try reader.expect(.lengthDelimited, got: wireType, field: field, at: start)
                geometryRange = try reader.readLengthDelimited()
            default:
                try reader.skip(field: field, wireType: wireType)
            }
        }
        guard tagsPending == nil else { throw .oddTagCount(offset: featureStart) }
        return VectorTileFeature(
            id: id, type: type, tagRange: tagStart..<tags.count, offset: featureStart, source: source,
            geometryRange: geometryRange)
    }

    private static func appendTag(
        _ raw: UInt64, to tags: inout [UInt32], pending: inout UInt32?, at offset: Int
    ) throws(VectorTileError) {
        guard raw <= UInt64(UInt32.max) else { throw .tagIndexOutOfRange(offset: offset) }
        if let key = pending {
            tags.append(key)
            tags.append(UInt32(raw))
            pending = nil
        } else {
            pending = UInt32(raw)
        }
    }
}
