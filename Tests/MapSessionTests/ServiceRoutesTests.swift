import Foundation
import SessionTransport
import Testing
@testable import LiveWorld
@testable import MapSession
import SessionTransport

/// The service's own routes beside the API's: `/healthz` and `/metrics`.
@Suite struct ServiceRoutesTests {
    static func object(_ body: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
    }

    @Test func healthzSaysOkAndHowManySessionsAreOpen() throws {
        let app = try MapService(app: sampleApp, options: .init(dataDirectory: repoRoot.appendingPathComponent("fixtures"),
                                                publicDirectory: repoRoot.appendingPathComponent("Public"),
                                                storePath: ":memory:"))
        defer { app.shutdown() }
        let health = try #require(app.routes.respond(to: RouteRequest(method: "GET", path: "/healthz")))
        #expect(health.status == 200 && health.contentType == "application/json")
        let json = try Self.object(health.body)
        #expect(Set(json.keys) == ["status", "sessions"])
        #expect(json["status"] as? String == "ok" && json["sessions"] as? Int == 0)
        let wrongMethod = try #require(app.routes.respond(to: RouteRequest(method: "POST", path: "/healthz")))
        #expect(wrongMethod.status == 405)
        #expect(try Self.object(wrongMethod.body)["status"] as? Int == 405)
    }
}
