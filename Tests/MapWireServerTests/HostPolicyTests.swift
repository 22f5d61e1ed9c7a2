import Foundation
import Testing

@testable import MapWireServer

@Suite struct HostPolicyTests {
    let policy = HostPolicy(
        allowedHosts: ["maps.internal"], allowedOrigins: ["https://Maps.Example.com"],
        bindHost: "127.0.0.1")

    @Test(arguments: [
        "localhost", "localhost:8080", "127.0.0.1:8080", "127.9.9.9", "[::1]:8080", "[::1]",
        "192.168.1.20:8080", "maps.internal", "MAPS.INTERNAL.:80", "maps.example.com",
    ])
    func servedHosts(host: String) {
        #expect(policy.checkHost(host) == nil)
    }

    /// DNS rebinding: a foreign name that resolves to this machine.
    @Test(arguments: [
        "evil.example", "evil.example:8080", "localhost.evil.example", "127.0.0.1.nip.io",
        "", ":8080", "a b", "maps.internal:80x", "[::1",
    ])
    func refusedHosts(host: String) throws {
        let refusal = try #require(policy.checkHost(host))
        #expect(refusal.status == 421)
        #expect(refusal.message.contains("--allowed-host"))
    }

    @Test func aMissingHostIsAnOldClientNotABrowser() {
        #expect(policy.checkHost(nil) == nil)
    }

    @Test func theBoundNameIsServed() {
        let named = HostPolicy(allowedHosts: [], allowedOrigins: [], bindHost: "mapwire.lan")
        #expect(named.checkHost("mapwire.lan:8080") == nil)
        #expect(named.checkHost("other.lan") != nil)
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080", "127.0.0.1:8080"), ("http://localhost:8080", "localhost:8080"),
        ("https://maps.example.com", "127.0.0.1:8080"), ("https://maps.example.com:443", "x"),
        ("http://maps.internal", "maps.internal"), ("https://maps.internal", "maps.internal"),
        ("http://[::1]:9000", "[::1]:9000"),
    ])
    func acceptedOrigins(origin: String, host: String) {
        #expect(policy.checkOrigin(origin, host: host) == nil)
    }

    @Test(arguments: [
        ("http://evil.example", "127.0.0.1:8080"), ("http://127.0.0.1:9999", "127.0.0.1:8080"),
        ("null", "127.0.0.1:8080"), ("file://", "127.0.0.1:8080"), ("http://localhost:8080", "127.0.0.1:8080"),
        ("https://maps.example.com.evil.example", "127.0.0.1:8080"), ("http://maps.internal:8080", "maps.internal"),
    ])
    func refusedOrigins(origin: String, host: String) throws {
        let refusal = try #require(policy.checkOrigin(origin, host: host))
        #expect(refusal.status == 403)
        #expect(refusal.message.contains("--allowed-origin"))
    }

    @Test func noOriginIsANonBrowserClient() {
        #expect(policy.checkOrigin(nil, host: "127.0.0.1:8080") == nil)
    }

    @Test func originsAreNormalised() {
        #expect(HostPolicy.normalizedOrigin("HTTPS://Maps.Example.com:443/") == "https://maps.example.com")
        #expect(HostPolicy.normalizedOrigin("http://a.example:80") == "http://a.example")
        #expect(HostPolicy.normalizedOrigin("http://a.example:8080") == "http://a.example:8080")
        #expect(HostPolicy.normalizedOrigin("maps.example.com") == nil)
        #expect(HostPolicy.normalizedOrigin("https://u@maps.example.com") == nil)
        #expect(HostPolicy.normalizedOrigin("https://maps.example.com/path") == nil)
    }
}
