import Testing

@testable import MapHTTPAPI

/// What the feed's fast scanner leaves to the API's slow way is still read and named there.
@Suite struct MoveBatchRequestTests {
    @Test func whatTheScannerLeavesIsStillNamedByTheSlowWay() {
        #expect(throws: APIError.badRequest("moves[0]: \"id\" must be a non-empty string")) {
            try LiveRequests.moveBatch(Array(#"[{"id":7,"latitude":1,"longitude":1}]"#.utf8))
        }
        #expect(throws: APIError.badRequest("moves[0]: \"latitude\" must be a number")) {
            try LiveRequests.moveBatch(Array(#"[{"id":"a","latitude":"1","longitude":1}]"#.utf8))
        }
        #expect(throws: APIError.badRequest("missing \"moves\"")) {
            try LiveRequests.moveBatch(Array(#"{"move":[]}"#.utf8))
        }
        let accented = try? LiveRequests.moveBatch(
            Array(#"[{"id":"caf\#u{E9}","latitude":1,"longitude":2}]"#.utf8)
        ).moves
        #expect(accented?.first?.id == "caf\u{E9}")
    }

    /// The slow way refuses nesting past 512 too, rather than run the thread out of stack.
    @Test func deepNestingIsRefusedByTheSlowWayToo() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: APIError.self) {
            try LiveRequests.moveBatch(Array((#"[{"id":"a","latitude":1,"longitude":2,"x":"# + deep + "}]").utf8))
        }
    }
}
