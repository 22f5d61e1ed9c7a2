import Foundation
import Testing
@testable import MapWireServer

/// A GeoJSON or NDJSON import into `/api/annotations` may be bigger than
/// other bodies, and only that: the type and the route decide it together.
@Suite struct ImportBodyLimitTests {
    let limits = ServerConfiguration.Limits(maxRequestBodyBytes: 1000, maxImportBodyBytes: 5000)

    func gate() -> RequestGate {
        RequestGate(configuration: ServerConfiguration(publicDirectory: URL(fileURLWithPath: "/tmp"), limits: limits))
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
        #expect(gate().check(post("/api/annotations", type: type, length: 5000)) == nil)
        let refusal = gate().check(post("/api/annotations", type: type, length: 5001))
        #expect(refusal?.status == 413 && refusal?.message.contains("5000") == true)
    }

    @Test func everythingElseKeepsTheRequestLimit() {
        #expect(gate().check(post("/api/annotations", type: "application/json", length: 1001))?.status == 413)
        #expect(gate().check(post("/api/moves", type: "application/geo+json", length: 1001))?.status == 413)
        #expect(gate().check(post("/api/annotations/a", type: "application/x-ndjson", length: 1001))?.status == 413)
        var patch = post("/api/annotations", type: "application/geo+json", length: 1001)
        patch.method = "PATCH"
        #expect(gate().check(patch)?.status == 413)
        #expect(AccessPolicy.bodyLimit(method: "POST", path: "/api/annotations", contentType: nil, limits: limits)
                == 1000)
    }

    @Test func theImportTypesAreWritesTheGateTakes() {
        for type in ["application/geo+json", "application/x-ndjson"] {
            #expect(AccessPolicy.checkContentType(type, method: "POST", hasBody: true) == nil)
        }
        let refusal = AccessPolicy.checkContentType("text/plain", method: "POST", hasBody: true)
        #expect(refusal?.status == 415 && refusal?.message.contains("application/x-ndjson") == true)
    }
}
