import Foundation
import GRDB

/// The move log in SQL: appending a commit's moves as one row, folding a
/// share of a pass into the annotation rows, and reading rows at their
/// latest position. What is folded when is `MoveLog`'s plan.
extension WorldDatabase {
    /// Every annotation row in key order. Columns in `StoredAnnotation`'s
    /// order, with `seq` second.
    static let annotationRows = """
        SELECT id, seq, kind, title, subtitle, latitude, longitude, draggable, clustering_identifier, fixed,
               timestamp, seed, marker_color, marker_symbol
        FROM annotation
        """

    /// Each logged annotation's latest move.
    static func latestLoggedMoves(in db: Database, path: String) throws -> [String: PackedMoves.Move] {
        var latest: [String: PackedMoves.Move] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT first_seq, moves FROM move_log ORDER BY first_seq")
        while let row = try rows.next() {
            let bytes = try row.withUnsafeData(atIndex: 1) { data in data.map { [UInt8]($0) } ?? [] }
            for move in try PackedMoves.unpack(bytes, firstSeq: row[0], path: path) { latest[move.id] = move }
        }
        return latest
    }

    /// Writes every logged annotation's latest position into its row and
    /// empties the log: at start (so a restore reads plain rows) and at close.
    static func foldWholeMoveLog(in db: Database, path: String) throws {
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM move_log)") ?? false else { return }
        let update = try foldStatement(in: db)
        defer { update.finish() }
        // In key order, as a pass writes them: each page of the table once.
        for move in try latestLoggedMoves(in: db, path: path).values.sorted(by: { $0.id < $1.id }) {
            try update.run(id: move.id, position: move.position, seq: move.seq)
        }
        try db.execute(sql: "DELETE FROM move_log")
    }

    /// Appends `moved` to the log as one row, numbered from `nextSeq`, and
    /// does this commit's share of folding and deleting. Returns the share,
    /// for `MoveLog.finished(_:)` once the transaction committed.
    static func logMoves(_ moved: [String: CoalescedChanges.Position], nextSeq: inout Int64,
                         state: inout WritingState, in db: Database) throws -> MoveLog.Step {
        if !moved.isEmpty {
            let firstSeq = nextSeq
            for (id, position) in moved {
                state.moveLog.logged(MoveLog.Entry(id: id, position: position, seq: nextSeq))
                nextSeq += 1
            }
            let append = try db.cachedStatement(sql: """
                INSERT INTO move_log (first_seq, last_seq, moves) VALUES (?, ?, ?)
                """)
            try append.execute(arguments: [firstSeq, nextSeq - 1, Data(PackedMoves.pack(moved))])
        }
        let step = state.moveLog.step(moves: moved.count, annotations: state.annotations, lastSeq: nextSeq - 1)
        if !step.fold.isEmpty {
            let update = try foldStatement(in: db)
            defer { update.finish() }
            for entry in step.fold { try update.run(id: entry.id, position: entry.position, seq: entry.seq) }
        }
        if step.deleteThrough > 0 {
            // A row holding moves on both sides of the line stays until a later share passes it whole.
            try db.execute(sql: "DELETE FROM move_log WHERE last_seq <= ?", arguments: [step.deleteThrough])
        }
        return step
    }

    /// Writes a logged position into its row; a row added after the move
    /// (removed and added again) keeps its own position.
    private static func foldStatement(in db: Database) throws -> PositionStatement {
        let update = try db.cachedStatement(sql: """
            UPDATE annotation SET latitude = ?2, longitude = ?3, timestamp = ?4 WHERE id = ?1 AND seq < ?5
            """)
        return PositionStatement(statement: update.sqliteStatement, connection: db.sqliteConnection)
    }

    /// Waits until a pass of the move log being sorted can start at the next
    /// commit, so a test knows when passes fold.
    func waitForMoveLogSorting() {
        writing.withLock { $0.moveLog.waitForSorting() }
    }
}
