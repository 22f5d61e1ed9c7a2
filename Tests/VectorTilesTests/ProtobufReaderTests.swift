import Testing

@testable import VectorTiles

/// Runs `body` on a reader over `bytes`, as the decoder makes them.
private func reading<T>(_ bytes: [UInt8], _ body: (inout ProtobufReader) throws(VectorTileError) -> T)
    throws(VectorTileError) -> T
{
    try bytes.withUnsafeBytes { buffer in
        var reader = ProtobufReader(buffer, range: 0..<buffer.count)
        return Result { () throws(VectorTileError) in try body(&reader) }
    }.get()
}

@Suite struct ProtobufReaderTests {
    @Test(arguments: [0, 1, 127, 128, 300, 1 << 32, UInt64(Int64.max), UInt64.max])
    func varintsReadBackWhatWasWritten(value: UInt64) throws {
        let bytes = ProtobufWriter.varint(value)
        #expect(try reading(bytes) { reader throws(VectorTileError) in try reader.readVarint() } == value)
        #expect(bytes.count == max(1, (64 - value.leadingZeroBitCount + 6) / 7))
    }

    @Test func anElevenByteVarintIsRefused() {
        let bytes = [UInt8](repeating: 0x80, count: 10) + [0x01]
        #expect(throws: VectorTileError.varintTooLong(offset: 0)) {
            try reading(bytes) { reader throws(VectorTileError) in try reader.readVarint() }
        }
    }

    @Test func aTenthByteThatOverflows64BitsIsRefused() {
        let bytes = [UInt8](repeating: 0xff, count: 9) + [0x02]
        #expect(throws: VectorTileError.varintTooLong(offset: 0)) {
            try reading(bytes) { reader throws(VectorTileError) in try reader.readVarint() }
        }
    }

    @Test func aVarintCutShortIsTruncated() {
        #expect(throws: VectorTileError.truncated(offset: 0)) {
            try reading([0x80, 0x80]) { reader throws(VectorTileError) in try reader.readVarint() }
        }
    }

    @Test func zigzagMapsSmallMagnitudesToSmallCodes() {
        #expect(ProtobufReader.zigzag(0) == 0)
        #expect(ProtobufReader.zigzag(1) == -1)
        #expect(ProtobufReader.zigzag(2) == 1)
        #expect(ProtobufReader.zigzag(3) == -2)
        #expect(ProtobufReader.zigzag(UInt64.max - 1) == Int64.max)
        #expect(ProtobufReader.zigzag(UInt64.max) == Int64.min)
        for value: Int64 in [-100_000, -1, 0, 5, 1 << 40] {
            #expect(ProtobufReader.zigzag(ProtobufWriter.zigzag(value)) == value)
        }
    }

    @Test func aLengthPastTheEndIsTruncated() {
        var writer = ProtobufWriter()
        writer.message(1, [1, 2, 3])
        let cut = Array(writer.bytes.dropLast())
        #expect(throws: VectorTileError.truncated(offset: 1)) {
            try reading(cut) { reader throws(VectorTileError) in
                _ = try reader.readKey()
                return try reader.readLengthDelimited()
            }
        }
    }

    @Test func everyWireTypeIsSkippedToTheNextField() throws {
        var writer = ProtobufWriter()
        writer.varint(20, 1 << 40)
        writer.fixed64(21, 7)
        writer.message(22, [1, 2, 3])
        writer.fixed32(23, 9)
        writer.key(24, 3) // a group holding a field and a nested group
        writer.varint(1, 5)
        writer.key(2, 3)
        writer.key(2, 4)
        writer.key(24, 4)
        writer.varint(9, 42)
        let last = try reading(writer.bytes) { reader throws(VectorTileError) in
            while true {
                let (field, wireType) = try reader.readKey()
                if field == 9 { return try reader.readVarint() }
                try reader.skip(field: field, wireType: wireType)
            }
        }
        #expect(last == 42)
    }

    @Test func anEndGroupForAnotherFieldIsRefused() {
        var writer = ProtobufWriter()
        writer.key(5, 3)
        writer.key(6, 4)
        #expect(throws: VectorTileError.unmatchedEndGroup(offset: 2)) {
            try reading(writer.bytes) { reader throws(VectorTileError) in
                let (field, wireType) = try reader.readKey()
                try reader.skip(field: field, wireType: wireType)
            }
        }
    }

    @Test func anUnclosedGroupIsTruncated() {
        var writer = ProtobufWriter()
        writer.key(5, 3)
        writer.varint(1, 1)
        #expect(throws: VectorTileError.truncated(offset: 3)) {
            try reading(writer.bytes) { reader throws(VectorTileError) in
                let (field, wireType) = try reader.readKey()
                try reader.skip(field: field, wireType: wireType)
            }
        }
    }

    @Test func wireTypesSixAndSevenAndFieldZeroAreRefused() {
        #expect(throws: VectorTileError.invalidWireType(6, offset: 0)) {
            try reading([1 << 3 | 6]) { reader throws(VectorTileError) in try reader.readKey() }
        }
        #expect(throws: VectorTileError.invalidWireType(7, offset: 0)) {
            try reading([1 << 3 | 7]) { reader throws(VectorTileError) in try reader.readKey() }
        }
        #expect(throws: VectorTileError.invalidFieldNumber(offset: 0)) {
            try reading([0]) { reader throws(VectorTileError) in try reader.readKey() }
        }
    }
}
