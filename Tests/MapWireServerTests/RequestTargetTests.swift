import Testing

@testable import MapWireServer

/// A request target is percent-decoded once, in the path only; `+` in a
/// path is a plus; the query goes to the route as sent, once its escapes
/// are known to be whole.
@Suite struct RequestTargetTests {
    @Test func thePathIsDecodedOnceAndThePlusStays() throws {
        #expect(try RequestTarget("/api/annotations/pct%2541").path == "/api/annotations/pct%41")
        #expect(try RequestTarget("/api/annotations/a+b").path == "/api/annotations/a+b")
        #expect(try RequestTarget("/api/annotations/caf%C3%A9").path == "/api/annotations/café")
    }

    @Test func theQueryIsLeftAsSent() throws {
        let target = try RequestTarget("/api/annotations?bbox=-10%252C35&limit=1%26bbox%3D0")
        #expect(target.path == "/api/annotations")
        #expect(target.query == "bbox=-10%252C35&limit=1%26bbox%3D0")
        #expect(try RequestTarget("/healthz").query == "")
    }

    @Test(arguments: [
        "/healthz?x=%00", "/api/annotations/a%00b", "/a%zz", "/a%", "/a%4", "/x?y=%g1", "/%FF%FE",
        "relative", "/a#fragment",
    ])
    func badTargetsAre400(target: String) {
        #expect(throws: Refusal.self) { try RequestTarget(target) }
        do {
            _ = try RequestTarget(target)
        } catch {
            #expect(error.status == 400 && !error.message.isEmpty)
        }
    }

    @Test func absoluteFormNamesItsAuthority() throws {
        let target = try RequestTarget("http://example.com:8080/api/annotations?limit=2")
        #expect(
            target.authority == "example.com:8080" && target.path == "/api/annotations" && target.query == "limit=2")
        #expect(try RequestTarget("http://example.com").path == "/")
        #expect(try RequestTarget("*").path == "*")
    }
}
