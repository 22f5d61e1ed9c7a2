import Testing

@testable import Persistence

/// A commit's moves packed into one row of the move log come back as they
/// went in, numbered in order; bytes that are not such a row are refused.
@Suite struct PackedMovesTests {
    private let moves: [String: CoalescedChanges.Position] = [
        "plain": .init(latitude: 48.1, longitude: 11.5, timestamp: nil),
        "timed": .init(latitude: -33.9, longitude: 151.2, timestamp: 1_700_000_000.25),
        "été-🚲": .init(latitude: 0, longitude: -0.0, timestamp: 0),
        String(repeating: "long-", count: 60): .init(latitude: 89.9, longitude: -179.9, timestamp: -1),
    ]

    @Test func movesComeBackInTheirOrderNumberedFromTheFirst() throws {
        let bytes = PackedMoves.pack(moves)
        let unpacked = try PackedMoves.unpack(bytes, firstSeq: 41, path: "test")
        // The dictionary's own order numbers them, as the writer logs them.
        #expect(
            unpacked
                == moves.enumerated().map { i, move in
                    MoveLog.Entry(id: move.key, position: move.value, seq: 41 + Int64(i))
                })
        // An id of 300 bytes takes two bytes of length; -0.0 keeps its sign.
        #expect(unpacked.contains { $0.id.utf8.count == 300 })
        #expect(unpacked.first { $0.id == "été-🚲" }?.position.longitude.sign == .minus)
    }

    @Test func aBucketKeepsEachMovesOwnNumber() throws {
        let entries = moves.enumerated().map { i, move in
            MoveLog.Entry(id: move.key, position: move.value, seq: [7, 1 << 40, 3, -2][i])
        }
        #expect(try PackedMoves.unpack(PackedMoves.pack(bucket: entries), firstSeq: 99, path: "test") == entries)
        // A bucket cut short in its last number is refused.
        #expect(throws: StoreError.self) {
            try PackedMoves.unpack(Array(PackedMoves.pack(bucket: entries).dropLast(3)), path: "test")
        }
    }

    @Test func aRowOfNoMovesIsTheFormatByteAlone() throws {
        #expect(PackedMoves.pack([:]) == [PackedMoves.logFormat])
        #expect(try PackedMoves.unpack([PackedMoves.logFormat], firstSeq: 1, path: "test").isEmpty)
    }

    @Test func bytesThatAreNotARowAreRefusedAsCorrupt() {
        let bytes = PackedMoves.pack(moves)
        let damaged: [[UInt8]] = [
            [],
            [9] + bytes.dropFirst(),
            Array(bytes.dropLast()),
            bytes + [3, 0x61],
            // The first move's id claims more bytes than the row holds.
            [PackedMoves.logFormat, 0xFF, 0xFF, 0x03, 0x61],
            // A timestamp flag that is neither 0 nor 1.
            [PackedMoves.logFormat, 1, 0x61] + [UInt8](repeating: 0, count: 16) + [2],
            // An id that is not UTF-8.
            [PackedMoves.logFormat, 1, 0xC3] + [UInt8](repeating: 0, count: 16) + [0],
        ]
        for row in damaged {
            #expect(throws: StoreError.self) { try PackedMoves.unpack(row, firstSeq: 1, path: "test") }
        }
    }
}
