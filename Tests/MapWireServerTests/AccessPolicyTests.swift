import Foundation
import Testing
@testable import MapWireServer

@Suite struct AccessPolicyTests {
    @Test(arguments: [
        ("POST", "/api/annotations", true), ("DELETE", "/api/annotations/a", true), ("PUT", "/api/x", true),
        ("PATCH", "/api/annotations/a", true), ("POST", "/api/moves", true),
        ("GET", "/api/annotations", false), ("HEAD", "/api/annotations", false), ("OPTIONS", "/api/moves", false),
        ("POST", "/healthz", false), ("GET", "/", false), ("POST", "/apiary", false),
    ])
    func writesAreChangesUnderAPI(method: String, path: String, isWrite: Bool) {
        #expect(AccessPolicy.isWrite(method: method, path: path) == isWrite)
    }

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

    @Test(arguments: [
        ("application/json", true), ("Application/JSON; charset=utf-8", true), (" application/json ;x=y", true),
        ("text/plain", false), ("application/x-www-form-urlencoded", false), ("multipart/form-data; boundary=x", false),
        ("application/jsonx", false), ("", false),
    ])
    func writesNeedAJSONBody(contentType: String, accepted: Bool) {
        let refusal = AccessPolicy.checkContentType(contentType, method: "POST", hasBody: true)
        #expect((refusal == nil) == accepted)
        if let refusal { #expect(refusal.status == 415) }
    }

    @Test func aDeleteWithoutBodyNeedsNoContentType() {
        #expect(AccessPolicy.checkContentType(nil, method: "DELETE", hasBody: false) == nil)
        #expect(AccessPolicy.checkContentType(nil, method: "POST", hasBody: false)?.status == 415)
        #expect(AccessPolicy.checkContentType("text/plain", method: "DELETE", hasBody: true)?.status == 415)
    }
}
