import Foundation
import GRDBSQLite

/// Looks at an existing store file, without changing it, before anything
/// opens it for writing.
///
/// Opening a file for writing already changes it: SQLite switches it to
/// WAL mode, creates its `-wal` and `-shm` files, and a start reads the
/// rows only after that. So a file that is damaged, another program's,
/// from a newer MapWire or read-only is refused here, read through a
/// connection that cannot write: its bytes and its folder stay as they were.
enum StoreFileCheck {
    /// Throws unless `path` is absent, empty (a new store), or a MapWire
    /// store this build can read and write.
    static func check(path: String) throws(StoreError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return }
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        if status.st_size > 0 { try checkContents(path: path) }
        try checkWritable(path: path, mode: status.st_mode)
    }

    private static func checkContents(path: String) throws(StoreError) {
        let connection = try ReadOnlyConnection(path: path)
        defer { connection.close() }
        let applicationID = try connection.integer("PRAGMA application_id")
        let userVersion = try connection.integer("PRAGMA user_version")
        let tables = Set(try connection.strings("SELECT name FROM sqlite_master WHERE type = 'table'"))
        let applied =
            tables.contains("grdb_migrations")
            ? Set(try connection.strings("SELECT identifier FROM grdb_migrations")) : []
        // MapWire never sets `user_version`; files from before it set its application id have none.
        guard applicationID == 0 || applicationID == Int64(WorldDatabase.applicationID), userVersion == 0,
            tables.isEmpty || applied.contains(WorldMigrations.annotations)
        else {
            throw .unknownSchema(path: path)
        }
        let unknown = applied.subtracting(WorldMigrations.migrator.migrations)
        if !unknown.isEmpty { throw .newerSchema(path: path, unknown: unknown.sorted()) }
        // Every page is read: a fraction of what reading the rows costs later, and damage anywhere stops the
        // start before the writes that come ahead of that reading (migrations, the move log, new seeds).
        let verdict = try connection.strings("PRAGMA quick_check(1)")
        guard verdict == ["ok"] else {
            throw .corrupt(path: path, reason: verdict.first ?? "SQLite's check found it damaged")
        }
    }

    /// Root may write a file whose mode forbids it; a store made read-only
    /// on purpose is refused all the same.
    private static func checkWritable(path: String, mode: mode_t) throws(StoreError) {
        if mode & 0o222 == 0 || access(path, W_OK) != 0 {
            throw .readOnly(path: path, reason: "the file is read-only")
        }
        let folder = (path as NSString).deletingLastPathComponent
        if access(folder.isEmpty ? "." : folder, W_OK) != 0 {
            throw .readOnly(path: path, reason: "its folder is read-only, and SQLite keeps its log beside the file")
        }
    }
}

/// A SQLite connection that can neither write nor create a file.
private struct ReadOnlyConnection {
    let handle: OpaquePointer
    let path: String

    /// Without a log beside it the file is opened immutable, which takes no
    /// locks and makes no `-shm`; a log (a store that crashed, or one in
    /// use) is read through, which needs the `-shm` already beside it.
    init(path: String) throws(StoreError) {
        self.path = path
        var log = stat()
        let hasLog = stat(path + "-wal", &log) == 0 && log.st_size > 0
        let uri = Self.uri(path) + (hasLog ? "?mode=ro" : "?mode=ro&immutable=1")
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(uri, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil)
        guard code == SQLITE_OK, let handle else {
            let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(handle)
            throw .cannotOpen(path: path, reason: reason)
        }
        self.handle = handle
    }

    func close() {
        sqlite3_close_v2(handle)
    }

    func integer(_ sql: String) throws(StoreError) -> Int64 {
        var value: Int64 = 0
        try rows(sql) { value = sqlite3_column_int64($0, 0) }
        return value
    }

    func strings(_ sql: String) throws(StoreError) -> [String] {
        var values: [String] = []
        try rows(sql) { statement in
            values.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
        return values
    }

    private func rows(_ sql: String, _ row: (OpaquePointer) -> Void) throws(StoreError) {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        var code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        while code == SQLITE_OK || code == SQLITE_ROW, let statement {
            code = sqlite3_step(statement)
            if code == SQLITE_ROW { row(statement) }
            if code == SQLITE_DONE { return }
        }
        throw error(code)
    }

    /// A file SQLite cannot read as a database is damaged; anything else is
    /// a failure to open it (permissions, a lock).
    private func error(_ code: Int32) -> StoreError {
        let reason = String(cString: sqlite3_errmsg(handle))
        switch code & 0xFF {
        case SQLITE_NOTADB, SQLITE_CORRUPT: return .corrupt(path: path, reason: reason)
        default: return .cannotOpen(path: path, reason: reason)
        }
    }

    /// `path` as a SQLite URI: the characters a URI gives a meaning escaped.
    private static func uri(_ path: String) -> String {
        var escaped = ""
        for c in path.unicodeScalars {
            switch c {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(c)
            }
        }
        // An absolute path after an empty authority, so `//x` is never read as a host.
        return path.hasPrefix("/") ? "file://" + escaped : "file:" + escaped
    }
}
