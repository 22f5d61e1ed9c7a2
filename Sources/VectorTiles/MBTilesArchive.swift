import Foundation
import GRDB

/// An MBTiles 1.3 file: SQLite with a `metadata` table of name/value rows and
/// a `tiles` table addressed in TMS (row 0 at the south), opened read-only.
package final class MBTilesArchive: TileArchive {
    package let metadata: TileArchiveMetadata
    /// GRDB's queue serialises reads on one connection, which is what makes the archive Sendable.
    private let database: DatabaseQueue

    package init(path: String) throws(TileArchiveError) {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "MBTiles"
        do {
            database = try DatabaseQueue(path: path, configuration: configuration)
            let rows = try database.read { db in
                try Row.fetchAll(db, sql: "SELECT name, value FROM metadata")
            }
            var values: [String: String] = [:]
            for row in rows {
                if let name = row["name"] as String?, let value = row["value"] as String? { values[name] = value }
            }
            metadata = try Self.metadata(from: values)
        } catch let error as TileArchiveError {
            throw error
        } catch {
            throw .database("\(error)")
        }
    }

    package func tile(z: Int, x: Int, y: Int) throws(TileArchiveError) -> [UInt8]? {
        guard TileArchives.isValid(z: z, x: x, y: y) else { return nil }
        let row = (1 << z) - 1 - y
        let blob: Data?
        do {
            blob = try database.read { db in
                try Data.fetchOne(
                    db, sql: "SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?",
                    arguments: [z, x, row])
            }
        } catch {
            throw .database("\(error)")
        }
        guard let blob else { return nil }
        return try TileArchives.inflatedIfGzip([UInt8](blob))
    }

    private static func metadata(from values: [String: String]) throws(TileArchiveError) -> TileArchiveMetadata {
        var metadata = TileArchiveMetadata()
        metadata.name = values["name"]
        metadata.format = values["format"]
        metadata.attribution = values["attribution"]
        metadata.bounds = values["bounds"].flatMap(TileArchiveMetadata.numbers)
        metadata.center = values["center"].flatMap(TileArchiveMetadata.numbers)
        metadata.minZoom = values["minzoom"].flatMap { Int($0) }
        metadata.maxZoom = values["maxzoom"].flatMap { Int($0) }
        // MBTiles keeps vector_layers in a JSON row of its own; the plain rows above win over it.
        if let json = values["json"] {
            var fromJSON = TileArchiveMetadata()
            try fromJSON.merge(json: Array(json.utf8))
            metadata.vectorLayers = fromJSON.vectorLayers
        }
        return metadata
    }
}
