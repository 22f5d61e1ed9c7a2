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
        bindText(statement, 15, a.markerSize)
        if let h = a.altitude { sqlite3_bind_double(statement, 16, h) } else { sqlite3_bind_null(statement, 16) }
        sqlite3_bind_int64(statement, 17, a.idIsNumber ? 1 : 0)
        try stepToDone(statement, connection)
    }

    /// Leaves the cached statement reset and unbound for GRDB.
    func finish() {
        finishStatement(statement)
    }
}

/// Looks up the number (`seq`) of an annotation's row straight through
/// SQLite's C API, for the same reason as `RowInserter`: a start after a
/// crash checks every id the move log holds, hundreds of thousands of them.
struct RowNumberLookup {
    let statement: SQLiteStatement
    let connection: SQLiteConnection?

    /// The number of the row of `id`, or nil when there is none.
    func number(of id: String) throws -> Int64? {
        sqlite3_reset(statement)
        bindText(statement, 1, id)
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return sqlite3_column_int64(statement, 0)
        case SQLITE_DONE: return nil
        case let code: throw sqliteError(code, connection)
        }
    }

    /// Leaves the cached statement reset and unbound for GRDB.
    func finish() {
        finishStatement(statement)
    }
}

/// Reads every annotation row's id and number straight through SQLite's C
/// API: after a crash under a busy feed the move log holds about as many
/// ids as the world has rows, and one pass over the rows costs a start less
/// than a seek in the id index for each of them (`RowNumberLookup`).
struct RowNumberScan {
    let statement: SQLiteStatement
    let connection: SQLiteConnection?

    /// Calls `body` with each row's id and number, in no set order.
    func forEach(_ body: (String, Int64) -> Void) throws {
        sqlite3_reset(statement)
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                // The text first, then its length, as SQLite asks.
                let text = sqlite3_column_text(statement, 0)
                let count = Int(sqlite3_column_bytes(statement, 0))
                let id = text.map { String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self) }
                body(id ?? "", sqlite3_column_int64(statement, 1))
            case SQLITE_DONE: return
            case let code: throw sqliteError(code, connection)
            }
        }
    }

    /// Leaves the cached statement reset for GRDB.
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
    guard code == SQLITE_DONE else { throw sqliteError(code, connection) }
}

/// GRDB's error for a step that failed with `code`, with the connection's message.
private func sqliteError(_ code: Int32, _ connection: SQLiteConnection?) -> DatabaseError {
    let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
    return DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
}

private func finishStatement(_ statement: SQLiteStatement) {
    sqlite3_reset(statement)
    sqlite3_clear_bindings(statement)
}
