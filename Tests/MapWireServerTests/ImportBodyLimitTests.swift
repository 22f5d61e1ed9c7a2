import Foundation
import SessionTransport
import Testing

@testable import MapWireServer

/// A GeoJSON or NDJSON import into `/api/annotations` may be bigger than
/// other bodies, and only that: the type and the route (its body types
/// read in bulk or streamed) decide it together.
@Suite struct ImportBodyLimitTests {
    let limits = ServerConfiguration.Limits(maxRequestBodyBytes: 1000, maxImportBodyBytes: 5000)

    func gate() -> RequestGate {
        RequestGate(configuration: ServerConfiguration(publicDirectory: URL(fileURLWithPath: "/tmp"), limits: limits))
    }

    /// The gate's verdict on `head` with the route the API-like table finds for it.
    func check(_ head: RequestHead) -> Refusal? {
        guard case .found(let match) = TestRoutes.apiLike.resolve(method: head.method, path: head.path) else {
            return gate().check(head)
        }
        return gate().check(head, route: match.route)
    }

    func post(_ path: String, type: String, length: Int) -> RequestHead {
        var head = RequestHead(method: "POST", path: path)
        head.host = "127.0.0.1:8080"
        head.hostFields = 1
        head.contentType = type
        head.contentTypeFields = 1
        head.contentLengths = [String(length)]
        head.peerIsLoopback = true
        return head
    }

    @Test(arguments: ["application/geo+json", "application/x-ndjson", "Application/GEO+JSON; charset=utf-8"])
    func anImportMayUseTheImportLimit(type: String) {
        #expect(check(post("/api/annotations", type: type, length: 5000)) == nil)
        let refusal = check(post("/api/annotations", type: type, length: 5001))
        #expect(refusal?.status == 413 && refusal?.message.contains("5000") == true)
    }

    @Test func everythingElseKeepsTheRequestLimit() {
        #expect(check(post("/api/annotations", type: "application/json", length: 1001))?.status == 413)
        #expect(check(post("/api/moves", type: "application/geo+json", length: 1001))?.status == 413)
        #expect(check(post("/api/annotations/a/position", type: "application/x-ndjson", length: 1001))?.status == 413)
        var patch = post("/api/annotations/a", type: "application/geo+json", length: 1001)
        patch.method = "PATCH"
        #expect(check(patch)?.status == 413)
        // A file, or a path no route has, keeps the request limit whatever it says it sends.
        #expect(check(post("/index.html", type: "application/x-ndjson", length: 1001))?.status == 413)
        let add = TestRoutes.apiLike.routes.first { $0.method == "POST" && "\($0.pattern)" == "/api/annotations" }
        #expect(gate().bodyLimit(route: add, contentType: nil) == 1000)
        #expect(gate().bodyLimit(route: add, contentType: "application/x-ndjson") == 5000)
    }
}
