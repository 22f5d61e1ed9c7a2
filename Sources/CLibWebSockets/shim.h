#ifndef MAPWIRE_CLIBWEBSOCKETS_SHIM_H
#define MAPWIRE_CLIBWEBSOCKETS_SHIM_H
#include <libwebsockets.h>
#endif
