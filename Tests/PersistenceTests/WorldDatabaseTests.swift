import Foundation
import GRDB
import Testing

@testable import Persistence

@Suite struct WorldDatabaseTests {
    @Test func whatIsWrittenIsThereAfterReopeningInTheOrderItWasAdded() throws {
        let store = try TemporaryStore()
        do {
            let db = try WorldDatabase(path: store.path)
            try db.write([.added(pin("c")), .added(pin("a")), .added(pin("b"))])
            try db.write([.moved(id: "a", latitude: 10, longitude: 20, timestamp: 5), .removed(id: "c")])
            try db.write([.added(pin("c", 3, 4))], settings: ["seeded": "yes"])
        }
        let db = try WorldDatabase(path: store.path)
        let loaded = try db.loadAnnotations()
        #expect(loaded.map(\.id) == ["a", "b", "c"])
        #expect(loaded[0].latitude == 10 && loaded[0].longitude == 20 && loaded[0].timestamp == 5)
        #expect(loaded[2].latitude == 3)
        #expect(try db.setting("seeded") == "yes")
        #expect(try db.setting("other") == nil)
    }

    /// A large batch goes into the table in key order, but the file still
    /// lists it in the order it was added (ids "n0", "n1", ..., "n10", ...
    /// sort differently as text).
    @Test func aLargeBatchKeepsTheOrderItWasAddedIn() throws {
        let store = try TemporaryStore()
        let ids = (0..<(2 * WorldDatabase.sortedInsertThreshold)).map { "n\($0)" }
        do {
            let db = try WorldDatabase(path: store.path)
            try db.write([.added(pin("first"))])
            try db.write(ids.map { .added(pin($0)) })
        }
        let loaded = try WorldDatabase(path: store.path).loadAnnotations()
        #expect(loaded.map(\.id) == ["first"] + ids)
    }

    @Test func everyFieldRoundTrips() throws {
        let store = try TemporaryStore()
        let full = StoredAnnotation(
            id: "bus/7 é", kind: "vehicle", title: "Bus 7", subtitle: "Line 7",
            latitude: -33.5, longitude: 151.25, draggable: true, clusteringIdentifier: "fleet",
            isFixed: true, timestamp: 1_700_000_000.5, seed: "wishlist",
            markerColor: "#e63946", markerSymbol: "★")
        try WorldDatabase(path: store.path).write([.added(full), .added(pin("bare"))])
        let loaded = try WorldDatabase(path: store.path).loadAnnotations()
        #expect(loaded == [full, pin("bare")])
    }

    @Test func theFileIsInWALMode() throws {
        let store = try TemporaryStore()
        _ = try WorldDatabase(path: store.path)
        let mode = try DatabaseQueue(path: store.path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    /// SQLite's `synchronous`, as each connection that writes the file has
    /// it, for a new file and one opened again: 1 is `NORMAL`, 2 `FULL`.
    @Test(arguments: [(false, 1), (true, 2)])
    func everyConnectionThatWritesTheFileSyncsAsAsked(syncsEveryCommit: Bool, pragma: Int) throws {
        let store = try TemporaryStore()
        do {
            let db = try WorldDatabase(path: store.path, syncsEveryCommit: syncsEveryCommit)
            try db.write([.added(pin("a"))])
            #expect(try db.synchronousInEffect() == [pragma, pragma])
        }
        let reopened = try WorldDatabase(path: store.path, syncsEveryCommit: syncsEveryCommit)
        #expect(try reopened.synchronousInEffect() == [pragma, pragma])
    }

    @Test func theConnectionCachesEnoughOfTheFileForAMillionPins() throws {
        // A million pins make a table of about 100 MB that moves update all over.
        let store = try TemporaryStore()
        #expect(try WorldDatabase(path: store.path).pageCacheLimitKiB() >= 128 * 1024)
        #expect(try WorldDatabase(path: ":memory:").pageCacheLimitKiB() >= 128 * 1024)
    }

    @Test func aFileFromTheFirstMigrationIsMigratedAndKeepsItsRows() throws {
        let store = try TemporaryStore()
        do {
            let queue = try DatabaseQueue(path: store.path)
            try WorldMigrations.migrator.migrate(queue, upTo: WorldMigrations.annotations)
            try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO annotation (id, seq, kind, title, latitude, longitude) VALUES ('old', 1, 'point', 'Old', 1, 2)
                        """)
            }
        }
        let db = try WorldDatabase(path: store.path)
        #expect(
            try db.appliedMigrations() == [
                WorldMigrations.annotations, WorldMigrations.settings,
                WorldMigrations.seeds, WorldMigrations.markerStyle,
                WorldMigrations.moveLog, WorldMigrations.packedMoveLog,
                WorldMigrations.positionBuckets, WorldMigrations.geoJSONDetails, WorldMigrations.shapes,
            ])
        #expect(try db.loadAnnotations().map(\.id) == ["old"])
        try db.write([.added(pin("new"))], settings: ["k": "v"])
        #expect(try db.loadAnnotations().map(\.id) == ["old", "new"])
        #expect(try db.setting("k") == "v")
    }

    @Test func aFileSeededWithBothSamplesAtOnceNamesEachRowsSeed() throws {
        let store = try TemporaryStore()
        do {
            let queue = try DatabaseQueue(path: store.path)
            try WorldMigrations.migrator.migrate(queue, upTo: WorldMigrations.settings)
            try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO annotation (id, seq, kind, latitude, longitude, sample) VALUES
                            ('ada', 1, 'person', 1, 2, 1), ('bridge', 2, 'bridge', 3, 4, 1), ('van', 3, 'vehicle', 5, 6, 0);
                        INSERT INTO setting (key, value) VALUES ('sample-content-seeded', '1');
                        """)
            }
        }
        let db = try WorldDatabase(path: store.path)
        #expect(try db.loadAnnotations().map(\.seed) == ["wishlist", "mapcallouts", nil])
        #expect(try db.wasSeeded("wishlist") && db.wasSeeded("mapcallouts"))
        #expect(try !db.wasSeeded("other") && db.setting("sample-content-seeded") == nil)
    }

