import Foundation
import GRDB
import Synchronization

/// The SQLite file that keeps the world across restarts: every annotation
/// the API added, where it is now, and what was removed.
///
/// WAL mode: a commit appends to the log and readers never block it. Writes
/// come from one thread (`GroupCommitWriter`), each batch in one transaction,
/// so a crash leaves every batch either whole or absent. Moves are appended
/// to the `move_log` table, a row a commit, which passes fold into the
/// position buckets (`MoveLog`, `PositionBuckets`).
package final class WorldDatabase: Sendable {
    /// The file's path, or `:memory:`.
    package let path: String
    private let queue: DatabaseQueue
    /// Copies the write-ahead log into the file off the writer's thread (nil in memory).
    let checkpointer: WALCheckpointer?
    /// The most SQLite keeps of the file in memory, KiB.
    static let pageCacheKiB = 256 * 1024
    /// What writing keeps between commits; writes come from one thread, so
    /// the lock is held through a transaction without contention.
    let writing = Mutex(WritingState())

    struct WritingState {
        /// The next number for an added annotation or a logged move.
        var nextSeq: Int64 = 1
        /// About how many annotations the file holds (for pacing the log's passes).
        var annotations = 0
        var moveLog = MoveLog(emptyThrough: 0)
    }

    /// What MapWire writes into the SQLite header of its files (`PRAGMA
    /// application_id`), "MpWr": another program's file can be told apart
    /// before a table of it is read.
    package static let applicationID: Int32 = 0x4D70_5772

    /// Opens (creating if needed) the store at `path` and brings its schema
    /// up to date. Refuses a damaged file, a foreign database, one from a
    /// newer MapWire and a read-only one, rather than resetting it, and
    /// before anything is written to it (`StoreFileCheck`).
    ///
    /// `syncsEveryCommit`: SQLite's `synchronous = FULL`, the log synced to
    /// the disk at every commit, so a commit survives a power cut or a crash
    /// of the machine too; otherwise `NORMAL`, which in WAL mode keeps every
    /// commit through a crash of the process and syncs only at checkpoints.
    package convenience init(path: String, syncsEveryCommit: Bool = false) throws(StoreError) {
        try self.init(path: path, syncsEveryCommit: syncsEveryCommit, checkpointPaces: WALCheckpointer.Paces())
    }

    /// As `init(path:syncsEveryCommit:)`, with the log lengths that start a
    /// checkpoint chosen (tests use short ones).
    init(path: String, syncsEveryCommit: Bool = false, checkpointPaces: WALCheckpointer.Paces) throws(StoreError) {
        self.path = path
        if path != ":memory:" { try StoreFileCheck.check(path: path) }
        var configuration = Configuration()
        configuration.label = "mapwire.store"
        configuration.prepareDatabase { db in
            // WAL set here rather than by GRDB's `journalMode`, which also creates and drops a table at
            // every open of a file without a log: a write before a start has read a row.
            if path != ":memory:" {
                guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                    throw StoreError.cannotOpen(path: path, reason: "SQLite cannot keep a write-ahead log for it")
                }
            }
            try db.execute(sql: "PRAGMA synchronous = \(Self.synchronous(syncsEveryCommit))")
            // Moves update rows all over a table that a large world makes hundreds of MB: with SQLite's
            // default 2 MB cache every update re-read its B-tree pages from the OS, and the feed fell behind.
            // Pages are cached as they are read, so a small world never takes this much.
            try db.execute(sql: "PRAGMA cache_size = -\(Self.pageCacheKiB)")
        }
        do {
            queue =
                path == ":memory:"
                ? try DatabaseQueue(configuration: configuration)
                : try DatabaseQueue(path: path, configuration: configuration)
            checkpointer =
                path == ":memory:"
                ? nil
                : try WALCheckpointer(
                    path: path, paces: checkpointPaces, syncsEveryCommit: syncsEveryCommit)
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.storeError(error, path: path)
        }
        do {
            try WorldMigrations.migrator.migrate(queue)
            try queue.write { db in
                if try Int32.fetchOne(db, sql: "PRAGMA application_id") != Self.applicationID {
                    try db.execute(sql: "PRAGMA application_id = \(Self.applicationID)")
                }
            }
            if let checkpointer { queue.writeWithoutTransaction { checkpointer.install(on: $0) } }
            let (maxSeq, count) = try queue.write { db in
                let maxSeq =
                    try Int64.fetchOne(
                        db,
                        sql: """
                            SELECT max(coalesce((SELECT max(seq) FROM annotation), 0),
                                       coalesce((SELECT max(last_seq) FROM move_log), 0),
                                       coalesce((SELECT max(seq) FROM shape), 0),
                                       coalesce((SELECT max(seq) FROM shape_tail), 0))
                            """) ?? 0
                // A start begins with an empty log: restoring reads rows and buckets, and passes start afresh.
                try Self.foldWholeMoveLog(in: db, path: path)
                return (maxSeq, try Int.fetchOne(db, sql: "SELECT count(*) FROM annotation") ?? 0)
            }
            writing.withLock {
                $0 = WritingState(nextSeq: maxSeq + 1, annotations: count, moveLog: MoveLog(emptyThrough: maxSeq))
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    deinit {
        checkpointer?.stop()
    }

    /// The value of SQLite's `synchronous` for the setting.
    static func synchronous(_ syncsEveryCommit: Bool) -> String {
        syncsEveryCommit ? "FULL" : "NORMAL"
    }

    /// SQLite's `synchronous` in effect on each connection that writes the
    /// file (the writer's, then the checkpointer's): 1 is `NORMAL`, 2 `FULL`.
    package func synchronousInEffect() throws(StoreError) -> [Int] {
        var settings = [try read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }]
        if let checkpointer {
            do {
                settings.append(try checkpointer.synchronousInEffect())
            } catch {
                throw Self.storeError(error, path: path)
            }
        }
        return settings
    }

    /// The migrations this file has had, oldest first.
    package func appliedMigrations() throws(StoreError) -> [String] {
        try read { db in try WorldMigrations.migrator.appliedMigrations(db) }
    }

    // MARK: Reading

    /// Every stored annotation, in the order they were added.
    package func loadAnnotations() throws(StoreError) -> [StoredAnnotation] {
        var rows: [(seq: Int64, annotation: StoredAnnotation)] = []
        try forEachAnnotation { rows.append(($0, $1)) }
        rows.sort { $0.seq < $1.seq }
        return rows.map(\.annotation)
    }

    /// How many annotations the file holds.
    package func annotationCount() throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM annotation") ?? 0 }
    }

    /// Calls `body` with every stored annotation and its insertion order
    /// number, in key order: a start with a million of them streams rows
    /// into the world instead of holding them all twice. Reading every row
    /// is also the check that the table is sound: a damaged page is an
    /// error here, at start-up, not later.
    package func forEachAnnotation(_ body: (Int64, StoredAnnotation) throws -> Void) throws(StoreError) {
        try read { db in
            let moved = try Self.newestMoves(in: db, path: path)
            let cursor = try Row.fetchCursor(db, sql: Self.annotationRows)
            while let row = try cursor.next() {
                let seq: Int64 = row[1]
                var annotation = StoredAnnotation(
                    id: row[0], kind: row[2], title: row[3], subtitle: row[4], latitude: row[5], longitude: row[6],
                    draggable: row[7], clusteringIdentifier: row[8], isFixed: row[9], timestamp: row[10],
                    seed: row[11], markerColor: row[12], markerSymbol: row[13], markerSize: row[14],
                    altitude: row[15], idIsNumber: row[16])
                // A move numbered before the row's own was of an annotation removed and added again since.
                if let move = moved[annotation.id], move.seq > seq {
                    annotation.latitude = move.position.latitude
                    annotation.longitude = move.position.longitude
                    annotation.timestamp = move.position.timestamp
                }
                try body(seq, annotation)
            }
        }
    }

    /// The most of the file SQLite keeps in memory on this store's connection, KiB.
    package func pageCacheLimitKiB() throws(StoreError) -> Int {
        // A negative cache_size is a size in KiB, a positive one a number of pages.
        let (size, pageSize) = try read { db in
            (try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? 0, try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0)
        }
        return size < 0 ? -size : size * pageSize / 1024
    }

    /// The setting that says the seed `name` was written once; after that the
    /// file alone says what exists, so a seeded annotation deleted stays deleted.
    package static func seededSettingKey(_ name: String) -> String { "seeded:" + name }

    /// Whether the seed `name` was written to this file.
    package func wasSeeded(_ name: String) throws(StoreError) -> Bool {
        try setting(Self.seededSettingKey(name)) != nil
    }

    /// A store-wide setting, or nil when it was never set.
    package func setting(_ key: String) throws(StoreError) -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key]) }
    }

    // MARK: Writing

    /// Writes `changes` in one transaction: all of them are in the file
    /// when this returns, or none (it throws).
    package func write(_ changes: [WorldChange], settings: [String: String] = [:]) throws(StoreError) {
        let coalesced = CoalescedChanges(changes)
        if coalesced.isEmpty && settings.isEmpty { return }
        try writing.withLock { (state: inout WritingState) throws(StoreError) in
            var next = state.nextSeq
            var step = MoveLog.Step()
            try write { db in
                try Self.write(coalesced, nextSeq: &next, in: db)
                try Self.writeShapes(coalesced, nextSeq: &next, in: db)
                step = try Self.logMoves(
                    coalesced.moved, removed: coalesced.removed, nextSeq: &next, state: &state,
                    in: db, path: path)
                for (key, value) in settings {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)",
                        arguments: [key, value])
                }
            }
            // Advanced only once the transaction committed; a failed one leaves the numbers as they were.
            state.nextSeq = next
            state.annotations += coalesced.inserted.count(where: { $0 != nil }) - coalesced.removed.count
            state.moveLog.finished(step)
        }
    }

    /// Batches of at least this many new rows are inserted in key order.
    static let sortedInsertThreshold = 1_000

    private static func write(_ changes: CoalescedChanges, nextSeq: inout Int64, in db: Database) throws {
        if !changes.removed.isEmpty {
            let delete = try db.cachedStatement(sql: "DELETE FROM annotation WHERE id = ?")
            for id in changes.removed { try delete.execute(arguments: [id]) }
        }
        if changes.inserted.contains(where: { $0 != nil }) {
            let insert = try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO annotation (id, seq, kind, title, subtitle, latitude, longitude, draggable,
                        clustering_identifier, fixed, timestamp, seed, marker_color, marker_symbol, marker_size,
                        altitude, id_is_number)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            let first = nextSeq
            let added = changes.inserted.compactMap { $0 }
            // In key order (SQLite compares TEXT bytewise), a large batch fills
            // the table's pages one after another instead of splitting pages
            // all over the tree; the seq still says the order they came in.
            // Positions are sorted, not the rows: moving a row copies all its strings.
            var order = Array(added.indices)
            if added.count >= sortedInsertThreshold {
                order.sort { added[$0].id.utf8.lexicographicallyPrecedes(added[$1].id.utf8) }
            }
            let rows = RowInserter(statement: insert.sqliteStatement, connection: db.sqliteConnection)
            defer { rows.finish() }
            for i in order { try rows.insert(added[i], seq: first + Int64(i)) }
            nextSeq = first + Int64(added.count)
        }
        if !changes.restyled.isEmpty {
            let update = try db.cachedStatement(
                sql: """
                    UPDATE annotation SET title = ?, subtitle = ?, marker_color = ?, marker_symbol = ?, marker_size = ?
                    WHERE id = ?
                    """)
            for (id, look) in changes.restyled {
                try update.execute(
                    arguments: [look.title, look.subtitle, look.markerColor, look.markerSymbol, look.markerSize, id])
            }
        }
    }

    /// Folds the move log into the position buckets and makes the WAL part
    /// of the main file, so a copy of the file alone is the whole world and
    /// the next start has no log to fold.
    package func checkpoint() throws(StoreError) {
        try writing.withLock { (state: inout WritingState) throws(StoreError) in
            try write { db in try Self.foldWholeMoveLog(in: db, path: path) }
            state.moveLog = MoveLog(emptyThrough: state.nextSeq - 1)
        }
        guard let checkpointer else { return }
        do {
            try checkpointer.exclusively {
                try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            }
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    // MARK: Errors

    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try queue.read(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    private func write(_ body: (Database) throws -> Void) throws(StoreError) {
        do {
            try queue.write(body)
        } catch {
            throw StoreError.writeFailed(reason: "\(error)")
        }
    }

    private static func storeError(_ error: any Error, path: String) -> StoreError {
        guard let error = error as? DatabaseError else { return .cannotOpen(path: path, reason: "\(error)") }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return .corrupt(path: path, reason: error.message ?? "\(error.resultCode)")
        default:
            return .cannotOpen(path: path, reason: error.message ?? "\(error)")
        }
    }
}
