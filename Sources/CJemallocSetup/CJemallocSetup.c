#include "CJemallocSetup.h"

// jemalloc reads this symbol before its first allocation, so the options
// hold from the first instruction, before any thread starts; only C can
// define a global of this name for the library to find.
//
// Without thread caches, a freed block goes back to its slab at once and
// the next allocation takes the lowest free slot: the few blocks that live
// on after a crowd of sessions (a street tile, a cluster epoch) land packed
// together instead of pinning the pages the sessions emptied
// (docs/performance.md, "Memory after the sessions close"). The background
// thread hands emptied pages back to the system when no allocation is
// running to do it.
const char *malloc_conf = "tcache:false,background_thread:true";

const char *mapwire_jemalloc_options(void) { return malloc_conf; }
