import Foundation
import SessionTransport
import Testing

@testable import MapWireServer

@Suite struct RequestGateTests {
    static let directory = URL(fileURLWithPath: "/tmp")

    func gate(token: String? = nil, open: Bool = false, maxBody: Int = 1000) -> RequestGate {
        RequestGate(
            configuration: ServerConfiguration(
                publicDirectory: Self.directory, limits: .init(maxRequestBodyBytes: maxBody),
                apiToken: token, allowsOpenWrites: open))
    }

    func post(
        _ path: String = "/api/moves", type: String? = "application/json", length: String? = "2",
        loopback: Bool = true
    ) -> RequestHead {
        var head = RequestHead(method: "POST", path: path)
        head.host = "127.0.0.1:8080"
        head.hostFields = 1
        head.contentType = type
        head.contentTypeFields = type == nil ? 0 : 1
        head.contentLengths = length.map { [$0] } ?? []
        head.peerIsLoopback = loopback
        return head
    }

    @Test(arguments: ["1e3", "-1", "+2", "0x10", "18446744073709551616", "9999999999999999999", "2, 2", "", " "])
    func invalidContentLengthsAre400(value: String) {
        #expect(gate().check(post(length: value))?.status == 400)
    }

    @Test func duplicateContentLengthsAre400() throws {
        var head = post(length: "2")
        head.contentLengths = ["2", "2"]
        let refusal = try #require(gate().check(head))
        #expect(refusal.status == 400)
        #expect(refusal.message.contains("more than one"))
    }

    @Test func oneParserReadsContentLength() throws {
        #expect(try RequestGate.contentLength([]) == nil)
        #expect(try RequestGate.contentLength([" 42 "]) == 42)
        #expect(try RequestGate.contentLength(["0"]) == 0)
        #expect(throws: Refusal.self) { try RequestGate.contentLength(["1e3"]) }
        #expect(throws: Refusal.self) { try RequestGate.contentLength(["2", "2"]) }
    }

    @Test func chunkedBodiesAre411() {
        var head = post(length: nil)
        head.transferEncoding = "chunked"
        #expect(gate().check(head)?.status == 411)
        head.contentLengths = ["2"]
        #expect(gate().check(head)?.status == 411)
    }

    @Test func bodiesOverTheLimitAre413BeforeTheyAreRead() {
        #expect(gate(maxBody: 10).check(post(length: "11"))?.status == 413)
        #expect(gate(maxBody: 10).check(post(length: "10")) == nil)
    }

    @Test func readsAreNeverCheckedForAccess() {
        var head = RequestHead(method: "GET", path: "/api/annotations")
        head.host = "localhost:8080"
        head.hostFields = 1
        #expect(gate(token: "t").check(head) == nil)
        head.peerIsLoopback = false
        #expect(gate().check(head) == nil)
    }

    /// A write is what the route says it is: the same head is checked for
    /// access on a write route and not on a read.
    @Test func writeAccessIsTheRoutesToDecide() throws {
        guard case .found(let moves) = TestRoutes.apiLike.resolve(method: "POST", path: "/api/moves"),
            case .found(let list) = TestRoutes.apiLike.resolve(method: "GET", path: "/api/annotations")
        else {
            Issue.record("the API-like table has both routes")
            return
        }
        #expect(gate(token: "t").check(post(), route: moves.route)?.status == 401)
        #expect(gate().check(post(loopback: false), route: moves.route)?.status == 403)
        #expect(gate(open: true).check(post(loopback: false), route: moves.route) == nil)
        #expect(gate(token: "t").check(post(), route: list.route) == nil)
        #expect(gate().check(post(loopback: false), route: list.route) == nil)
    }

    /// Fields a request may carry once are refused twice over, so no two
    /// readers (a proxy in front, this server) can pick different ones.
    @Test func fieldsThatMayAppearOnceAreRefusedTwice() throws {
        for field in [\RequestHead.hostFields, \.authorizationFields, \.originFields, \.contentTypeFields] {
            var head = post()
            head[keyPath: field] = 2
            let refusal = try #require(gate().check(head))
            #expect(refusal.status == 400 && refusal.message.contains("more than one"), "\(refusal)")
        }
        var head = post()
        head.hostFields = 0
        #expect(gate().check(head)?.status == 400, "HTTP/1.1 needs Host")
        head.requiresHost = false
        #expect(gate().check(head) == nil, "HTTP/1.0 may leave it out")
    }

