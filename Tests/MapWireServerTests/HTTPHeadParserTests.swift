import Foundation
import HTTPTypes
import Testing

@testable import MapWireServer

/// The request head is read by RFC 9112's grammar, every field whole: a
/// field named like the start of another never hides the one after it.
@Suite struct HTTPHeadParserTests {
    func parse(_ text: String) -> HTTPHeadParser.Outcome {
        HTTPHeadParser.parse(ArraySlice(Array(text.utf8)))
    }

    func head(_ text: String) throws -> HTTPRequestHead {
        guard case .head(let head, let length) = parse(text) else {
            Issue.record("not a head: \(parse(text))")
            throw Refusal(0, "")
        }
        #expect(length == text.utf8.count)
        return head
    }

    func refusal(_ text: String) -> Refusal? {
        if case .refused(let refusal) = parse(text) { return refusal }
        return nil
    }

    static let host = HTTPField.Name("Host")!
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    /// Each name a lws 4.1 parser let swallow the next field: here both
    /// fields are there, each under its own name.
    @Test(arguments: [
        ("Hos", "Host"), ("X-Forwarded", "X-Forwarded-For"), ("X-Real", "X-Real-IP"),
        ("Content-Typ", "Content-Type"), ("Transfer-Encodin", "Transfer-Encoding"),
    ])
    func aFieldNamedLikeThePrefixOfAnotherHidesNothing(prefix: String, name: String) throws {
        let parsed = try head("POST /api/annotations HTTP/1.1\r\n\(prefix): x\r\n\(name): hidden\r\n\r\n")
        #expect(parsed.fields[values: HTTPField.Name(name)!] == ["hidden"])
        #expect(parsed.fields[values: HTTPField.Name(prefix)!] == ["x"])
        #expect(parsed.fields.count == 2)
    }

    /// A client's field named like a forwarding one, just before the proxy's own, hides nothing.
    @Test func aForwardedWriteBehindALookalikeFieldIsRefused() throws {
        let text =
            "POST /api/annotations HTTP/1.1\r\nContent-Type: application/json\r\nHost: 127.0.0.1\r\n"
            + "X-Forwarded: x\r\nX-Forwarded-For: 203.0.113.9\r\nContent-Length: 50\r\n\r\n"
        let parsed = try head(text)
        let gateHead = RequestHead(parsed, target: try RequestTarget(parsed.target), peerIsLoopback: true)
        #expect(!gateHead.peerIsLoopback)
        let gate = RequestGate(configuration: ServerConfiguration(publicDirectory: URL(fileURLWithPath: "/tmp")))
        guard case .found(let add) = TestRoutes.apiLike.resolve(method: "POST", path: "/api/annotations") else {
            Issue.record("the API-like table adds annotations")
            return
        }
        #expect(gate.check(gateHead, route: add.route)?.status == 403)
    }

    @Test func anEmptyForwardingFieldStillMeansAProxy() throws {
        for name in ["X-Forwarded-For", "Forwarded", "X-Real-IP", "Via"] {
            let parsed = try head("GET / HTTP/1.1\r\nHost: a\r\n\(name):\r\n\r\n")
            #expect(
                !RequestHead(parsed, target: try RequestTarget("/"), peerIsLoopback: true).peerIsLoopback, "\(name)")
        }
    }

    @Test func spacesAroundAValueAreNotPartOfIt() throws {
        let parsed = try head("POST / HTTP/1.1\r\nContent-Length: 60 \r\nHost:\t a \t\r\n\r\n")
        #expect(parsed.fields[values: .contentLength] == ["60"])
        #expect(parsed.fields[values: Self.host] == ["a"])
        #expect(try RequestGate.contentLength(parsed.fields[values: .contentLength]) == 60)
        #expect(throws: Refusal.self) { try RequestGate.contentLength([""]) }
    }

    @Test func everyLineOfARepeatedFieldIsKept() throws {
        let parsed = try head(
            "GET / HTTP/1.1\r\nHost: a\r\nhost: b\r\nX-Forwarded-For: 1\r\nx-forwarded-for: 2\r\n\r\n")
        #expect(parsed.fields[values: Self.host] == ["a", "b"])
        #expect(parsed.fields[values: Self.forwardedFor] == ["1", "2"])
    }

    @Test(arguments: [
        "GET / HTTP/1.1\r\nHost : a\r\n\r\n", // space before the colon
        "GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", // obs-fold
        "GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n", // a bare CR
        "GET / HTTP/1.1\r\nHost: a\u{0}b\r\n\r\n", // NUL
        "GET / HTTP/1.1\r\nHost: a\u{1}b\r\n\r\n", // a control
        "GET / HTTP/1.1\r\nNo colon here\r\n\r\n",
        "GET / HTTP/1.1\r\n: empty name\r\n\r\n",
        "GET / HTTP/1.1\r\nBad\"Name: a\r\n\r\n",
        "GET  / HTTP/1.1\r\n\r\n", // two spaces
        "GET / HTTP/1.1 extra\r\n\r\n",
        "GET / HTTPS/1.1\r\n\r\n",
        "G(T / HTTP/1.1\r\n\r\n",
        "GET /a b HTTP/1.1\r\n\r\n",
    ])
    func malformedHeadsAre400(text: String) {
        #expect(refusal(text)?.status == 400, "\(text.debugDescription)")
    }

    @Test func otherVersionsAre505() {
        #expect(refusal("GET / HTTP/2.0\r\n\r\n")?.status == 505)
        #expect(refusal("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")?.status == 505)
    }

    @Test func versionsAndKeepAlive() throws {
        #expect(try head("GET / HTTP/1.1\r\nHost: a\r\n\r\n").keepsAlive)
        #expect(try !head("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n").keepsAlive)
        #expect(try !head("GET / HTTP/1.0\r\n\r\n").keepsAlive)
        #expect(try head("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").keepsAlive)
    }

    @Test func bareLineFeedsAndLeadingEmptyLinesAreAccepted() throws {
        let parsed = try head("\r\nGET /x HTTP/1.1\nHost: a\n\n")
        #expect(parsed.target == "/x" && parsed.fields[values: Self.host] == ["a"])
    }

    @Test func aHeadArrivesInPieces() {
        let text = "GET / HTTP/1.1\r\nHost: a\r\n\r\n"
        for cut in 0..<text.utf8.count {
            guard case .incomplete = HTTPHeadParser.parse(ArraySlice(Array(text.utf8.prefix(cut)))) else {
                Issue.record("cut at \(cut) is not incomplete")
                continue
            }
        }
    }

    @Test func limitsHaveTheirStatuses() {
        let longTarget = "GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\n\r\n"
        #expect(refusal(longTarget)?.status == 414)
        #expect(refusal(String(longTarget.prefix(8500)))?.status == 414, "before the line ends")
        let longField = "GET / HTTP/1.1\r\nCookie: " + String(repeating: "c", count: 9000) + "\r\n\r\n"
        #expect(refusal(longField)?.status == 431)
        #expect(refusal(String(longField.prefix(8500)))?.status == 431, "before the line ends")
        let manyFields = "GET / HTTP/1.1\r\n" + String(repeating: "X-A: b\r\n", count: 101) + "\r\n"
        #expect(refusal(manyFields)?.status == 431)
        let bigHead =
            "GET / HTTP/1.1\r\n"
            + String(
                repeating: "X-Padding: " + String(repeating: "p", count: 4000)
                    + "\r\n", count: 9)
        #expect(refusal(bigHead)?.status == 431, "over 32 KB before the head ends")
    }
}
