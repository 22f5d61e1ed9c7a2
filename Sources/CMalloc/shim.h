#ifndef MAPWIRE_CMALLOC_SHIM_H
#define MAPWIRE_CMALLOC_SHIM_H
// glibc's allocator statistics (mallinfo2), for mapwire-bench memory.
#include <malloc.h>
#endif
