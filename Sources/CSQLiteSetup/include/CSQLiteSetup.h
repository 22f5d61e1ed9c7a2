#ifndef MAPWIRE_CSQLITESETUP_H
#define MAPWIRE_CSQLITESETUP_H

/// Sets SQLite's process-wide options for MapWire's store, before any
/// connection opens: connections without their own mutexes (each is used by
/// one thread at a time, which GRDB guarantees) and no global memory
/// statistics (whose mutex every SQLite allocation takes). Returns SQLite's
/// result code: SQLITE_MISUSE (21) once SQLite has started, which changes
/// nothing. sqlite3_config is variadic, so Swift cannot call it directly.
int mapwire_sqlite_configure_for_serialized_connections(void);

#endif
