import GRDB
import GRDBSQLite

/// Binds and steps the annotation insert straight through SQLite's C API.
///
/// An import commits 200,000 rows in one transaction; GRDB's argument
/// arrays (an existential array and nested temporary bindings per row)
/// cost as much CPU as SQLite's own work there. The statement is GRDB's
/// cached one, run inside GRDB's transaction on its writer.
struct RowInserter {
    let statement: SQLiteStatement
    let connection: SQLiteConnection?

    /// Inserts one row with the column order of the insert statement.
    func insert(_ a: StoredAnnotation, seq: Int64) throws {
        sqlite3_reset(statement)
        bindText(statement, 1, a.id)
        sqlite3_bind_int64(statement, 2, seq)
        bindText(statement, 3, a.kind)
        bindText(statement, 4, a.title)
        bindText(statement, 5, a.subtitle)
        sqlite3_bind_double(statement, 6, a.latitude)
        sqlite3_bind_double(statement, 7, a.longitude)
        sqlite3_bind_int64(statement, 8, a.draggable ? 1 : 0)
        bindText(statement, 9, a.clusteringIdentifier)
        sqlite3_bind_int64(statement, 10, a.isFixed ? 1 : 0)
        if let t = a.timestamp { sqlite3_bind_double(statement, 11, t) } else { sqlite3_bind_null(statement, 11) }
        bindText(statement, 12, a.seed)
        bindText(statement, 13, a.markerColor)
        bindText(statement, 14, a.markerSymbol)
        try stepToDone(statement, connection)
    }

    /// Leaves the cached statement reset and unbound for GRDB.
    func finish() {
        finishStatement(statement)
    }
}

/// Binds and steps a statement that takes a position: `?1` the id,
/// `?2`-`?4` latitude, longitude and timestamp, `?5` a number (the move's),
/// through SQLite's C API for the same reason as `RowInserter`: a feed runs
/// thousands of these a commit.
struct PositionStatement {
    let statement: SQLiteStatement
    let connection: SQLiteConnection?

    /// Runs the statement once for `id` at `position`, numbered `seq`.
    func run(id: String, position: CoalescedChanges.Position, seq: Int64) throws {
        sqlite3_reset(statement)
        bindText(statement, 1, id)
        sqlite3_bind_double(statement, 2, position.latitude)
        sqlite3_bind_double(statement, 3, position.longitude)
        if let t = position.timestamp { sqlite3_bind_double(statement, 4, t) } else { sqlite3_bind_null(statement, 4) }
        sqlite3_bind_int64(statement, 5, seq)
        try stepToDone(statement, connection)
    }

    /// Leaves the cached statement reset and unbound for GRDB.
    func finish() {
        finishStatement(statement)
    }
}

/// SQLite copies each string before `bind` returns.
private var transient: sqlite3_destructor_type { unsafeBitCast(-1, to: sqlite3_destructor_type.self) }

private func bindText(_ statement: SQLiteStatement, _ index: Int32, _ value: String?) {
    guard let value else {
        sqlite3_bind_null(statement, index)
        return
    }
    var utf8 = value
    utf8.withUTF8 { bytes in
        // An empty buffer may have no address, which SQLite would take for NULL.
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            _ = sqlite3_bind_text(statement, index, "", 0, transient)
            return
        }
        _ = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            sqlite3_bind_text(statement, index, $0, Int32(bytes.count), transient)
        }
    }
}

private func stepToDone(_ statement: SQLiteStatement, _ connection: SQLiteConnection?) throws {
    let code = sqlite3_step(statement)
    guard code == SQLITE_DONE else {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
    }
}

private func finishStatement(_ statement: SQLiteStatement) {
    sqlite3_reset(statement)
    sqlite3_clear_bindings(statement)
}
