import GRDB

/// The store file's schema, as numbered migrations applied in order. A file
/// records which ones it has had (GRDB's `grdb_migrations` table); one that
/// names a migration this build does not know came from a newer MapWire and
/// is refused, never reset (`StoreFileCheck`, before the file is opened for
/// writing).
///
/// Never edit a migration that has shipped: add the next number.
enum WorldMigrations {
    static let annotations = "1-annotations"
    static let settings = "2-settings"
    static let seeds = "3-seeds"
    static let markerStyle = "4-marker-style"
    static let moveLog = "5-move-log"
    static let packedMoveLog = "6-packed-move-log"
    static let positionBuckets = "7-position-buckets"
    static let geoJSONDetails = "8-geojson-details"
    static let shapes = "9-shapes"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(annotations) { db in
            // Keyed by id (WITHOUT ROWID): a move is one lookup in one tree.
            // `seq` keeps the order annotations were added in, for the API's list.
            try db.execute(
                sql: """
                    CREATE TABLE annotation (
                        id TEXT NOT NULL PRIMARY KEY,
                        seq INTEGER NOT NULL,
                        kind TEXT NOT NULL,
                        title TEXT,
                        subtitle TEXT,
                        latitude REAL NOT NULL,
                        longitude REAL NOT NULL,
                        draggable INTEGER NOT NULL DEFAULT 0,
                        clustering_identifier TEXT,
                        fixed INTEGER NOT NULL DEFAULT 0,
                        timestamp REAL,
                        sample INTEGER NOT NULL DEFAULT 0
                    ) WITHOUT ROWID
                    """)
        }
        migrator.registerMigration(settings) { db in
            // Facts about the store as a whole, such as whether the sample
            // content was seeded (it is, once: deleting it later must stick).
            try db.execute(
                sql: "CREATE TABLE setting (key TEXT NOT NULL PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID")
        }
        migrator.registerMigration(seeds) { db in
            // Seeded rows name the app that seeded them, so a start with that
            // app left out keeps them in the file without showing them. Files
            // from before knew one seed of both samples: people came from the
            // wishlist, everything else from MapCallouts.
            try db.execute(sql: "ALTER TABLE annotation ADD COLUMN seed TEXT")
            try db.execute(
                sql: """
                    UPDATE annotation SET seed = CASE kind WHEN 'person' THEN 'wishlist' ELSE 'mapcallouts' END
                    WHERE sample = 1
                    """)
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM setting WHERE key = 'sample-content-seeded'") ?? false {
                for name in ["wishlist", "mapcallouts"] {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, '1')",
                        arguments: [WorldDatabase.seededSettingKey(name)])
                }
                try db.execute(sql: "DELETE FROM setting WHERE key = 'sample-content-seeded'")
            }
        }
        migrator.registerMigration(markerStyle) { db in
            // The simplestyle colour and glyph of API pins; nil keeps the default red marker.
            try db.execute(sql: "ALTER TABLE annotation ADD COLUMN marker_color TEXT")
            try db.execute(sql: "ALTER TABLE annotation ADD COLUMN marker_symbol TEXT")
        }
        migrator.registerMigration(moveLog) { db in
            // Moves are appended here and folded into their rows in passes (see `MoveLog`). Its `seq`
            // numbers share one count with `annotation.seq`: a move older than its row's add is void.
            try db.execute(
                sql: """
                    CREATE TABLE move (
                        seq INTEGER PRIMARY KEY,
                        id TEXT NOT NULL,
                        latitude REAL NOT NULL,
                        longitude REAL NOT NULL,
                        timestamp REAL
                    )
                    """)
        }
        migrator.registerMigration(packedMoveLog) { db in
            // A commit's moves in one row (`PackedMoves`), numbered from `first_seq` through `last_seq`. What
            // the row-a-move log holds is folded into the annotation rows first, where positions were kept.
            try db.execute(
                sql: """
                    UPDATE annotation SET latitude = m.latitude, longitude = m.longitude, timestamp = m.timestamp
                    FROM (SELECT id, latitude, longitude, timestamp, max(seq) AS seq FROM move GROUP BY id) AS m
                    WHERE annotation.id = m.id AND annotation.seq < m.seq
                    """)
            try db.execute(sql: "DROP TABLE move")
            try db.execute(
                sql: """
                    CREATE TABLE move_log (
                        first_seq INTEGER PRIMARY KEY,
                        last_seq INTEGER NOT NULL,
                        moves BLOB NOT NULL
                    )
                    """)
        }
        migrator.registerMigration(positionBuckets) { db in
            // The latest positions the move log's passes fold, a row a bucket of ids (`PositionBuckets`).
            try db.execute(sql: "CREATE TABLE position (bucket INTEGER PRIMARY KEY, moves BLOB NOT NULL)")
        }
        migrator.registerMigration(geoJSONDetails) { db in
            // What a GeoJSON import gives beyond the first style: simplestyle's marker size, a position's
            // altitude, and whether the feature's id was a JSON number, so an export writes back what came in.
            try db.execute(sql: "ALTER TABLE annotation ADD COLUMN marker_size TEXT")
            try db.execute(sql: "ALTER TABLE annotation ADD COLUMN altitude REAL")
            try db.execute(sql: "ALTER TABLE annotation ADD COLUMN id_is_number INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration(shapes) { db in
            // Lines and areas: their ids share the annotations' namespace (one API route names both). The
            // geometry is packed positions; a trail's appends go to `shape_tail` until the row is written whole.
            try db.execute(
                sql: """
                    CREATE TABLE shape (
                        id TEXT NOT NULL PRIMARY KEY,
                        seq INTEGER NOT NULL,
                        kind TEXT NOT NULL,
                        geometry_type TEXT NOT NULL,
                        geometry BLOB NOT NULL,
                        title TEXT,
                        subtitle TEXT,
                        stroke TEXT,
                        stroke_width REAL,
                        stroke_opacity REAL,
                        fill TEXT,
                        fill_opacity REAL,
                        id_is_number INTEGER NOT NULL DEFAULT 0,
                        trail_limit INTEGER
                    ) WITHOUT ROWID
                    """)
            try db.execute(
                sql: """
                    CREATE TABLE shape_tail (
                        id TEXT NOT NULL,
                        seq INTEGER NOT NULL,
                        positions BLOB NOT NULL,
                        PRIMARY KEY (id, seq)
                    ) WITHOUT ROWID
                    """)
        }
        return migrator
    }
}
