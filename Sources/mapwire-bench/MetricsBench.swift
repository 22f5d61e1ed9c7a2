// What metrics cost (`mapwire-bench metrics`), for docs/performance.md
// "What metrics cost the hot paths".
import Foundation
import LiveWorld
import MapSession
import SampleApps
import SessionTransport
import Synchronization

/// `mapwire-bench metrics [records] [scrapes]`: a relaxed atomic bump (what
/// the frame and socket paths pay per counter), a latency record (a frame's
/// event-to-frame time, an epoch's wait and merge) and a read of the
/// service's `/metrics` over the sample world.
func runMetricsBenchmark(_ arguments: ArraySlice<String>) throws {
    let records = Int(arguments.first ?? "") ?? 5_000_000
    let scrapes = Int(arguments.dropFirst().first ?? "") ?? 2_000
    let counter = Atomic<Int>(0)
    var started = now()
    for _ in 0..<records { counter.add(1, ordering: .relaxed) }
    let bump = (now() - started) / Double(records) * 1e9
    let metrics = LiveMetrics()
    started = now()
    for i in 0..<records { metrics.latency.record(Double(i & 1023) * 2e-5) }
    let record = (now() - started) / Double(records) * 1e9
    let service = try MapService(
        app: SampleMapApp(content: baseContent),
        options: .init(
            dataDirectory: root.appendingPathComponent("fixtures"),
            publicDirectory: root.appendingPathComponent("Public"),
            storePath: ":memory:"))
    defer { service.shutdown() }
    var bytes = 0
    started = now()
    for _ in 0..<scrapes {
        bytes = service.routes.respond(to: RouteRequest(method: "GET", path: "/metrics"))?.body.count ?? 0
    }
    let scrape = (now() - started) / Double(scrapes) * 1e6
    print("| operation | cost |")
    print("|---|---|")
    print(String(format: "| a relaxed atomic counter bump | %.1f ns |", bump))
    print(String(format: "| a latency histogram record | %.1f ns |", record))
    print(String(format: "| a read of the service's /metrics (%d bytes) | %.1f µs |", bytes, scrape))
}
