#include "CSQLiteSetup.h"
#include <sqlite3.h>

int mapwire_sqlite_configure_for_serialized_connections(void) {
    int threading = sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
    if (threading != SQLITE_OK) return threading;
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
