import Foundation

/// A file of tiles addressed by zoom, column and row (XYZ, row 0 at the
/// north): MBTiles or PMTiles. Every session reads through one shared archive,
/// so an archive is safe to read from any thread.
package protocol TileArchive: Sendable {
    var metadata: TileArchiveMetadata { get }

    /// The tile's bytes, inflated when the archive stores them gzipped; nil when the archive has no such tile.
    func tile(z: Int, x: Int, y: Int) throws(TileArchiveError) -> [UInt8]?
}

/// Opens either kind of archive.
package enum TileArchives {
    /// Opens `path` as PMTiles or MBTiles, by its first bytes (PMTiles' magic,
    /// SQLite's header) rather than its name, so a misnamed file still opens.
    package static func open(path: String) throws(TileArchiveError) -> any TileArchive {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(path: path, reason: "cannot open for reading")
        }
        let head = [UInt8]((try? handle.read(upToCount: 16)) ?? Data())
        try? handle.close()
        if head.starts(with: Array("PMTiles".utf8)) { return try PMTilesArchive(path: path) }
        if head.starts(with: Array("SQLite format 3\0".utf8)) { return try MBTilesArchive(path: path) }
        throw .unknownFormat(path: path)
    }

    /// The tile's bytes as a decoder wants them: gzip inflated, anything else as stored.
    static func inflatedIfGzip(_ bytes: [UInt8], outputLimit: Int = Gzip.defaultOutputLimit)
        throws(TileArchiveError) -> [UInt8]
    {
        guard Gzip.isGzip(bytes) else { return bytes }
        do {
            return try Gzip.inflate(bytes, outputLimit: outputLimit)
        } catch {
            throw .gzip(error)
        }
    }

    /// Whether z/x/y names a tile at all: zoom 0...30 and x, y inside the zoom's grid.
    static func isValid(z: Int, x: Int, y: Int) -> Bool {
        guard (0...30).contains(z) else { return false }
        let size = 1 << z
        return (0..<size).contains(x) && (0..<size).contains(y)
    }
}
