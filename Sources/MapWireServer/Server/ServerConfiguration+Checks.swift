#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The checks `MapWireServer.start()` makes before it opens anything: an
/// interface that exists, origins that parse, and no open writes on a network
/// unless asked for.
extension ServerConfiguration {
    /// Throws when the configuration cannot be served safely or at all.
    /// `start()` calls it; call it first yourself to refuse a configuration
    /// before loading anything else (the `mapwire` command does, so a refused
    /// start creates no store file).
    public func validate() throws(ServerError) {
        guard Self.isBindable(host) else { throw .invalidHost(host) }
        if let apiToken, apiToken.isEmpty || apiToken.contains(where: { $0 == " " || $0.isNewline }) {
            throw .invalidToken
        }
        for origin in allowedOrigins where HostPolicy.normalizedOrigin(origin) == nil {
            throw .invalidOrigin(origin)
        }
        if apiToken == nil, !allowsOpenWrites, !Self.isLoopback(host) {
            throw .openWritesOnNetwork(host: host)
        }
    }

    /// A wildcard, `localhost`, an IP address literal or an interface name
    /// of this machine: what lws can bind. (Given anything else lws keeps
    /// waiting for such an interface to appear and serves nothing.)
    static func isBindable(_ host: String) -> Bool {
        switch host {
        case "", "*", "::", "0.0.0.0", "localhost": return true
        default:
            var address = in6_addr()
            if inet_pton(AF_INET, host, &address) == 1 || inet_pton(AF_INET6, host, &address) == 1 { return true }
            return !host.contains(".") && if_nametoindex(host) != 0
        }
    }

    /// True when only this machine can reach `host`: `localhost`,
    /// 127.0.0.0/8, `::1` or the loopback interface.
    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" || host == "lo" { return true }
        var address = in_addr()
        guard inet_pton(AF_INET, host, &address) == 1 else { return false }
        return UInt32(bigEndian: address.s_addr) >> 24 == 127
    }
}
