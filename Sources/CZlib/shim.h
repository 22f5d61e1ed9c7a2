#ifndef MAPWIRE_CZLIB_SHIM_H
#define MAPWIRE_CZLIB_SHIM_H
#include <zlib.h>

// inflateInit2 and deflateInit2 are macros (they pass the header's version and
// struct size), which Swift cannot call: these inline functions expand them.

/// Starts an inflate of gzip data (a gzip header and trailer, not raw zlib).
static inline int mapwire_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 16 + MAX_WBITS);
}

/// Starts a deflate that writes gzip (used by tests to make gzip members).
static inline int mapwire_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}
#endif
