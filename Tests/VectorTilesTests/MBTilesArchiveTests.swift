import Foundation
import GRDB
import Testing

@testable import VectorTiles

/// Writes an MBTiles file with the given metadata rows and tiles (zoom, column, TMS row, blob).
private func mbtiles(metadata: [String: String], tiles: [(Int, Int, Int, [UInt8])]) throws -> String {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("mapwire-\(UUID().uuidString).mbtiles").path
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
        try db.execute(sql: "CREATE TABLE metadata (name TEXT, value TEXT)")
        try db.execute(
            sql: "CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)")
        for (name, value) in metadata {
            try db.execute(sql: "INSERT INTO metadata VALUES (?, ?)", arguments: [name, value])
        }
        for (z, x, row, blob) in tiles {
            try db.execute(sql: "INSERT INTO tiles VALUES (?, ?, ?, ?)", arguments: [z, x, row, Data(blob)])
        }
    }
    try queue.close()
    return path
}

@Suite struct MBTilesArchiveTests {
    @Test func rowsAreTMSSoTheYIsFlipped() throws {
        let path = try mbtiles(metadata: [:], tiles: [(2, 1, 0, [1]), (2, 1, 1, [2])])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let archive = try MBTilesArchive(path: path)
        // Row 0 is the southernmost of zoom 2's four rows: XYZ row 3.
        #expect(try archive.tile(z: 2, x: 1, y: 3) == [1])
        #expect(try archive.tile(z: 2, x: 1, y: 2) == [2])
        #expect(try archive.tile(z: 2, x: 1, y: 0) == nil)
        #expect(try archive.tile(z: 2, x: 4, y: 0) == nil)
    }

    @Test func gzippedTilesAreInflatedAndOthersLeftAsStored() throws {
        let tile = Array("not really a tile".utf8)
        let path = try mbtiles(metadata: [:], tiles: [(0, 0, 0, GzipWriter.compress(tile)), (1, 0, 0, tile)])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let archive = try MBTilesArchive(path: path)
        #expect(try archive.tile(z: 0, x: 0, y: 0) == tile)
        #expect(try archive.tile(z: 1, x: 0, y: 1) == tile)
    }

    @Test func metadataRowsAndTheJSONRowsVectorLayersAreRead() throws {
        let json = #"{"vector_layers":[{"id":"roads","fields":{"name":"String"},"minzoom":2,"maxzoom":14}]}"#
        let path = try mbtiles(
            metadata: [
                "name": "City", "format": "pbf", "bounds": "2.2,48.8,2.5,48.9", "center": "2.35,48.85,12",
                "minzoom": "2", "maxzoom": "14", "attribution": "© OpenStreetMap", "json": json,
            ], tiles: [])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let metadata = try MBTilesArchive(path: path).metadata
        #expect(metadata.name == "City" && metadata.format == "pbf" && metadata.attribution == "© OpenStreetMap")
        #expect(metadata.bounds == [2.2, 48.8, 2.5, 48.9] && metadata.center == [2.35, 48.85, 12])
        #expect(metadata.minZoom == 2 && metadata.maxZoom == 14)
        #expect(
            metadata.vectorLayers == [
                VectorLayerDescription(id: "roads", fields: ["name": "String"], minZoom: 2, maxZoom: 14)
            ])
    }

    @Test func aFileThatIsNotMBTilesThrows() throws {
        let path = try mbtiles(metadata: ["json": "[1"], tiles: [])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            try MBTilesArchive(path: path)
        } throws: { error in
            if case .invalidMetadata = error as? TileArchiveError { return true }
            return false
        }
        #expect {
            try MBTilesArchive(path: "/nonexistent/city.mbtiles")
        } throws: { error in
            if case .database = error as? TileArchiveError { return true }
            return false
        }
    }
}
