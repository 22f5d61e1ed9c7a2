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

    /// SQLite copies each string before `bind` returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Inserts one row with the column order of the insert statement.
    func insert(_ a: StoredAnnotation, seq: Int64) throws {
        sqlite3_reset(statement)
        text(1, a.id)
        sqlite3_bind_int64(statement, 2, seq)
        text(3, a.kind)
        text(4, a.title)
        text(5, a.subtitle)
        sqlite3_bind_double(statement, 6, a.latitude)
        sqlite3_bind_double(statement, 7, a.longitude)
        sqlite3_bind_int64(statement, 8, a.draggable ? 1 : 0)
        text(9, a.clusteringIdentifier)
        sqlite3_bind_int64(statement, 10, a.isFixed ? 1 : 0)
        if let t = a.timestamp { sqlite3_bind_double(statement, 11, t) } else { sqlite3_bind_null(statement, 11) }
        text(12, a.seed)
        text(13, a.markerColor)
        text(14, a.markerSymbol)
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else {
            let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
        }
    }

    /// Leaves the cached statement reset and unbound for GRDB.
    func finish() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    private func text(_ index: Int32, _ value: String?) {
        guard let value else {
            sqlite3_bind_null(statement, index)
            return
        }
        var utf8 = value
        utf8.withUTF8 { bytes in
            // An empty buffer may have no address, which SQLite would take for NULL.
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                _ = sqlite3_bind_text(statement, index, "", 0, Self.transient)
                return
            }
            _ = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(statement, index, $0, Int32(bytes.count), Self.transient)
            }
        }
    }
}
