import Foundation

/// A PMTiles v3 file: a header, a root directory, JSON metadata, leaf
/// directories and tile data, read with `pread` so any thread may read at once.
package final class PMTilesArchive: TileArchive {
    package let metadata: TileArchiveMetadata
    let header: PMTilesHeader
    private let root: PMTilesDirectory
    private let file: ReadOnlyFile
    let leaves = LeafDirectoryCache()
    /// A root entry leads to a leaf, a leaf entry to another leaf: real files nest at most once or twice.
    private static let maxDirectoryDepth = 4
    /// Directories inflate to a few MB in the largest planet files; more is a bomb.
    private static let directoryLimit = 32 << 20

    /// The largest tile read, stored or inflated: writers stop near 500 KB, so
    /// anything near the cap is a damaged or hostile entry, not a tile.
    let maxTileBytes: Int

    package init(path: String, maxTileBytes: Int = Gzip.defaultOutputLimit) throws(TileArchiveError) {
        self.maxTileBytes = maxTileBytes
        file = try ReadOnlyFile(path: path)
        let head = try file.read(0..<min(UInt64(PMTilesHeader.size), file.size))
        header = try PMTilesHeader(head, fileSize: file.size)
        guard
            header.tileCompression == .none || header.tileCompression == .gzip
                || header.tileCompression == .unknown
        else { throw .unsupportedCompression(header.tileCompression.rawValue) }
        switch header.internalCompression {
        case .none, .gzip: break
        default: throw .unsupportedCompression(header.internalCompression.rawValue)
        }
        root = try PMTilesDirectory(decoding: try Self.section(file, header.rootDirectory, header))
        var metadata = TileArchiveMetadata()
        if !header.metadata.isEmpty {
            try metadata.merge(json: try Self.section(file, header.metadata, header))
        }
        metadata.format = header.tileType == 1 ? "pbf" : metadata.format
        metadata.bounds = header.bounds
        metadata.center = [header.centerLongitude, header.centerLatitude, Double(header.centerZoom)]
        metadata.minZoom = Int(header.minZoom)
        metadata.maxZoom = Int(header.maxZoom)
        self.metadata = metadata
    }

    package func tile(z: Int, x: Int, y: Int) throws(TileArchiveError) -> [UInt8]? {
        guard let tileID = HilbertTileID.id(z: z, x: x, y: y) else { return nil }
        var directory = root
        for _ in 0..<Self.maxDirectoryDepth {
            guard let entry = directory.entry(for: tileID) else { return nil }
            if entry.runLength > 0 {
                guard Int(entry.length) <= maxTileBytes else { throw .tileTooLarge(Int(entry.length)) }
                let bytes = try file.read(try Self.range(entry, in: header.tileData))
                // `unknown` compression is sniffed: tiles are gzip exactly when they start with its magic.
                guard header.tileCompression != .none else { return bytes }
                return try TileArchives.inflatedIfGzip(bytes, outputLimit: maxTileBytes)
            }
            let leaf = try Self.range(entry, in: header.leafDirectories)
            directory = try leaves.directory(at: leaf.lowerBound) { () throws(TileArchiveError) in
                try PMTilesDirectory(decoding: try Self.section(file, leaf, header))
            }
        }
        throw .directoryTooDeep
    }

    /// The file range `entry` points at inside `section`, refused when it reaches outside it.
    private static func range(_ entry: PMTilesDirectory.Entry, in section: Range<UInt64>) throws(TileArchiveError)
        -> Range<UInt64>
    {
        let length = UInt64(entry.length)
        guard entry.offset <= UInt64(section.count), length <= UInt64(section.count) - entry.offset else {
            throw .invalidDirectory("an entry points past the end of its section")
        }
        let start = section.lowerBound + entry.offset
        return start..<(start + length)
    }

    /// A directory or the metadata: read, and inflated when the header says they are gzipped.
    private static func section(_ file: ReadOnlyFile, _ range: Range<UInt64>, _ header: PMTilesHeader)
        throws(TileArchiveError) -> [UInt8]
    {
        let bytes = try file.read(range)
        guard header.internalCompression == .gzip else { return bytes }
        do {
            return try Gzip.inflate(bytes, outputLimit: directoryLimit)
        } catch {
            throw .gzip(error)
        }
    }
}