    @Test func hostComesFirstThenTheMethod() {
        var head = post()
        head.host = "rebound.example"
        #expect(gate().check(head, allowedMethods: ["GET"])?.status == 421)
        head.host = "127.0.0.1"
        let refusal = gate().check(head, allowedMethods: ["GET", "HEAD"])
        #expect(refusal?.status == 405 && refusal?.headers.first?.1 == "GET, HEAD")
    }

    /// A route that does not take the method says so before anything about
    /// the body: no 415 for a PUT that could never be served.
    @Test func theMethodIsCheckedBeforeTheBody() {
        var head = post(type: nil, length: nil)
        head.method = "PUT"
        #expect(gate().check(head, allowedMethods: ["GET", "PATCH", "DELETE"])?.status == 405)
    }

    @Test func upgradesCheckHostOriginAndForTheFeedAccess() {
        var head = RequestHead(method: "GET", path: "/feed")
        head.host = "127.0.0.1:8080"
        head.hostFields = 1
        head.peerIsLoopback = true
        #expect(gate(token: "t").checkUpgrade(head, isFeed: false) == nil)
        #expect(gate(token: "t").checkUpgrade(head, isFeed: true)?.status == 401)
        head.authorization = "Bearer t"
        #expect(gate(token: "t").checkUpgrade(head, isFeed: true) == nil)
        head.origin = "http://evil.example"
        #expect(gate(token: "t").checkUpgrade(head, isFeed: false)?.status == 403)
        head.origin = "http://127.0.0.1:8080"
        #expect(gate(token: "t").checkUpgrade(head, isFeed: false) == nil)
        head.host = "evil.example:8080"
        #expect(gate(token: "t").checkUpgrade(head, isFeed: false)?.status == 421)
    }
}

@Suite struct ServerConfigurationCheckTests {
    func configuration(
        host: String, token: String? = nil, open: Bool = false,
        origins: [String] = []
    ) -> ServerConfiguration {
        ServerConfiguration(
            host: host, publicDirectory: URL(fileURLWithPath: "/tmp"), apiToken: token,
            allowsOpenWrites: open, allowedOrigins: origins)
    }

    @Test(arguments: ["0.0.0.0", "::", "*", "192.168.1.20"])
    func aNetworkBindWithoutATokenRefusesToStart(host: String) {
        #expect(throws: ServerError.openWritesOnNetwork(host: host)) { try configuration(host: host).validate() }
        #expect(throws: Never.self) { try configuration(host: host, token: "t").validate() }
        #expect(throws: Never.self) { try configuration(host: host, open: true).validate() }
        #expect(ServerError.openWritesOnNetwork(host: host).description.contains("--api-token"))
    }

    @Test(arguments: ["127.0.0.1", "127.0.0.2", "localhost", "::1"])
    func loopbackBindsNeedNoToken(host: String) {
        #expect(throws: Never.self) { try configuration(host: host).validate() }
    }

    @Test(arguments: ["999.1.1.1", "1.2.3", "no-such-interface-xyz", "example.com"])
    func hostsThatCannotBeBoundAreAnError(host: String) {
        #expect(throws: ServerError.invalidHost(host)) { try configuration(host: host, token: "t").validate() }
    }

    @Test func badOriginsAndTokensAreErrors() {
        #expect(throws: ServerError.invalidOrigin("maps.example.com")) {
            try configuration(host: "127.0.0.1", origins: ["maps.example.com"]).validate()
        }
        #expect(throws: ServerError.invalidToken) { try configuration(host: "127.0.0.1", token: "").validate() }
        #expect(throws: ServerError.invalidToken) { try configuration(host: "127.0.0.1", token: "a b").validate() }
    }
}

@Suite struct SecurityHeadersTests {
    @Test func thePolicyAllowsWhatThePageLoadsAndFramingFromAllowedOrigins() {
        let csp = SecurityHeaders.contentSecurityPolicy(allowedOrigins: ["https://Portal.Example.com"])
        for directive in [
            "default-src 'none'", "script-src 'self'", "style-src 'self'", "font-src 'self'",
            "img-src 'self' blob: data:", "connect-src 'self'", "object-src 'none'",
            "base-uri 'none'", "form-action 'none'", "frame-src 'self'",
            "frame-ancestors 'self' https://portal.example.com",
        ] {
            #expect(csp.contains(directive), "\(directive)")
        }
        #expect(!csp.contains("unsafe"))
        #expect(SecurityHeaders.contentSecurityPolicy(allowedOrigins: []).hasSuffix("frame-ancestors 'self'"))
        let names = SecurityHeaders.all(allowedOrigins: []).map(\.name)
        #expect(names.contains("X-Content-Type-Options") && names.contains("Referrer-Policy"))
        #expect(!names.contains("X-Frame-Options"), "it would forbid the framing frame-ancestors allows")
    }
}
