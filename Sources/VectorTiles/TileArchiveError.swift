/// Why an archive could not be opened or a tile read from it.
package enum TileArchiveError: Error, Equatable, Sendable {
    /// The file could not be opened or read, with the system's reason.
    case unreadable(path: String, reason: String)
    /// Neither an MBTiles (SQLite) file nor a PMTiles file.
    case unknownFormat(path: String)
    /// SQLite refused the MBTiles file or a query on it, with SQLite's message.
    case database(String)
    /// A PMTiles header that is not one: wrong magic, sizes or offsets past the file.
    case invalidHeader(String)
    /// A PMTiles spec version other than 3.
    case unsupportedVersion(UInt8)
    /// A compression this reader cannot undo (brotli, zstd, or a code it does not know).
    case unsupportedCompression(UInt8)
    /// A PMTiles directory whose entries cannot be read, or that points outside the file.
    case invalidDirectory(String)
    /// Leaf directories nested deeper than the spec's writers ever go: a loop, or a hostile file.
    case directoryTooDeep
    /// A PMTiles entry whose tile is larger than the archive reads (`PMTilesArchive.maxTileBytes`).
    case tileTooLarge(Int)
    /// Metadata that is not the JSON object the format says.
    case invalidMetadata(String)
    /// A gzip-compressed tile, directory or metadata that would not inflate.
    case gzip(GzipError)
}

extension TileArchiveError: CustomStringConvertible {
    /// The reason in words, as a start-up error shows it after the archive's path.
    package var description: String {
        switch self {
        case .unreadable(_, let reason): reason
        case .unknownFormat: "neither an MBTiles nor a PMTiles file"
        case .database(let message): "the MBTiles database is unusable: \(message)"
        case .invalidHeader(let why): "the PMTiles header is invalid: \(why)"
        case .unsupportedVersion(let version): "PMTiles version \(version) is not supported (only 3)"
        case .unsupportedCompression(let code): "compression \(code) is not supported (only none and gzip)"
        case .invalidDirectory(let why): "a PMTiles directory is invalid: \(why)"
        case .directoryTooDeep: "the PMTiles leaf directories nest too deep"
        case .tileTooLarge(let bytes): "a tile of \(bytes) bytes is larger than allowed"
        case .invalidMetadata(let why): "the metadata is invalid: \(why)"
        case .gzip(let error): "gzip data would not inflate: \(error)"
        }
    }
}
