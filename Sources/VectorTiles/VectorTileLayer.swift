/// One layer of a tile: its features, and the key and value tables their tags index.
/// Read-only, because every tag was checked against these tables when the
/// layer was decoded, which is what lets `properties(of:)` index them directly.
package struct VectorTileLayer: Sendable {
    package let name: String
    package let version: UInt32
    /// Tile coordinates run from 0 to `extent` across the tile (4096 unless the layer says).
    package let extent: UInt32
    package let keys: [String]
    package let values: [VectorTileValue]
    package let features: [VectorTileFeature]
    /// Every feature's tags, one after another: a key index, then a value index (`tagRange`).
    package let tagPool: [UInt32]

    /// The tags of `feature`: (key index, value index) pairs into `keys` and `values`, in its order.
    package func tags(of feature: VectorTileFeature) -> [(key: UInt32, value: UInt32)] {
        stride(from: feature.tagRange.lowerBound, to: feature.tagRange.upperBound, by: 2).map {
            (tagPool[$0], tagPool[$0 + 1])
        }
    }

    /// The properties of `feature` as (key, value) pairs, in the order its tags list them.
    package func properties(of feature: VectorTileFeature) -> [(key: String, value: VectorTileValue)] {
        tags(of: feature).map { (keys[Int($0.key)], values[Int($0.value)]) }
    }

    static func decode(_ reader: inout ProtobufReader, source: [UInt8]) throws(VectorTileError) -> VectorTileLayer {
        let layerStart = reader.offset
        var name: String?
        var version: UInt64 = 1
        var extent: UInt64 = 4096
        var keys: [String] = []
        var values: [VectorTileValue] = []
        var features: [VectorTileFeature] = []
        var tagPool: [UInt32] = []
        while !reader.isAtEnd {
            let start = reader.offset
            let (field, wireType) = try reader.readKey()
            switch field {
            case 1:
                try reader.expect(.lengthDelimited, got: wireType, field: field, at: start)
                name = try Self.string(&reader)
            case 2:
                try reader.expect(.lengthDelimited, got: wireType, field: field, at: start)
                let range = try reader.readLengthDelimited()
                var featureReader = ProtobufReader(reader.bytes, range: range)
                features.append(try VectorTileFeature.decode(&featureReader, source: source, tagPool: &tagPool))
            case 3:
                try reader.expect(.lengthDelimited, got: wireType, field: field, at: start)
                keys.append(try Self.string(&reader))
            case 4:
                try reader.expect(.lengthDelimited, got: wireType, field: field, at: start)
                let range = try reader.readLengthDelimited()
                var valueReader = ProtobufReader(reader.bytes, range: range)
                values.append(try VectorTileValue.decode(&valueReader))
            case 5:
                try reader.expect(.varint, got: wireType, field: field, at: start)
                extent = try reader.readVarint()
                guard extent > 0 && extent <= UInt64(Int32.max) else { throw .invalidExtent(extent, offset: start) }
            case 15:
                try reader.expect(.varint, got: wireType, field: field, at: start)
                version = try reader.readVarint()
                guard version == 1 || version == 2 else { throw .unsupportedVersion(version, offset: start) }
            default:
                try reader.skip(field: field, wireType: wireType)
            }
        }
        guard let name else { throw .layerWithoutName(offset: layerStart) }
        // Keys and values may come after the features that use them, so tags are checked once the layer is read.
        for feature in features {
            for i in stride(from: feature.tagRange.lowerBound, to: feature.tagRange.upperBound, by: 2)
            where Int(tagPool[i]) >= keys.count || Int(tagPool[i + 1]) >= values.count {
                throw .tagIndexOutOfRange(offset: feature.offset)
            }
        }
        return VectorTileLayer(
            name: name, version: UInt32(version), extent: UInt32(extent), keys: keys, values: values,
            features: features, tagPool: tagPool)
    }

    /// The layer's name, read past its other fields without decoding them; nil when it has none. The
    /// last of several names is the one a full decode keeps (a later field replaces an earlier one).
    static func name(_ reader: inout ProtobufReader) throws(VectorTileError) -> String? {
        var name: String?
        while !reader.isAtEnd {
            let start = reader.offset
            let (field, wireType) = try reader.readKey()
            guard field == 1 else {
                try reader.skip(field: field, wireType: wireType)
                continue
            }
            try reader.expect(.lengthDelimited, got: wireType, field: field, at: start)
            name = try string(&reader)
        }
        return name
    }

    private static func string(_ reader: inout ProtobufReader) throws(VectorTileError) -> String {
        let range = try reader.readLengthDelimited()
        guard let text = String(validating: reader.bytes[range], as: UTF8.self) else {
            throw .invalidUTF8(offset: range.lowerBound)
        }
        return text
    }
}
