/// A protobuf wire type (the low three bits of a field's key).
package enum WireType: UInt8, Sendable {
    case varint = 0
    case fixed64 = 1
    case lengthDelimited = 2
    case startGroup = 3
    case endGroup = 4
    case fixed32 = 5
}

/// A cursor over protobuf bytes between `offset` and `end`, every read
/// checked against `end`. Offsets are positions in the whole tile, so an
/// error names the byte where it happened.
package struct ProtobufReader {
    /// The whole tile; the reader never looks outside `offset..<end`.
    package let bytes: UnsafeRawBufferPointer
    package private(set) var offset: Int
    package let end: Int

    package init(_ bytes: UnsafeRawBufferPointer, range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count)
        self.bytes = bytes
        self.offset = range.lowerBound
        self.end = range.upperBound
    }

    package var isAtEnd: Bool { offset >= end }
    package var remaining: Int { end - offset }

    @inline(__always)
    package mutating func readVarint() throws(VectorTileError) -> UInt64 {
        let start = offset
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end else { throw .truncated(offset: start) }
            let byte = bytes[offset]
            offset += 1
            if shift == 63 && byte > 1 { throw .varintTooLong(offset: start) }
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return value }
            shift += 7
            if shift > 63 { throw .varintTooLong(offset: start) }
        }
    }

    package mutating func readFixed32() throws(VectorTileError) -> UInt32 {
        guard remaining >= 4 else { throw .truncated(offset: offset) }
        var value: UInt32 = 0
        for index in 0..<4 { value |= UInt32(bytes[offset + index]) << (8 * index) }
        offset += 4
        return value
    }

    package mutating func readFixed64() throws(VectorTileError) -> UInt64 {
        guard remaining >= 8 else { throw .truncated(offset: offset) }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * index) }
        offset += 8
        return value
    }

    /// The range of a length-delimited field's payload, which the reader steps over.
    package mutating func readLengthDelimited() throws(VectorTileError) -> Range<Int> {
        let start = offset
        let length = try readVarint()
        guard length <= UInt64(remaining) else { throw .truncated(offset: start) }
        let payload = offset..<(offset + Int(length))
        offset = payload.upperBound
        return payload
    }

    /// The next field's number and wire type.
    package mutating func readKey() throws(VectorTileError) -> (field: UInt64, wireType: WireType) {
        let start = offset
        let key = try readVarint()
        guard let wireType = WireType(rawValue: UInt8(key & 7)) else {
            throw .invalidWireType(UInt8(key & 7), offset: start)
        }
        let field = key >> 3
        guard field != 0 else { throw .invalidFieldNumber(offset: start) }
        return (field, wireType)
    }

    /// Steps over a field this decoder does not read, groups included (kept
    /// iterative with a depth count so nesting cannot exhaust the stack).
    package mutating func skip(field: UInt64, wireType: WireType) throws(VectorTileError) {
        var openGroups: [UInt64] = []
        var current = (field: field, wireType: wireType)
        while true {
            switch current.wireType {
            case .varint: _ = try readVarint()
            case .fixed64: _ = try readFixed64()
            case .fixed32: _ = try readFixed32()
            case .lengthDelimited: _ = try readLengthDelimited()
            case .startGroup: openGroups.append(current.field)
            case .endGroup:
                guard openGroups.last == current.field else { throw .unmatchedEndGroup(offset: offset) }
                openGroups.removeLast()
            }
            if openGroups.isEmpty { return }
            guard !isAtEnd else { throw .truncated(offset: offset) }
            current = try readKey()
        }
    }

    /// Fails unless a known field came with the wire type its declared type has.
    package func expect(_ wireType: WireType, got: WireType, field: UInt64, at start: Int) throws(VectorTileError) {
        guard wireType == got else { throw .wrongWireType(field: field, offset: start) }
    }

    /// Zigzag decoding, as sint32 and sint64 fields and geometry parameters use it.
    @inline(__always)
    package static func zigzag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
    }
}
