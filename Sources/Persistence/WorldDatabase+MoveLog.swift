import GRDB

/// The move log in SQL: appending a commit's moves, folding a share of a
/// pass into the rows, and reading rows at their latest position. What is
/// folded when is `MoveLog`'s plan.
extension WorldDatabase {
    /// Every annotation row, at the latest logged move newer than the row
    /// where there is one. Columns in `StoredAnnotation`'s order, with `seq`
    /// second.
    static let annotationsAtTheirLatestPosition = """
        SELECT a.id, a.seq, a.kind, a.title, a.subtitle,
               CASE WHEN m.seq IS NULL THEN a.latitude ELSE m.latitude END,
               CASE WHEN m.seq IS NULL THEN a.longitude ELSE m.longitude END,
               a.draggable, a.clustering_identifier, a.fixed,
               CASE WHEN m.seq IS NULL THEN a.timestamp ELSE m.timestamp END,
               a.seed, a.marker_color, a.marker_symbol
        FROM annotation AS a LEFT JOIN (\(latestMoves)) AS m ON m.id = a.id AND m.seq > a.seq
        """

    /// Each logged annotation's latest move (SQLite takes the bare columns
    /// from the row that has the `max`).
    private static let latestMoves = """
        SELECT id, latitude, longitude, timestamp, max(seq) AS seq FROM move GROUP BY id
        """

    /// Writes every logged annotation's latest position into its row and
    /// empties the log: at start (so a restore reads plain rows) and at close.
    static func foldWholeMoveLog(in db: Database) throws {
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM move)") ?? false else { return }
        try db.execute(sql: """
            UPDATE annotation SET latitude = m.latitude, longitude = m.longitude, timestamp = m.timestamp
            FROM (\(latestMoves)) AS m WHERE annotation.id = m.id AND annotation.seq < m.seq
            """)
        try db.execute(sql: "DELETE FROM move")
    }

    /// Appends `moved` to the log, numbered from `nextSeq`, and does this
    /// commit's share of folding and deleting. Returns the share, for
    /// `MoveLog.finished(_:)` once the transaction committed.
    static func logMoves(_ moved: [String: CoalescedChanges.Position], nextSeq: inout Int64,
                         state: inout WritingState, in db: Database) throws -> MoveLog.Step {
        if !moved.isEmpty {
            let append = try db.cachedStatement(sql: """
                INSERT INTO move (id, latitude, longitude, timestamp, seq) VALUES (?1, ?2, ?3, ?4, ?5)
                """)
            let rows = PositionStatement(statement: append.sqliteStatement, connection: db.sqliteConnection)
            defer { rows.finish() }
            for (id, position) in moved {
                try rows.run(id: id, position: position, seq: nextSeq)
                state.moveLog.logged(MoveLog.Entry(id: id, position: position, seq: nextSeq))
                nextSeq += 1
            }
        }
        let step = state.moveLog.step(moves: moved.count, annotations: state.annotations, lastSeq: nextSeq - 1)
        if !step.fold.isEmpty {
            // A row added after the move (removed and added again) keeps its own position.
            let update = try db.cachedStatement(sql: """
                UPDATE annotation SET latitude = ?2, longitude = ?3, timestamp = ?4 WHERE id = ?1 AND seq < ?5
                """)
            let rows = PositionStatement(statement: update.sqliteStatement, connection: db.sqliteConnection)
            defer { rows.finish() }
            for entry in step.fold { try rows.run(id: entry.id, position: entry.position, seq: entry.seq) }
        }
        if step.deleteThrough > 0 {
            try db.execute(sql: "DELETE FROM move WHERE seq <= ?", arguments: [step.deleteThrough])
        }
        return step
    }

    /// Waits until a pass of the move log being sorted can start at the next
    /// commit, so a test knows when passes fold.
    func waitForMoveLogSorting() {
        writing.withLock { $0.moveLog.waitForSorting() }
    }
}
