import Foundation
import SessionTransport
import Testing

@testable import LiveWorld
@testable import MapSession

/// The service's own routes beside the API's: `/healthz` and `/metrics`.
@Suite struct ServiceRoutesTests {
    static func object(_ body: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
    }

    @Test func healthzSaysOkAndHowManySessionsAreOpen() throws {
        let app = try inMemoryService()
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

    /// Every family is documented and typed, and a read shows the counters as they are then.
    @Test func metricsHaveHelpAndTypeAndTheCountersNow() throws {
        let options = MapService.Options(
            dataDirectory: repoRoot.appendingPathComponent("fixtures"),
            publicDirectory: repoRoot.appendingPathComponent("Public"),
            storePath: ":memory:")
        let app = try MapService(app: sampleApp, options: options)
        defer { app.shutdown() }
        func read() throws -> String {
            let answer = try #require(app.routes.respond(to: RouteRequest(method: "GET", path: "/metrics")))
            #expect(answer.status == 200 && answer.contentType.hasPrefix("text/plain; version=0.0.4"))
            return String(decoding: answer.body, as: UTF8.self)
        }
        app.world.store.metrics.movesApplied.add(4, ordering: .relaxed)
        let text = try read()
        var documented: Set<Substring> = [], typed: Set<Substring> = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            if line.hasPrefix("# HELP ") {
                documented.insert(words[2])
                continue
            }
            if line.hasPrefix("# TYPE ") {
                typed.insert(words[2])
                continue
            }
            var family = words[0].prefix { $0 != "{" }
            for suffix in ["_bucket", "_sum", "_count"] where !typed.contains(family) && family.hasSuffix(suffix) {
                family = family.dropLast(suffix.count)
            }
            #expect(documented.contains(family) && typed.contains(family), "\(family)")
        }
        #expect(
            typed.isSuperset(of: [
                "mapwire_sessions", "mapwire_annotations", "mapwire_moves_applied_total",
                "mapwire_reuse_views_live", "mapwire_event_to_frame_seconds",
            ]))
        #expect(text.contains("# TYPE mapwire_moves_applied_total counter\nmapwire_moves_applied_total 4\n"))
        app.world.store.metrics.movesApplied.add(1, ordering: .relaxed)
        #expect(try read().contains("\nmapwire_moves_applied_total 5\n"))
    }
}