    @Test func aFileFromANewerMapWireIsRefusedAndLeftAlone() throws {
        let store = try TemporaryStore()
        do {
            let db = try WorldDatabase(path: store.path)
            try db.write([.added(pin("kept"))])
        }
        try DatabaseQueue(path: store.path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('3-something-newer')")
        }
        #expect {
            _ = try WorldDatabase(path: store.path)
        } throws: { error in
            guard case StoreError.newerSchema(_, let unknown) = error else { return false }
            return unknown == ["3-something-newer"] && "\(error)".contains("newer MapWire")
        }
        let rows = try DatabaseQueue(path: store.path).read {
            try Int.fetchOne($0, sql: "SELECT count(*) FROM annotation")
        }
        #expect(rows == 1)
    }

    @Test func aFileThatIsNotSQLiteIsRefusedAsDamaged() throws {
        let store = try TemporaryStore()
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: store.path))
        #expect {
            _ = try WorldDatabase(path: store.path)
        } throws: { error in
            guard case StoreError.corrupt = error else { return false }
            return "\(error)".contains(store.path) && "\(error)".contains("damaged")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == Data(repeating: 0x41, count: 8192))
    }

    @Test func aTruncatedStoreIsRefusedAtStartNotReset() throws {
        let store = try TemporaryStore()
        do {
            let db = try WorldDatabase(path: store.path)
            let many = (0..<5_000).map { WorldChange.added(pin("pin-\($0)-" + String(repeating: "x", count: 40))) }
            try db.write(many)
            try db.checkpoint()
        }
        let url = URL(fileURLWithPath: store.path)
        let bytes = try Data(contentsOf: url)
        // Keep the header and first pages, lose the rest: SQLite sees a damaged tree.
        try bytes.prefix(bytes.count / 3).write(to: url)
        #expect {
            let db = try WorldDatabase(path: store.path)
            _ = try db.loadAnnotations()
        } throws: { error in
            guard case StoreError.corrupt = error else { return false }
            return true
        }
    }

    @Test func aForeignSQLiteDatabaseIsRefused() throws {
        let store = try TemporaryStore()
        try DatabaseQueue(path: store.path).write { db in
            try db.execute(sql: "CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
        }
        #expect {
            _ = try WorldDatabase(path: store.path)
        } throws: { error in
            guard case StoreError.unknownSchema = error else { return false }
            return "\(error)".contains("not a MapWire store")
        }
    }

    @Test func aFolderThatDoesNotExistIsACannotOpenError() {
        #expect {
            _ = try WorldDatabase(path: "/nonexistent-mapwire-folder/world.sqlite")
        } throws: { error in
            guard case StoreError.cannotOpen = error else { return false }
            return "\(error)".contains("/nonexistent-mapwire-folder/world.sqlite")
        }
    }
}
