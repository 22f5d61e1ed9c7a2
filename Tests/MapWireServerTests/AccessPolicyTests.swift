import Foundation
import Testing

@testable import MapWireServer

@Suite struct AccessPolicyTests {
    @Test func withATokenMissingIs401AndWrongIs403() throws {
        let policy = AccessPolicy(token: "s3cret", allowsOpenWrites: false)
        let missing = try #require(policy.checkWrite(authorization: nil, peerIsLoopback: true))
        #expect(missing.status == 401)
        #expect(missing.headers.contains { $0.0 == "WWW-Authenticate" && $0.1.hasPrefix("Bearer") })
        #expect(policy.checkWrite(authorization: "Basic czNjcmV0", peerIsLoopback: true)?.status == 401)
        #expect(policy.checkWrite(authorization: "Bearer", peerIsLoopback: true)?.status == 401)
        #expect(policy.checkWrite(authorization: "Bearer s3cre", peerIsLoopback: true)?.status == 403)
        #expect(policy.checkWrite(authorization: "Bearer s3cret2", peerIsLoopback: true)?.status == 403)
        #expect(policy.checkWrite(authorization: "Bearer s3cret", peerIsLoopback: false) == nil)
        #expect(policy.checkWrite(authorization: "bearer  s3cret ", peerIsLoopback: false) == nil)
        // The token never appears in an answer.
        let refusal = policy.checkWrite(authorization: "Bearer x", peerIsLoopback: true)
        #expect(refusal?.message.contains("s3cret") == false)
    }

    @Test func withoutATokenOnlyLoopbackWritesUnlessOpen() throws {
        let closed = AccessPolicy(token: nil, allowsOpenWrites: false)
        #expect(closed.checkWrite(authorization: nil, peerIsLoopback: true) == nil)
        let refusal = try #require(closed.checkWrite(authorization: nil, peerIsLoopback: false))
        #expect(refusal.status == 403)
        #expect(refusal.message.contains("--api-token"))
        let open = AccessPolicy(token: nil, allowsOpenWrites: true)
        #expect(open.checkWrite(authorization: nil, peerIsLoopback: false) == nil)
    }

    @Test func constantTimeCompareIsExact() {
        let token = Array("abcdef".utf8)
        #expect(AccessPolicy.constantTimeEquals(Array("abcdef".utf8), token))
        #expect(!AccessPolicy.constantTimeEquals(Array("abcdeg".utf8), token))
        #expect(!AccessPolicy.constantTimeEquals(Array("abcde".utf8), token))
        #expect(!AccessPolicy.constantTimeEquals(Array("abcdefg".utf8), token))
        #expect(!AccessPolicy.constantTimeEquals([], token))
    }
}
