import Foundation
import Testing

@testable import VectorTiles

private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("fixtures/tiles")

@Suite struct TileArchiveTests {
    @Test func theKindIsToldByTheFirstBytesNotTheName() throws {
        let misnamed = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-\(UUID()).mbtiles")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("sample.pmtiles"), to: misnamed)
        defer { try? FileManager.default.removeItem(at: misnamed) }
        #expect(try TileArchives.open(path: misnamed.path) is PMTilesArchive)
        #expect(try TileArchives.open(path: fixtures.appendingPathComponent("sample.mbtiles").path) is MBTilesArchive)
        // A text file: neither SQLite's nor PMTiles' magic bytes.
        let notAnArchive = fixtures.deletingLastPathComponent().appendingPathComponent("README.md").path
        #expect(throws: TileArchiveError.unknownFormat(path: notAnArchive)) {
            try TileArchives.open(path: notAnArchive)
        }
        #expect(throws: TileArchiveError.unreadable(path: "/nonexistent", reason: "cannot open for reading")) {
            try TileArchives.open(path: "/nonexistent")
        }
    }

    @Test func bothSampleArchivesDescribeTheSameTiles() throws {
        let mbtiles = try TileArchives.open(path: fixtures.appendingPathComponent("sample.mbtiles").path)
        let pmtiles = try TileArchives.open(path: fixtures.appendingPathComponent("sample.pmtiles").path)
        #expect(mbtiles.metadata.vectorLayers.map(\.id) == ["roads", "buildings", "pois", "values"])
        #expect(pmtiles.metadata.vectorLayers == mbtiles.metadata.vectorLayers)
        #expect(pmtiles.metadata.name == mbtiles.metadata.name && pmtiles.metadata.maxZoom == mbtiles.metadata.maxZoom)
        for z in 0...2 {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) {
                    #expect(try mbtiles.tile(z: z, x: x, y: y) == pmtiles.tile(z: z, x: x, y: y), "\(z)/\(x)/\(y)")
                }
            }
        }
    }

    @Test func manyThreadsReadOneArchiveAtOnce() async throws {
        for name in ["sample.mbtiles", "sample.pmtiles"] {
            let archive = try TileArchives.open(path: fixtures.appendingPathComponent(name).path)
            let expected = try archive.tile(z: 2, x: 1, y: 2)
            let results = try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
                for _ in 0..<32 { group.addTask { try archive.tile(z: 2, x: 1, y: 2) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(expected != nil && results.allSatisfy { $0 == expected }, "\(name)")
        }
    }
}
