import Foundation
import GRDB

/// The move log in SQL: appending a commit's moves as one row, folding a
/// share of a pass into the position buckets, and reading rows at their
/// latest position. What is folded when is `MoveLog`'s plan.
extension WorldDatabase {
    /// Every annotation row in key order. Columns in `StoredAnnotation`'s
    /// order, with `seq` second.
    static let annotationRows = """
        SELECT id, seq, kind, title, subtitle, latitude, longitude, draggable, clustering_identifier, fixed,
               timestamp, seed, marker_color, marker_symbol, marker_size, altitude, id_is_number
        FROM annotation
        """

    /// Each id's newest move the file keeps, in its bucket or in the log.
    static func newestMoves(in db: Database, path: String) throws -> [String: MoveLog.Entry] {
        // A bucket's position takes 30-40 bytes: grown by doubling, a million of them were copied often.
        let size = try Int.fetchOne(db, sql: "SELECT coalesce(sum(length(moves)), 0) FROM position") ?? 0
        var newest: [String: MoveLog.Entry] = [:]
        newest.reserveCapacity(size / 30)
        // Through the slot in place: one hash and probe an id, where reading it and then writing it took two.
        func keepNewer(_ slot: inout MoveLog.Entry?, _ move: MoveLog.Entry) {
            if slot.map({ $0.seq < move.seq }) ?? true { slot = move }
        }
        func take(_ moves: [MoveLog.Entry]) {
            for move in moves { keepNewer(&newest[move.id], move) }
        }
        let buckets = try Row.fetchCursor(db, sql: "SELECT moves FROM position")
        while let row = try buckets.next() { take(try PackedMoves.unpack(bytes(row, 0), path: path)) }
        try take(Array(loggedMoves(in: db, path: path).values))
        return newest
    }

    /// Each logged id's latest move.
    private static func loggedMoves(in db: Database, path: String) throws -> [String: MoveLog.Entry] {
        let count = try Int.fetchOne(db, sql: "SELECT coalesce(sum(last_seq - first_seq + 1), 0) FROM move_log") ?? 0
        var latest: [String: MoveLog.Entry] = [:]
        latest.reserveCapacity(count)
        let rows = try Row.fetchCursor(db, sql: "SELECT first_seq, moves FROM move_log ORDER BY first_seq")
        while let row = try rows.next() {
            for move in try PackedMoves.unpack(bytes(row, 1), firstSeq: row[0], path: path) { latest[move.id] = move }
        }
        return latest
    }

    private static func bytes(_ row: Row, _ column: Int) throws -> [UInt8] {
        try row.withUnsafeData(atIndex: column) { data in data.map { [UInt8]($0) } ?? [] }
    }

