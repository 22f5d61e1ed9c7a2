import Foundation
import GRDB
import Testing

@testable import Persistence

/// A store file that a start refuses is left as it was found: the same
/// bytes, and no write-ahead log or shared-memory file beside it.
@Suite struct RefusedStoreTests {
    /// Every file in the store's folder and its bytes.
    private func snapshot(_ store: TemporaryStore) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: store.folder.path) {
            files[name] = try Data(contentsOf: store.folder.appendingPathComponent(name))
        }
        return files
    }

    /// Opens the store as a start does (every row is read), which must be
    /// refused with an error `matches` accepts; the folder must not change.
    private func expectRefusedAndUntouched(
        _ store: TemporaryStore,
        _ matches: @escaping (StoreError) -> Bool
    ) throws {
        let before = try snapshot(store)
        #expect(before.keys.sorted() == ["world.sqlite"], "the case is set up with the file alone")
        #expect {
            let db = try WorldDatabase(path: store.path)
            _ = try db.loadAnnotations()
        } throws: { error in
            guard let error = error as? StoreError else { return false }
            return matches(error) && "\(error)".contains(store.path)
        }
        let after = try snapshot(store)
        #expect(after.keys.sorted() == before.keys.sorted(), "no file may appear beside the store")
        #expect(after == before, "the store's bytes must not change")
    }

    /// A MapWire store with some rows, closed cleanly (its log folded into the file).
    private func mapWireStore(_ store: TemporaryStore, pins count: Int = 20) throws {
        let db = try WorldDatabase(path: store.path)
        try db.write((0..<count).map { .added(pin("pin-\($0)-" + String(repeating: "x", count: 40))) })
        try db.checkpoint()
    }

    @Test func anotherProgramsSQLiteFileIsRefusedUntouched() throws {
        let store = try TemporaryStore()
        do {
            let queue = try DatabaseQueue(path: store.path)
            try queue.write { db in
                try db.execute(
                    sql: """
                        CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL);
                        INSERT INTO invoices (total) VALUES (12.5), (40);
                        """)
            }
        }
        try expectRefusedAndUntouched(store) { error in
            guard case .unknownSchema = error else { return false }
            return "\(error)".contains("not a MapWire store")
        }
    }

    /// A file with no tables yet, but marked by its program: not an empty store to fill.
    @Test func anotherProgramsEmptyFileMarkedWithItsApplicationIDIsRefusedUntouched() throws {
        let store = try TemporaryStore()
        do {
            let queue = try DatabaseQueue(path: store.path)
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA application_id = 1234") }
        }
        try expectRefusedAndUntouched(store) { error in
            guard case .unknownSchema = error else { return false }
            return true
        }
    }

    /// Another program that also keeps its schema with GRDB's migrations.
    @Test func anotherProgramsMigratedFileIsNotTakenForANewerMapWire() throws {
        let store = try TemporaryStore()
        do {
            var migrator = DatabaseMigrator()
            migrator.registerMigration("v1-invoices") { db in
                try db.execute(sql: "CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
            }
            try migrator.migrate(DatabaseQueue(path: store.path))
        }
        try expectRefusedAndUntouched(store) { error in
            guard case .unknownSchema = error else { return false }
            return true
        }
    }

    @Test func aFileFromANewerMapWireIsRefusedUntouched() throws {
        let store = try TemporaryStore()
        try mapWireStore(store)
        try DatabaseQueue(path: store.path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('99-something-newer')")
        }
        try expectRefusedAndUntouched(store) { error in
            guard case .newerSchema(_, let unknown) = error else { return false }
            return unknown == ["99-something-newer"]
        }
    }

    /// Bytes flipped in the middle of the file: SQLite finds a damaged page
    /// before anything has been written.
    @Test func aStoreWithFlippedBytesIsRefusedUntouched() throws {
        let store = try TemporaryStore()
        try mapWireStore(store, pins: 5_000)
        let url = URL(fileURLWithPath: store.path)
        var bytes = try Data(contentsOf: url)
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        // The header of a page of the annotation table, midway through the file.
        let page = (bytes.count / pageSize / 2) * pageSize
        for i in page..<(page + 8) { bytes[i] ^= 0xFF }
        try bytes.write(to: url)
        try expectRefusedAndUntouched(store) { error in
            guard case .corrupt = error else { return false }
            return "\(error)".contains("damaged")
        }
    }

    @Test func aReadOnlyStoreIsRefusedUntouched() throws {
        let store = try TemporaryStore()
        try mapWireStore(store)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: store.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.path) }
        try expectRefusedAndUntouched(store) { error in
            guard case .readOnly = error else { return false }
            return "\(error)".contains("read-only")
        }
    }

    @Test func aFileThatIsNotSQLiteIsRefusedUntouched() throws {
        let store = try TemporaryStore()
        try Data(String(repeating: "not a database, a letter. ", count: 400).utf8)
            .write(to: URL(fileURLWithPath: store.path))
        try expectRefusedAndUntouched(store) { error in
            guard case .corrupt = error else { return false }
            return true
        }
    }

    /// The checks only look: a good store opens as before, and an empty
    /// file is a new store.
    @Test func aGoodStoreAndAnEmptyFileStillOpen() throws {
        let store = try TemporaryStore()
        try mapWireStore(store)
        #expect(try WorldDatabase(path: store.path).loadAnnotations().count == 20)
        let empty = try TemporaryStore()
        #expect(FileManager.default.createFile(atPath: empty.path, contents: Data()))
        let db = try WorldDatabase(path: empty.path)
        try db.write([.added(pin("a"))])
        #expect(try db.loadAnnotations().map(\.id) == ["a"])
    }

    /// MapWire marks the files it writes, so another program (and a later
    /// check) can tell a MapWire store from the header alone.
    @Test func aStoreCarriesMapWiresApplicationID() throws {
        let store = try TemporaryStore()
        try mapWireStore(store)
        let id = try DatabaseQueue(path: store.path).read { try Int32.fetchOne($0, sql: "PRAGMA application_id") }
        #expect(id == WorldDatabase.applicationID)
    }
}
