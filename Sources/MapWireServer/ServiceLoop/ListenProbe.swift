#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why libwebsockets could not open the port. lws only logs the errno, so
/// after it fails we bind the same address ourselves and look at ours: a
/// second server on one port must say "port 8080 is in use", not leave the
/// operator to guess.
enum ListenProbe {
    static func failure(host: String, port: Int, interface: (iface: String?, ipv4Only: Bool)) -> ServerError {
        let code =
            interface.ipv4Only || interface.iface != nil
            ? bindIPv4(interface.iface ?? "0.0.0.0", port: port)
            : bindIPv6Any(port: port)
        if code == EADDRINUSE { return .portInUse(host: host, port: port) }
        return .cannotListen(host: host, port: port)
    }

    /// The errno of binding `address:port` (0 when it binds).
    private static func bindIPv4(_ address: String, port: Int) -> Int32 {
        var socketAddress = sockaddr_in()
        #if canImport(Darwin)
        socketAddress.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
        guard inet_pton(AF_INET, address, &socketAddress.sin_addr) == 1 else { return EADDRNOTAVAIL }
        return withUnsafeBytes(of: &socketAddress) { bytes in
            attempt(
                family: AF_INET, bytes.baseAddress!.assumingMemoryBound(to: sockaddr.self),
                socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }

    private static func bindIPv6Any(port: Int) -> Int32 {
        var socketAddress = sockaddr_in6()
        #if canImport(Darwin)
        socketAddress.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
        #endif
        socketAddress.sin6_family = sa_family_t(AF_INET6)
        socketAddress.sin6_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
        socketAddress.sin6_addr = in6addr_any
        return withUnsafeBytes(of: &socketAddress) { bytes in
            attempt(
                family: AF_INET6, bytes.baseAddress!.assumingMemoryBound(to: sockaddr.self),
                socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
    }

    private static func attempt(family: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let fd = socket(family, stream, 0)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        // As lws does, so a port in TIME_WAIT is not mistaken for one in use.
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        return bind(fd, address, length) == 0 ? 0 : errno
    }
}