    /// Folds the whole log into the buckets and empties it: at start (so the
    /// log's passes start afresh) and at close. A logged move of an
    /// annotation removed since (no row, or a row added after it) is dropped.
    static func foldWholeMoveLog(in db: Database, path: String) throws {
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM move_log)") ?? false else { return }
        let latest = try loggedMoves(in: db, path: path)
        var live: [MoveLog.Entry] = []
        live.reserveCapacity(latest.count)
        // A seek in the id index costs about five rows of a scan.
        if latest.count * 5 >= (try Int.fetchOne(db, sql: "SELECT count(*) FROM annotation") ?? 0) {
            let scan = try RowNumberScan(
                statement: db.cachedStatement(sql: "SELECT id, seq FROM annotation")
                    .sqliteStatement, connection: db.sqliteConnection)
            defer { scan.finish() }
            try scan.forEach { id, seq in
                if let move = latest[id], seq < move.seq { live.append(move) }
            }
        } else {
            let byID = try db.cachedStatement(sql: "SELECT seq FROM annotation WHERE id = ?")
            let lookup = RowNumberLookup(statement: byID.sqliteStatement, connection: db.sqliteConnection)
            defer { lookup.finish() }
            for move in latest.values {
                if let seq = try lookup.number(of: move.id), seq < move.seq { live.append(move) }
            }
        }
        for fold in PositionBuckets.pass(live) { try foldIntoBucket(fold.bucket, fold.entries, in: db, path: path) }
        try db.execute(sql: "DELETE FROM move_log")
    }

    /// Appends `moved` to the log as one row, numbered from `nextSeq`, and
    /// does this commit's share of folding and deleting; clears `removed`
    /// ids from their buckets. Returns the share, for
    /// `MoveLog.finished(_:)` once the transaction committed.
    static func logMoves(
        _ moved: [String: CoalescedChanges.Position], removed: Set<String>, nextSeq: inout Int64,
        state: inout WritingState, in db: Database, path: String
    ) throws -> MoveLog.Step {
        if !removed.isEmpty {
            for id in removed { state.moveLog.removed(id, nextSeq: nextSeq) }
            try clearFromBuckets(removed, in: db, path: path)
        }
        if !moved.isEmpty {
            let firstSeq = nextSeq
            for (id, position) in moved {
                state.moveLog.logged(MoveLog.Entry(id: id, position: position, seq: nextSeq))
                nextSeq += 1
            }
            let append = try db.cachedStatement(
                sql: """
                    INSERT INTO move_log (first_seq, last_seq, moves) VALUES (?, ?, ?)
                    """)
            try append.execute(arguments: [firstSeq, nextSeq - 1, Data(PackedMoves.pack(moved))])
        }
        let step = state.moveLog.step(moves: moved.count, annotations: state.annotations, lastSeq: nextSeq - 1)
        if !step.folds.isEmpty {
            let plan = state.moveLog
            for fold in step.folds {
                try foldIntoBucket(fold.bucket, fold.entries.filter { !plan.isVoid($0) }, in: db, path: path)
            }
        }
        if step.deleteThrough > 0 {
            // A row holding moves on both sides of the line stays until a later share passes it whole.
            try db.execute(sql: "DELETE FROM move_log WHERE last_seq <= ?", arguments: [step.deleteThrough])
        }
        return step
    }

    /// Writes `entries` (in id order, one each) over what `bucket` holds.
    private static func foldIntoBucket(
        _ bucket: Int64, _ entries: [MoveLog.Entry], in db: Database,
        path: String
    ) throws {
        guard !entries.isEmpty else { return }
        try rewrite(bucket, in: db, path: path) { PositionBuckets.merge($0, entries[...]) }
    }

    /// Takes `ids` out of their buckets.
    private static func clearFromBuckets(_ ids: Set<String>, in db: Database, path: String) throws {
        for (bucket, inBucket) in Dictionary(grouping: ids, by: PositionBuckets.bucket(of:)) {
            let gone = Set(inBucket)
            try rewrite(bucket, in: db, path: path) { $0.filter { !gone.contains($0.id) } }
        }
    }

    /// Reads `bucket`, changes its entries with `change`, and writes it back
    /// (or deletes it when nothing is left).
    private static func rewrite(
        _ bucket: Int64, in db: Database, path: String,
        _ change: ([MoveLog.Entry]) -> [MoveLog.Entry]
    ) throws {
        let read = try db.cachedStatement(sql: "SELECT moves FROM position WHERE bucket = ?")
        let old = try Row.fetchOne(read, arguments: [bucket]).map { try PackedMoves.unpack(bytes($0, 0), path: path) }
        let new = change(old ?? [])
        if new.isEmpty {
            if old != nil { try db.execute(sql: "DELETE FROM position WHERE bucket = ?", arguments: [bucket]) }
            return
        }
        if let old, old == new { return }
        let write = try db.cachedStatement(sql: "INSERT OR REPLACE INTO position (bucket, moves) VALUES (?, ?)")
        try write.execute(arguments: [bucket, Data(PackedMoves.pack(bucket: new))])
    }
}
