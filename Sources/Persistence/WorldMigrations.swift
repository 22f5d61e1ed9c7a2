import GRDB

/// The store file's schema, as numbered migrations applied in order. A file
/// records which ones it has had (GRDB's `grdb_migrations` table); one that
/// names a migration this build does not know came from a newer MapWire and
/// is refused, never reset.
///
/// Never edit a migration that has shipped: add the next number.
enum WorldMigrations {
    static let annotations = "1-annotations"
    static let settings = "2-settings"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(annotations) { db in
            // Keyed by id (WITHOUT ROWID): a move is one lookup in one tree.
            // `seq` keeps the order annotations were added in, for the API's list.
            try db.execute(sql: """
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
            try db.execute(sql: "CREATE TABLE setting (key TEXT NOT NULL PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID")
        }
        return migrator
    }
}
