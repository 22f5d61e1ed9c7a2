/// One directory of a PMTiles file: entries sorted by tile id, each a run of
/// tiles sharing one stored tile, or (run length 0) a pointer to a leaf directory.
struct PMTilesDirectory: Sendable {
    struct Entry: Equatable, Sendable {
        var tileID: UInt64
        /// Bytes from the start of the tile data section (or of the leaf directories section, for a leaf).
        var offset: UInt64
        var length: UInt32
        /// How many consecutive tile ids share this tile; 0 marks a leaf directory.
        var runLength: UInt32
    }

    var entries: [Entry]

    /// Reads a directory's uncompressed bytes: the entry count, then the
    /// tile id deltas, run lengths, lengths and offsets, each a varint column.
    init(decoding bytes: [UInt8]) throws(TileArchiveError) {
        var reader = VarintCursor(bytes: bytes)
        let count = try reader.next()
        // Every entry takes at least four bytes (one varint per column): a larger count is a lie.
        guard count <= UInt64(bytes.count / 4) else {
            throw .invalidDirectory("\(count) entries in \(bytes.count) bytes")
        }
        var entries = [Entry](repeating: Entry(tileID: 0, offset: 0, length: 0, runLength: 0), count: Int(count))
        var tileID: UInt64 = 0
        for index in entries.indices {
            let (sum, overflow) = tileID.addingReportingOverflow(try reader.next())
            guard !overflow else { throw .invalidDirectory("tile ids past 2^64") }
            tileID = sum
            entries[index].tileID = tileID
        }
        for index in entries.indices { entries[index].runLength = try reader.uint32() }
        for index in entries.indices { entries[index].length = try reader.uint32() }
        for index in entries.indices {
            let raw = try reader.next()
            if raw == 0 {
                // 0 means "right after the previous entry's tile", which the first entry has none of.
                guard index > 0 else { throw .invalidDirectory("the first entry's offset is 0 (contiguous)") }
                let previous = entries[index - 1]
                let (end, overflow) = previous.offset.addingReportingOverflow(UInt64(previous.length))
                guard !overflow else { throw .invalidDirectory("offsets past 2^64") }
                entries[index].offset = end
            } else {
                entries[index].offset = raw - 1
            }
        }
        self.entries = entries
    }

    /// The entry that holds `tileID`: its own tile, a run covering it, or the leaf directory to look in next.
    func entry(for tileID: UInt64) -> Entry? {
        // The last entry whose id is at most tileID.
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].tileID <= tileID { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let entry = entries[low - 1]
        if entry.runLength == 0 { return entry }
        return tileID - entry.tileID < UInt64(entry.runLength) ? entry : nil
    }
}

/// Unsigned LEB128 varints read in order from a byte array, every read checked.
private struct VarintCursor {
    let bytes: [UInt8]
    var offset = 0

    mutating func next() throws(TileArchiveError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if shift == 63 && byte > 1 { throw .invalidDirectory("a varint past 64 bits") }
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return value }
            shift += 7
            if shift > 63 { throw .invalidDirectory("a varint past 64 bits") }
        }
        throw .invalidDirectory("the directory ends inside its entries")
    }

    mutating func uint32() throws(TileArchiveError) -> UInt32 {
        guard let value = UInt32(exactly: try next()) else {
            throw .invalidDirectory("a run length or length past 2^32")
        }
        return value
    }
}
