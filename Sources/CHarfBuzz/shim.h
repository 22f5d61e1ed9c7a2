#ifndef MAPWIRE_CHARFBUZZ_SHIM_H
#define MAPWIRE_CHARFBUZZ_SHIM_H
#include <harfbuzz/hb.h>
#endif
