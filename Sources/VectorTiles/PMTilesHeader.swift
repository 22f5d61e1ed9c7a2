/// The 127-byte header at the start of a PMTiles v3 file (little-endian throughout).
struct PMTilesHeader: Equatable, Sendable {
    static let size = 127

    /// What PMTiles' compression bytes mean (spec: 0 unknown, 1 none, 2 gzip, 3 brotli, 4 zstd).
    enum Compression: UInt8, Sendable {
        case unknown = 0
        case none = 1
        case gzip = 2
        case brotli = 3
        case zstd = 4
    }

    var rootDirectory: Range<UInt64>
    var metadata: Range<UInt64>
    var leafDirectories: Range<UInt64>
    var tileData: Range<UInt64>
    var internalCompression: Compression
    var tileCompression: Compression
    /// 1 is Mapbox Vector Tile; rasters (2...5) are read as bytes all the same.
    var tileType: UInt8
    var minZoom: UInt8
    var maxZoom: UInt8
    /// West, south, east, north in degrees.
    var bounds: [Double]
    var centerZoom: UInt8
    var centerLongitude: Double
    var centerLatitude: Double

    /// Reads the header and checks every section lies inside a file of `fileSize` bytes.
    init(_ bytes: [UInt8], fileSize: UInt64) throws(TileArchiveError) {
        guard bytes.count >= Self.size else { throw .invalidHeader("shorter than 127 bytes") }
        guard bytes.starts(with: Array("PMTiles".utf8)) else { throw .invalidHeader("no PMTiles magic") }
        guard bytes[7] == 3 else { throw .unsupportedVersion(bytes[7]) }
        func uint64(_ at: Int) -> UInt64 {
            (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * $1) }
        }
        func degrees(_ at: Int) -> Double {
            let raw = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }
            return Double(Int32(bitPattern: raw)) / 10_000_000
        }
        func section(_ at: Int, _ name: String) throws(TileArchiveError) -> Range<UInt64> {
            let offset = uint64(at)
            let length = uint64(at + 8)
            guard offset <= fileSize, length <= fileSize - offset else {
                throw .invalidHeader("the \(name) section runs past the end of the file")
            }
            return offset..<(offset + length)
        }
        rootDirectory = try section(8, "root directory")
        metadata = try section(24, "metadata")
        leafDirectories = try section(40, "leaf directories")
        tileData = try section(56, "tile data")
        guard let internalCompression = Compression(rawValue: bytes[97]) else {
            throw .unsupportedCompression(bytes[97])
        }
        guard let tileCompression = Compression(rawValue: bytes[98]) else { throw .unsupportedCompression(bytes[98]) }
        self.internalCompression = internalCompression
        self.tileCompression = tileCompression
        tileType = bytes[99]
        minZoom = bytes[100]
        maxZoom = bytes[101]
        bounds = [degrees(102), degrees(106), degrees(110), degrees(114)]
        centerZoom = bytes[118]
        centerLongitude = degrees(119)
        centerLatitude = degrees(123)
    }
}
