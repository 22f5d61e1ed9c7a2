/// A property value from a layer's value table: the seven kinds a Value message holds.
package enum VectorTileValue: Equatable, Hashable, Sendable {
    case string(String)
    case float(Float)
    case double(Double)
    case int(Int64)
    case uint(UInt64)
    case sint(Int64)
    case bool(Bool)

    /// Reads one Value message. Protobuf lets a later field replace an earlier
    /// one, so with several value fields the last wins, as in any protobuf reader.
    static func decode(_ reader: inout ProtobufReader) throws(VectorTileError) -> VectorTileValue {
        let messageStart = reader.offset
        var value: VectorTileValue?
        while !reader.isAtEnd {
            let start = reader.offset
            let (field, wireType) = try reader.readKey()
            switch field {
            case 1:
                try reader.expect(.lengthDelimited, got: wireType, field: field, at: start)
                let range = try reader.readLengthDelimited()
                guard let text = String(validating: reader.bytes[range], as: UTF8.self) else {
                    throw .invalidUTF8(offset: range.lowerBound)
                }
                value = .string(text)
            case 2:
                try reader.expect(.fixed32, got: wireType, field: field, at: start)
                value = .float(Float(bitPattern: try reader.readFixed32()))
            case 3:
                try reader.expect(.fixed64, got: wireType, field: field, at: start)
                value = .double(Double(bitPattern: try reader.readFixed64()))
            case 4:
                try reader.expect(.varint, got: wireType, field: field, at: start)
                value = .int(Int64(bitPattern: try reader.readVarint()))
            case 5:
                try reader.expect(.varint, got: wireType, field: field, at: start)
                value = .uint(try reader.readVarint())
            case 6:
                try reader.expect(.varint, got: wireType, field: field, at: start)
                value = .sint(ProtobufReader.zigzag(try reader.readVarint()))
            case 7:
                try reader.expect(.varint, got: wireType, field: field, at: start)
                value = .bool(try reader.readVarint() != 0)
            default:
                try reader.skip(field: field, wireType: wireType)
            }
        }
        guard let value else { throw .valueWithoutType(offset: messageStart) }
        return value
    }
}
