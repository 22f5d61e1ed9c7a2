import CSQLiteSetup

extension MapWireService {
    /// Sets SQLite up for the store before any connection opens: no mutex
    /// of SQLite's own around each connection (GRDB already gives each to
    /// one thread at a time) and no global memory statistics. Call it first
    /// in `main`, with `holdTerminationSignals()`, before any thread uses
    /// SQLite; once SQLite has started it changes nothing.
    ///
    /// Under a busy feed the store's writer makes some ten SQLite calls a
    /// move, and in SQLite's default (serialized) mode each takes and
    /// releases the connection's mutex: about 2.5 % of the server's CPU
    /// with 100,000 moves a second.
    ///
    /// Returns whether SQLite took the settings.
    @discardableResult
    public static func configureSQLite() -> Bool {
        mapwire_sqlite_configure_for_serialized_connections() == 0
    }
}
