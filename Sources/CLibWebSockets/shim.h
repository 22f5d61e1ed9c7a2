#ifndef MAPWIRE_CLIBWEBSOCKETS_SHIM_H
#define MAPWIRE_CLIBWEBSOCKETS_SHIM_H
// The only C header MapWireServer sees. libwebsockets itself imports fine;
// this file adds what Swift cannot import directly (macros over structs,
// variadic logging macros) as plain constants and inline functions.
#include <libwebsockets.h>
#include <ev.h>

/// LWS_PRE is a macro over a struct size and does not import into Swift.
enum { MAPWIRE_LWS_PRE = LWS_PRE };

/// Server options import as Int64 while lws_context_creation_info.options is
/// uint64_t; these give the ones we use with the right type.
static inline uint64_t mapwire_option_validate_utf8(void) {
    return LWS_SERVER_OPTION_VALIDATE_UTF8;
}
static inline uint64_t mapwire_option_disable_ipv6(void) {
    return LWS_SERVER_OPTION_DISABLE_IPV6;
}
static inline uint64_t mapwire_option_libev(void) {
    return LWS_SERVER_OPTION_LIBEV;
}

/// A libev loop of our own (a "foreign loop" to lws), so lws neither installs
/// a SIGINT watcher of its own nor runs the loop: the service thread does,
/// one iteration at a time. libev waits with epoll, so a wake-up costs the
/// sockets that are ready, not every connection as poll() does.
static inline struct ev_loop *mapwire_ev_loop_new(void) {
    struct ev_loop *loop = ev_loop_new(EVBACKEND_EPOLL | EVFLAG_NOSIGMASK);
    return loop ? loop : ev_loop_new(EVFLAG_AUTO | EVFLAG_NOSIGMASK);
}
static inline void mapwire_ev_run_once(struct ev_loop *loop) { ev_run(loop, EVRUN_ONCE); }
static inline void mapwire_ev_loop_destroy(struct ev_loop *loop) { ev_loop_destroy(loop); }
static inline uint64_t mapwire_option_adopt_listen_accept(void) {
    return LWS_SERVER_OPTION_ADOPT_APPLY_LISTEN_ACCEPT_CONFIG;
}
static inline uint64_t mapwire_option_explicit_vhosts(void) {
    return LWS_SERVER_OPTION_EXPLICIT_VHOSTS;
}

/// Log level bits (macros built from shifts) as plain constants.
enum {
    MAPWIRE_LLL_ERR = LLL_ERR,
    MAPWIRE_LLL_WARN = LLL_WARN,
    MAPWIRE_LLL_NOTICE = LLL_NOTICE,
    MAPWIRE_LLL_INFO = LLL_INFO,
};

/// The lwsl_* logging macros are variadic; wrap the levels we emit ourselves.
static inline void mapwire_lwsl_err(const char *message) { lwsl_err("%s\n", message); }
static inline void mapwire_lwsl_notice(const char *message) { lwsl_notice("%s\n", message); }

#endif
