import Foundation

@testable import VectorTiles

/// Writes PMTiles v3 files by hand for tests, with directories and metadata
/// uncompressed (internal compression 1, which the spec allows), so each
/// test can shape its directories, or break them, as it likes.
struct PMTilesWriter {
    struct Entry {
        var id: UInt64
        var offset: UInt64
        var length: UInt64
        var runLength: UInt64
        /// Write the offset as 0, "right after the previous entry".
        var contiguous = false
    }

    var root: [UInt8] = []
    var metadata: [UInt8] = Array("{}".utf8)
    var leaves: [UInt8] = []
    var tileData: [UInt8] = []
    var version: UInt8 = 3
    var internalCompression: UInt8 = 1
    var tileCompression: UInt8 = 1

    static func directory(_ entries: [Entry]) -> [UInt8] {
        var out = ProtobufWriter.varint(UInt64(entries.count))
        var last: UInt64 = 0
        for entry in entries {
            out += ProtobufWriter.varint(entry.id - last)
            last = entry.id
        }
        out += entries.flatMap { ProtobufWriter.varint($0.runLength) }
        out += entries.flatMap { ProtobufWriter.varint($0.length) }
        out += entries.flatMap { ProtobufWriter.varint($0.contiguous ? 0 : $0.offset + 1) }
        return out
    }

    var bytes: [UInt8] {
        var header = Array("PMTiles".utf8) + [version]
        func uint64(_ value: Int) { header += (0..<8).map { UInt8(truncatingIfNeeded: UInt64(value) >> (8 * $0)) } }
        func int32(_ value: Int32) {
            header += (0..<4).map { UInt8(truncatingIfNeeded: UInt32(bitPattern: value) >> (8 * $0)) }
        }
        let rootOffset = 127
        let metadataOffset = rootOffset + root.count
        let leavesOffset = metadataOffset + metadata.count
        let tileDataOffset = leavesOffset + leaves.count
        for (offset, length) in [
            (rootOffset, root.count), (metadataOffset, metadata.count), (leavesOffset, leaves.count),
            (tileDataOffset, tileData.count),
        ] {
            uint64(offset)
            uint64(length)
        }
        uint64(0) // addressed tiles, tile entries and tile contents: unread, so left 0
        uint64(0)
        uint64(0)
        header += [1, internalCompression, tileCompression, 1, 0, 3] // clustered, compressions, MVT, zooms 0...3
        for degrees in [-10, -20, 30, 40] { int32(Int32(degrees * 10_000_000)) }
        header += [2]
        int32(23_500_000)
        int32(488_500_000)
        precondition(header.count == 127)
        return header + root + metadata + leaves + tileData
    }

    /// Writes the file to a temporary path, which the caller removes.
    func write() throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("mapwire-\(UUID().uuidString).pmtiles").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// The z/x/y with PMTiles id `id`, by search (zooms up to 4 are enough for tests).
func tile(withID id: UInt64) -> (z: Int, x: Int, y: Int)? {
    for z in 0...4 {
        for x in 0..<(1 << z) {
            for y in 0..<(1 << z) where HilbertTileID.id(z: z, x: x, y: y) == id { return (z, x, y) }
        }
    }
    return nil
}
