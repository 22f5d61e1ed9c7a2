#ifndef MAPWIRE_CJEMALLOC_SETUP_H
#define MAPWIRE_CJEMALLOC_SETUP_H

/// The options jemalloc starts with in `mapwire`, as `MALLOC_CONF` spells
/// them; `MALLOC_CONF` in the environment is read after them and wins.
const char *mapwire_jemalloc_options(void);

#endif
