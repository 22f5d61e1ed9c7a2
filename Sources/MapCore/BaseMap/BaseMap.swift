import DisplayList
import Foundation
import MapGeometry
import Synchronization

/// The world base map from `fixtures/basemap.bin` (see fixtures/README.md):
/// land and border paths per zoom band and tile, pre-encoded as the wire's
/// path resources, and city names with their rank. Loaded once and shared by
/// every session; each tile and city has its own item ids.
///
/// An app loads it once at start-up (`init(contentsOf:)`) and hands it to
/// every `MapView` it makes.
public final class BaseMap: Sendable {
    package enum Layer: UInt8, Sendable { case land = 0, borders = 1 }

    package struct Tile: Sendable {
        package let layer: Layer
        package let worldRect: Rect
        package let path: PathResource
        package let itemID: UInt32
    }

    package struct Band: Sendable {
        package let minZoom: Double
        package let maxZoom: Double
        package let tiles: [Tile]
    }

    package struct City: Sendable {
        package let name: String
        package let coordinate: Coordinate
        package let world: Point
        /// 0 is the most important.
        package let rank: Int
        package let population: Int
        package let isCapital: Bool
        package let dotItemID: UInt32
        package let labelItemID: UInt32
    }

    /// Why a base map file could not be loaded.
    public enum LoadError: Error, CustomStringConvertible, Equatable {
        /// No readable file at the path.
        case unreadable(String)
        /// The bytes are not a base map this build reads; says where it went wrong.
        case malformed(String)
        /// `malformed`, with the file it was read from.
        case malformedFile(path: String, why: String)
        /// What failed (and the file), for the start-up log.
        public var description: String {
            switch self {
            case let .unreadable(p): return "cannot read base map \(p)"
            case let .malformed(why): return "base map is malformed: \(why)"
            case let .malformedFile(path, why): return "base map \(path) is malformed: \(why)"
            }
        }
    }

    package let bands: [Band]
    /// Sorted by rank, then population, descending importance.
    package let cities: [City]
    /// The credits for the data, as the map's attribution control shows them ("© Natural Earth").
    public let attributions: [String]

    /// The credit for MapWire's own base map: every file `scripts/build_basemap.py` writes is
    /// Natural Earth data, and the file format carries no credits of its own.
    public static let naturalEarthAttributions = ["© Natural Earth"]

    /// Label tables by typeface and size (CityLabels.swift), shared by every session.
    let labelTables = Mutex<[CityLabelsKey: CityLabels]>([:])

    package init(bands: [Band], cities: [City], attributions: [String] = BaseMap.naturalEarthAttributions) {
        self.bands = bands
        self.attributions = attributions
        // Stable, so cities of one rank keep the fixture's order (by population).
        self.cities = cities.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
            .map(\.element)
    }

    /// The band drawn at `zoom`.
    package func band(for zoom: Double) -> Band? {
        bands.first { zoom >= $0.minZoom && zoom < $0.maxZoom } ?? bands.last
    }

    /// Loads a base map file (`fixtures/basemap.bin`) whose data `attributions`
    /// credit (Natural Earth's for MapWire's own); throws `LoadError`.
    public convenience init(contentsOf url: URL, attributions: [String] = BaseMap.naturalEarthAttributions) throws {
        guard let data = try? Data(contentsOf: url) else { throw LoadError.unreadable(url.path) }
        do {
            try self.init(bytes: [UInt8](data), attributions: attributions)
        } catch LoadError.malformed(let why) {
            throw LoadError.malformedFile(path: url.path, why: why)
        }
    }

    /// Reads a base map from the bytes of such a file, credited to
    /// `attributions`; throws `LoadError.malformed`.
    public convenience init(bytes: [UInt8], attributions: [String] = BaseMap.naturalEarthAttributions) throws {
        var r = ByteReader(bytes)
        guard try r.bytes(4) == Array("MWBM".utf8) else { throw LoadError.malformed("bad magic") }
        guard try r.u16() == 1 else { throw LoadError.malformed("unknown version") }
        var bands: [Band] = []
        for _ in 0..<(try r.u16()) {
            let minZoom = Double(try r.f32()), maxZoom = Double(try r.f32())
            guard minZoom.isFinite, maxZoom.isFinite else {
                throw LoadError.malformed("band \(bands.count) has zoom \(minZoom)...\(maxZoom)")
            }
            let gridLog2 = Int(try r.u8())
            let tileSize = Mercator.worldSize / Double(1 << gridLog2)
            var tiles: [Tile] = []
            for _ in 0..<(try r.u32()) {
                guard let layer = Layer(rawValue: try r.u8()) else { throw LoadError.malformed("layer") }
                let tx = Double(try r.u16()), ty = Double(try r.u16())
                let ox = try r.i32(), oy = try r.i32(), shift = try r.u8()
                let data = try r.bytes(Int(try r.u32()))
                let pad = tileSize * 0.01
                tiles.append(
                    Tile(
                        layer: layer,
                        worldRect: Rect(
                            x: tx * tileSize - pad, y: ty * tileSize - pad,
                            width: tileSize + 2 * pad, height: tileSize + 2 * pad),
                        path: PathResource(id: ResourceID.next(), originX: ox, originY: oy, shift: shift, data: data),
                        itemID: ItemID.next()))
            }
            bands.append(Band(minZoom: minZoom, maxZoom: maxZoom, tiles: tiles))
        }
        var cities: [City] = []
        for _ in 0..<(try r.u32()) {
            let name = try r.string()
            let c = Coordinate(latitude: try r.f64(), longitude: try r.f64())
            // A NaN here would trap later, deep in a session's layout.
            guard (-90...90).contains(c.latitude), (-180...180).contains(c.longitude) else {
                throw LoadError.malformed("city \(cities.count) (\(name)) is at \(c.latitude), \(c.longitude)")
            }
            let rank = Int(try r.u8()), population = Int(try r.u32()), flags = try r.u8()
            cities.append(
                City(
                    name: name, coordinate: c, world: Mercator.project(c), rank: rank,
                    population: population, isCapital: flags & 1 != 0,
                    dotItemID: ItemID.next(), labelItemID: ItemID.next()))
        }
        self.init(bands: bands, cities: cities, attributions: attributions)
    }
}

/// Little-endian reads with bounds checks, for fixture files.
struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func bytes(_ n: Int) throws -> [UInt8] {
        guard n >= 0, offset + n <= bytes.count else { throw BaseMap.LoadError.malformed("truncated at \(offset)") }
        defer { offset += n }
        return Array(bytes[offset..<offset + n])
    }

    private mutating func integer<T: FixedWidthInteger>(_: T.Type) throws -> T {
        let size = MemoryLayout<T>.size
        guard offset + size <= bytes.count else { throw BaseMap.LoadError.malformed("truncated at \(offset)") }
        var v: T = 0
        for i in 0..<size { v |= T(truncatingIfNeeded: bytes[offset + i]) << (8 * i) }
        offset += size
        return v
    }

    mutating func u8() throws -> UInt8 { try integer(UInt8.self) }
    mutating func u16() throws -> UInt16 { try integer(UInt16.self) }
    mutating func u32() throws -> UInt32 { try integer(UInt32.self) }
    mutating func i32() throws -> Int32 { try integer(Int32.self) }
    mutating func f32() throws -> Float { Float(bitPattern: try u32()) }
    mutating func f64() throws -> Double { Double(bitPattern: try integer(UInt64.self)) }
    mutating func string() throws -> String {
        let n = Int(try u16())
        return String(decoding: try bytes(n), as: UTF8.self)
    }
}
