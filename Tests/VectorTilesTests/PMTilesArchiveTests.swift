import Foundation
import Testing

@testable import VectorTiles

/// Reads tile `id` from `archive`, by its z/x/y.
private func read(_ archive: PMTilesArchive, id: UInt64) throws -> [UInt8]? {
    let zxy = try #require(tile(withID: id))
    return try archive.tile(z: zxy.z, x: zxy.x, y: zxy.y)
}

/// Tile data "A", "B", "C"; id 0 is A, ids 5...9 a run of B, id 20 is C behind a leaf directory.
private func sampleWriter() -> PMTilesWriter {
    var writer = PMTilesWriter()
    writer.tileData = Array("ABC".utf8)
    writer.leaves = PMTilesWriter.directory([.init(id: 20, offset: 2, length: 1, runLength: 1)])
    writer.root = PMTilesWriter.directory([
        .init(id: 0, offset: 0, length: 1, runLength: 1),
        .init(id: 5, offset: 1, length: 1, runLength: 5, contiguous: true),
        .init(id: 20, offset: 0, length: UInt64(writer.leaves.count), runLength: 0),
    ])
    writer.metadata = Array(#"{"name":"sample","vector_layers":[{"id":"water","fields":{}}]}"#.utf8)
    return writer
}

@Suite struct PMTilesArchiveTests {
    @Test func tilesAreFoundInTheRootInARunAndBehindALeaf() throws {
        let path = try sampleWriter().write()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let archive = try PMTilesArchive(path: path)
        #expect(try read(archive, id: 0) == Array("A".utf8))
        for id: UInt64 in 5...9 { #expect(try read(archive, id: id) == Array("B".utf8), "id \(id)") }
        #expect(try read(archive, id: 10) == nil)
        #expect(try read(archive, id: 4) == nil)
        #expect(try read(archive, id: 20) == Array("C".utf8))
        #expect(try read(archive, id: 21) == nil)
        #expect(try archive.tile(z: 1, x: 2, y: 0) == nil)
    }

    @Test func aLeafIsReadOnceAndKept() throws {
        let path = try sampleWriter().write()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let archive = try PMTilesArchive(path: path)
        #expect(archive.leaves.count == 0)
        #expect(try read(archive, id: 20) == Array("C".utf8))
        #expect(archive.leaves.count == 1)
        #expect(try read(archive, id: 21) == nil)
        #expect(try read(archive, id: 20) == Array("C".utf8))
        #expect(archive.leaves.count == 1)
    }

    @Test func aFullCacheStartsAgainRatherThanGrowing() throws {
        let cache = LeafDirectoryCache(capacity: 2)
        var loads = 0
        for offset: UInt64 in [0, 1, 0, 2, 0] {
            _ = try cache.directory(at: offset) { () throws(TileArchiveError) in
                loads += 1
                return try PMTilesDirectory(decoding: [0])
            }
        }
        #expect(loads == 4 && cache.count == 2)
    }

    @Test func theHeaderAndJSONMakeTheMetadata() throws {
        let path = try sampleWriter().write()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let metadata = try PMTilesArchive(path: path).metadata
        #expect(metadata.name == "sample" && metadata.format == "pbf")
        #expect(metadata.bounds == [-10, -20, 30, 40] && metadata.center == [2.35, 48.85, 2])
        #expect(metadata.minZoom == 0 && metadata.maxZoom == 3)
        #expect(metadata.vectorLayers == [VectorLayerDescription(id: "water")])
    }

    @Test func gzippedTilesAreInflated() throws {
        var writer = PMTilesWriter()
        let tile = Array("a gzipped tile".utf8)
        writer.tileData = GzipWriter.compress(tile)
        writer.tileCompression = 2
        writer.root = PMTilesWriter.directory([
            .init(id: 0, offset: 0, length: UInt64(writer.tileData.count), runLength: 1)
        ])
        let path = try writer.write()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try PMTilesArchive(path: path).tile(z: 0, x: 0, y: 0) == tile)
    }

    @Test func tilesPastTheCapAreRefusedStoredOrInflated() throws {
        var stored = PMTilesWriter()
        stored.tileData = [UInt8](repeating: 7, count: 100)
        stored.root = PMTilesWriter.directory([.init(id: 0, offset: 0, length: 100, runLength: 1)])
        let storedPath = try stored.write()
        defer { try? FileManager.default.removeItem(atPath: storedPath) }
        #expect(try PMTilesArchive(path: storedPath, maxTileBytes: 100).tile(z: 0, x: 0, y: 0)?.count == 100)
        #expect(throws: TileArchiveError.tileTooLarge(100)) {
            try PMTilesArchive(path: storedPath, maxTileBytes: 99).tile(z: 0, x: 0, y: 0)
        }
        var gzipped = PMTilesWriter()
        gzipped.tileData = GzipWriter.compress([UInt8](repeating: 0, count: 10_000))
        gzipped.tileCompression = 2
        gzipped.root = PMTilesWriter.directory([
            .init(id: 0, offset: 0, length: UInt64(gzipped.tileData.count), runLength: 1)
        ])
        let gzippedPath = try gzipped.write()
        defer { try? FileManager.default.removeItem(atPath: gzippedPath) }
        #expect(throws: TileArchiveError.gzip(.outputTooLarge(limit: 1000))) {
            try PMTilesArchive(path: gzippedPath, maxTileBytes: 1000).tile(z: 0, x: 0, y: 0)
        }
    }

    @Test func aLeafThatPointsAtItselfIsTooDeep() throws {
        var writer = PMTilesWriter()
        // The leaf's one entry is a leaf pointer to offset 0: itself. Its length is its own size, found by fixpoint.
        var leaf = PMTilesWriter.directory([.init(id: 0, offset: 0, length: 0, runLength: 0)])
        leaf = PMTilesWriter.directory([.init(id: 0, offset: 0, length: UInt64(leaf.count), runLength: 0)])
        writer.leaves = leaf
        writer.root = PMTilesWriter.directory([.init(id: 0, offset: 0, length: UInt64(leaf.count), runLength: 0)])
        let path = try writer.write()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: TileArchiveError.directoryTooDeep) { try PMTilesArchive(path: path).tile(z: 0, x: 0, y: 0) }
    }

    @Test func entriesOutsideTheirSectionAndLyingCountsAreRefused() throws {
        var past = PMTilesWriter()
        past.tileData = [1, 2]
        past.root = PMTilesWriter.directory([.init(id: 0, offset: 1, length: 5, runLength: 1)])
        let pastPath = try past.write()
        defer { try? FileManager.default.removeItem(atPath: pastPath) }
        #expect(throws: TileArchiveError.invalidDirectory("an entry points past the end of its section")) {
            try PMTilesArchive(path: pastPath).tile(z: 0, x: 0, y: 0)
        }
        var lying = PMTilesWriter()
        lying.root = ProtobufWriter.varint(1 << 40) + [0, 0, 0, 0]
        let lyingPath = try lying.write()
        defer { try? FileManager.default.removeItem(atPath: lyingPath) }
        #expect(throws: TileArchiveError.invalidDirectory("1099511627776 entries in 10 bytes")) {
            try PMTilesArchive(path: lyingPath)
        }
    }

    @Test func headersOfOtherVersionsOrCompressionsAreRefused() throws {
        var old = sampleWriter()
        old.version = 2
        var brotli = sampleWriter()
        brotli.tileCompression = 3
        var cut = sampleWriter().bytes
        cut.removeLast(cut.count - 100)
        for (bytes, expected) in [
            (old.bytes, TileArchiveError.unsupportedVersion(2)), (brotli.bytes, .unsupportedCompression(3)),
            (cut, .invalidHeader("shorter than 127 bytes")),
        ] {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-\(UUID()).pmtiles").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            #expect(throws: expected) { try PMTilesArchive(path: path) }
        }
    }
}
