/// A commit's logged moves as the bytes of one row of the move log.
///
/// A row a move cost SQLite more than a microsecond each to insert and again
/// to delete once folded, on the writer's thread, for every move of a busy
/// feed; one row a commit costs about a tenth of that. The moves of a commit
/// are numbered one after another, so a row keeps the first number and each
/// move's place gives its own.
///
/// Layout: a format byte (1), then per move the id's UTF-8 length as a
/// LEB128 varint and its bytes, the latitude and longitude as little-endian
/// IEEE 754 bit patterns, and a byte saying whether a timestamp follows
/// (1, then its bit pattern) or not (0).
enum PackedMoves {
    static let format: UInt8 = 1

    /// One move of a row: its id, where it went, and its number.
    struct Move: Equatable {
        var id: String
        var position: CoalescedChanges.Position
        var seq: Int64
    }

    /// The bytes of `moves` in their iteration order, which numbers them.
    static func pack(_ moves: [String: CoalescedChanges.Position]) -> [UInt8] {
        var bytes: [UInt8] = [format]
        bytes.reserveCapacity(1 + moves.count * 32)
        for (id, position) in moves {
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
            append(position.latitude, to: &bytes)
            append(position.longitude, to: &bytes)
            if let t = position.timestamp {
                bytes.append(1)
                append(t, to: &bytes)
            } else {
                bytes.append(0)
            }
        }
        return bytes
    }

    /// The moves of a row whose first move is numbered `firstSeq`, in order.
    /// Throws `StoreError.corrupt` when the bytes are not a row's.
    static func unpack(_ bytes: [UInt8], firstSeq: Int64, path: String) throws(StoreError) -> [Move] {
        var reader = Reader(bytes: bytes)
        guard reader.byte() == format else { throw damaged(path) }
        var moves: [Move] = []
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
            let position = CoalescedChanges.Position(latitude: latitude, longitude: longitude, timestamp: timestamp)
            moves.append(Move(id: id, position: position, seq: seq))
            seq += 1
        }
        return moves
    }

    private static func damaged(_ path: String) -> StoreError {
        .corrupt(path: path, reason: "a row of the move log cannot be read")
    }

    private static func append(_ value: Double, to bytes: inout [UInt8]) {
        var bits = value.bitPattern.littleEndian
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

        mutating func double() -> Double? {
            guard bytes.count - at >= 8 else { return nil }
            var bits: UInt64 = 0
            for i in 0..<8 { bits |= UInt64(bytes[at + i]) << (8 * i) }
            at += 8
            return Double(bitPattern: bits)
        }
    }
}
