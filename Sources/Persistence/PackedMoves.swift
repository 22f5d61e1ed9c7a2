/// Moves packed into the bytes of one row: a commit's moves as a row of the
/// move log, or the latest positions of the annotations of one bucket
/// (`PositionBuckets`).
///
/// A row a move cost SQLite an insert, and a delete once folded, for every
/// move of a busy feed, on the writer's thread; a row a commit costs one of
/// each a commit.
///
/// Layout: a format byte, then per move the id's UTF-8 length as a LEB128
/// varint and its bytes, the latitude and longitude as little-endian IEEE
/// 754 bit patterns, and a byte saying whether a timestamp follows (1, then
/// its bit pattern) or not (0). In a row of the log (format 1) the moves are
/// numbered one after another from the row's first number; in a bucket
/// (format 2) each move's number follows it as 8 little-endian bytes.
enum PackedMoves {
    static let logFormat: UInt8 = 1
    static let bucketFormat: UInt8 = 2

    /// The bytes of a log row of `moves`, in their iteration order, which numbers them.
    static func pack(_ moves: [String: CoalescedChanges.Position]) -> [UInt8] {
        var bytes: [UInt8] = [logFormat]
        bytes.reserveCapacity(1 + moves.count * 32)
        for (id, position) in moves { append(id, position, to: &bytes) }
        return bytes
    }

    /// The bytes of a bucket holding `entries`, each with its number.
    static func pack<Entries: Collection<MoveLog.Entry>>(bucket entries: Entries) -> [UInt8] {
        var bytes: [UInt8] = [bucketFormat]
        bytes.reserveCapacity(1 + entries.count * 40)
        for entry in entries {
            append(entry.id, entry.position, to: &bytes)
            append(UInt64(bitPattern: entry.seq), to: &bytes)
        }
        return bytes
    }

    /// The moves of a row, in order: numbered from `firstSeq` in a log row,
    /// by their own numbers in a bucket. Throws `StoreError.corrupt` when the
    /// bytes are neither.
    static func unpack(_ bytes: [UInt8], firstSeq: Int64 = 0, path: String) throws(StoreError) -> [MoveLog.Entry] {
        var reader = Reader(bytes: bytes)
        let format = reader.byte()
        guard format == logFormat || format == bucketFormat else { throw damaged(path) }
        var moves: [MoveLog.Entry] = []
        var seq = firstSeq
        while !reader.isAtEnd {
            guard let length = reader.varint(), let id = reader.string(length),
                let latitude = reader.double(), let longitude = reader.double(), let flag = reader.byte()
            else { throw damaged(path) }
            var timestamp: Double?
            switch flag {
            case 0: break
            case 1:
                guard let t = reader.double() else { throw damaged(path) }
                timestamp = t
            default: throw damaged(path)
            }
            if format == bucketFormat {
                guard let number = reader.uint64() else { throw damaged(path) }
                seq = Int64(bitPattern: number)
            }
            let position = CoalescedChanges.Position(latitude: latitude, longitude: longitude, timestamp: timestamp)
            moves.append(MoveLog.Entry(id: id, position: position, seq: seq))
            seq += 1
        }
        return moves
    }

    private static func damaged(_ path: String) -> StoreError {
        .corrupt(path: path, reason: "a row of moves cannot be read")
    }

    private static func append(_ id: String, _ position: CoalescedChanges.Position, to bytes: inout [UInt8]) {
        var id = id
        id.withUTF8 { utf8 in
            var n = utf8.count
            while n >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: n) | 0x80)
                n >>= 7
            }
            bytes.append(UInt8(n))
            bytes.append(contentsOf: utf8)
        }
        append(position.latitude.bitPattern, to: &bytes)
        append(position.longitude.bitPattern, to: &bytes)
        if let t = position.timestamp {
            bytes.append(1)
            append(t.bitPattern, to: &bytes)
        } else {
            bytes.append(0)
        }
    }

    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var bits = value.littleEndian
        withUnsafeBytes(of: &bits) { bytes.append(contentsOf: $0) }
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        var isAtEnd: Bool { at == bytes.count }

        mutating func byte() -> UInt8? {
            guard at < bytes.count else { return nil }
            defer { at += 1 }
            return bytes[at]
        }

        mutating func varint() -> Int? {
            var value = 0, shift = 0
            while let b = byte() {
                value |= Int(b & 0x7F) << shift
                if b < 0x80 { return value }
                shift += 7
                if shift > 28 { return nil }
            }
            return nil
        }

        mutating func string(_ length: Int) -> String? {
            guard length <= bytes.count - at else { return nil }
            defer { at += length }
            return String(validating: bytes[at..<at + length], as: UTF8.self)
        }

        mutating func uint64() -> UInt64? {
            guard bytes.count - at >= 8 else { return nil }
            var bits: UInt64 = 0
            for i in 0..<8 { bits |= UInt64(bytes[at + i]) << (8 * i) }
            at += 8
            return bits
        }

        mutating func double() -> Double? {
            uint64().map(Double.init(bitPattern:))
        }
    }
}
