// Frames of a street map from vector tiles (`mapwire-bench streets [frames]`), for docs/performance.md
// "Street maps": a session over central Helsinki at zooms 14 to 18, from the fixture archive.
import Foundation
import MapSession
import SampleApps

/// The first frame of a session over Helsinki's streets, cold (the tiles
/// are made for it) and warm (a second session finds them made), and the
/// pan frames of a drag back and forth: each drag's handling, from decoding
/// it to the encoded frame. `samples` as a second argument: the sample
/// apps' map (its Helsinki tram lines over the streets) instead of an empty one.
func runStreetFrames(_ arguments: ArraySlice<String>) throws {
    let frames = Int(arguments.first ?? "") ?? 1000
    let samples = arguments.dropFirst().first == "samples"
    let app = try MapService(
        app: samples ? SampleMapApp(content: baseContent) : EmptyMapApp(),
        options: .init(
            dataDirectory: root.appendingPathComponent("fixtures"),
            publicDirectory: root.appendingPathComponent("Public"), storePath: ":memory:",
            tilePaths: [root.appendingPathComponent("fixtures/tiles/helsinki.mbtiles").path]))
    print(
        "| camera | first frame KB | cold first frame ms | warm first frame ms | pan p50 ms | pan p99 ms | pan bytes p99 |"
    )
    print("|---|---|---|---|---|---|---|")
    for hash in ["#14/60.1699/24.9384", "#15/60.1699/24.9384", "#16/60.1699/24.9384", "#18/60.1699/24.9384"] {
        let t0 = now()
        let cold = PanningSession(id: 1, world: app.world, hash: hash)
        let coldTime = now() - t0
        let t1 = now()
        let warm = PanningSession(id: 2, world: app.world, hash: hash)
        let warmTime = now() - t1
        var times: [Double] = []
        var sizes: [Double] = []
        for step in 0..<frames {
            let (seconds, bytes) = warm.drag(step)
            times.append(seconds)
            sizes.append(Double(bytes ?? 0))
        }
        print(
            String(
                format: "| %@ | %.1f | %.1f | %.1f | %.3f | %.3f | %.0f |", hash, Double(cold.firstFrameBytes) / 1024,
                coldTime * 1e3, warmTime * 1e3, percentile(times, 0.5) * 1e3, percentile(times, 0.99) * 1e3,
                percentile(sizes, 0.99)))
    }
}
