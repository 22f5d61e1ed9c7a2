#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which `Host` and `Origin` values the server answers, against DNS
/// rebinding (a foreign name resolving to this machine) and foreign pages
/// opening `/ws` or `/feed` in a visitor's browser.
///
/// `Host` may be a loopback name, any IP address literal (a rebinding attack
/// needs a name; a page can only send an address as `Host` when its own origin
/// is that address), or a configured name: `--allowed-host`, the host of every
/// `--allowed-origin`, and the name given to `--host`. A WebSocket `Origin`
/// must be the server as the browser addressed it (the `Host` of the same
/// request) or a configured `--allowed-origin`; no `Origin` at all is a
/// non-browser client and is let through.
struct HostPolicy: Sendable {
    /// Lowercased names, without port or trailing dot.
    let allowedNames: Set<String>
    /// Normalised `scheme://host[:port]` origins.
    let allowedOrigins: [String]

    init(allowedHosts: [String], allowedOrigins: [String], bindHost: String) {
        let origins = allowedOrigins.compactMap(Self.normalizedOrigin)
        var names = Set(allowedHosts.map { Self.normalizedName($0) })
        for origin in origins {
            if let authority = origin.split(separator: "/").last, let name = Self.hostName(of: String(authority)) {
                names.insert(name)
            }
        }
        names.insert(Self.normalizedName(bindHost))
        names.remove("")
        allowedNames = names
        self.allowedOrigins = origins
    }

    /// nil when `host` (the header's value) is served; else the 421.
    func checkHost(_ host: String?) -> Refusal? {
        // HTTP/1.0 clients may send none; no browser omits it.
        guard let host else { return nil }
        if let name = Self.hostName(of: host) {
            if name == "localhost" || Self.isAddressLiteral(name) || allowedNames.contains(name) { return nil }
        }
        return Refusal(
            421,
            "this server does not answer for host \"\(host.prefix(100))\"; "
                + "add the name with --allowed-host")
    }

    /// nil when a WebSocket upgrade with this `Origin` may proceed; else the 403.
    func checkOrigin(_ origin: String?, host: String?) -> Refusal? {
        guard let origin else { return nil }
        let refusal = Refusal(
            403,
            "origin \(origin.prefix(100)) may not open this socket; "
                + "allow it with --allowed-origin")
        guard let normalized = Self.normalizedOrigin(origin) else { return refusal }
        if allowedOrigins.contains(normalized) { return nil }
        if let host, Self.sameServer(origin: normalized, host: host) { return nil }
        return refusal
    }

    /// Whether a normalised origin names the server the request's `Host`
    /// addresses: same name, and the same port once each missing port is the
    /// origin scheme's default (a TLS proxy in front keeps that intact).
    static func sameServer(origin: String, host: String) -> Bool {
        let isHTTPS = origin.hasPrefix("https://")
        let defaultPort = isHTTPS ? "443" : "80"
        let authority = String(origin.dropFirst(isHTTPS ? 8 : 7))
        guard let originName = hostName(of: authority), let hostName = hostName(of: host),
            originName == hostName
        else { return false }
        return port(of: authority) ?? defaultPort == port(of: host) ?? defaultPort
    }

    /// The explicit port of `host:port` or `[v6]:port`.
    static func port(of authority: String) -> String? {
        let value = authority.trimmingSpaces()
        guard let colon = value.lastIndex(of: ":") else { return nil }
        if let close = value.lastIndex(of: "]"), close > colon { return nil }
        let port = value[value.index(after: colon)...]
        return port.isEmpty ? nil : String(port)
    }

    /// `HTTP://Example.com:80` -> `http://example.com`; nil for anything that
    /// is not an http(s) origin (including the opaque origin `null`).
    static func normalizedOrigin(_ origin: String) -> String? {
        let value = origin.trimmingSpaces().lowercased()
        guard let scheme = ["http", "https"].first(where: { value.hasPrefix("\($0)://") }) else { return nil }
        var authority = String(value.dropFirst(scheme.count + 3))
        if authority.hasSuffix("/") { authority.removeLast() }
        guard !authority.isEmpty, !authority.contains("/"), !authority.contains("@"),
            hostName(of: authority) != nil
        else { return nil }
        let defaultPort = scheme == "http" ? ":80" : ":443"
        if authority.hasSuffix(defaultPort) { authority.removeLast(defaultPort.count) }
        return "\(scheme)://\(authority)"
    }

    /// The name or address of `host[:port]` or `[v6]:port`, lowercased; nil
    /// when it does not parse.
    static func hostName(of authority: String) -> String? {
        let value = authority.trimmingSpaces().lowercased()
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return nil }
            let rest = value[value.index(after: close)...]
            guard rest.isEmpty || (rest.first == ":" && rest.dropFirst().allSatisfy(\.isASCIIDigit)) else {
                return nil
            }
            return String(value[...close])
        }
        var name = value
        if let colon = value.lastIndex(of: ":") {
            let port = value[value.index(after: colon)...]
            guard port.allSatisfy(\.isASCIIDigit) else { return nil }
            name = String(value[..<colon])
        }
        name = normalizedName(name)
        let allowed: (Character) -> Bool = {
            $0.isASCIILetter || $0.isASCIIDigit || $0 == "-" || $0 == "." || $0 == "_"
        }
        guard !name.isEmpty, name.allSatisfy(allowed) else { return nil }
        return name
    }

    static func normalizedName(_ name: String) -> String {
        var value = name.trimmingSpaces().lowercased()
        while value.hasSuffix(".") { value.removeLast() }
        return value
    }

    /// A dotted IPv4 address or a bracketed IPv6 address.
    static func isAddressLiteral(_ name: String) -> Bool {
        var buffer = in6_addr()
        if name.hasPrefix("[") && name.hasSuffix("]") {
            return inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &buffer) == 1
        }
        return inet_pton(AF_INET, name, &buffer) == 1
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

extension MapWireServer {
    /// `origin` as the server compares it (`scheme://host[:port]`, lowercased,
    /// no default port), the form a browser gives `MessageEvent.origin`; nil
    /// when it is not an origin.
    package static func normalizedOrigin(_ origin: String) -> String? {
        HostPolicy.normalizedOrigin(origin)
    }
}
