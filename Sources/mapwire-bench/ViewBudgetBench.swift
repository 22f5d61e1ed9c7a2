// What one map session costs over a large world of API pins that carry no
// clustering identifier (`mapwire-bench views`), for docs/performance.md
// "Views per session over a million pins": its heap, its first frame, its
// live views and its pan and zoom frames, at the world's zoom, over a
// continent and in a city.
import Foundation
import InputEvents
import LiveWorld
import MapGeometry
import MapHTTPAPI
import MapSession
import SessionTransport
import ViewKit
import Wire

/// What `mapwire-bench views` was asked for.
struct ViewBudgetOptions {
    /// API pins without a clustering identifier.
    var pins = 1_000_000
    /// Sessions opened at each camera to measure the heap one costs.
    var sessions = 20
    /// Pan and zoom frames timed at each camera.
    var frames = 1000
    /// Only the cameras whose name contains this.
    var only: String?

    init(_ arguments: ArraySlice<String>) throws {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            switch flag {
            case "--pins": pins = Int(rest.popFirst() ?? "") ?? pins
            case "--sessions": sessions = Int(rest.popFirst() ?? "") ?? sessions
            case "--frames": frames = Int(rest.popFirst() ?? "") ?? frames
            case "--only": only = rest.popFirst()
            default: throw BenchUsage("unknown flag \(flag); expected --pins N, --sessions N, --frames N, --only TEXT")
            }
        }
    }
}

/// Where the pins crowd: a share of them around each of these cities (Paris
/// first), the rest spread over the inhabited latitudes.
let viewBenchCities: [Coordinate] = [
    (48.857, 2.352), (51.507, -0.128), (40.713, -74.006), (35.690, 139.692), (-23.551, -46.633), (6.524, 3.379),
    (19.076, 72.878), (-33.869, 151.209), (19.433, -99.133), (30.044, 31.236), (52.520, 13.405), (-6.208, 106.846),
].map { Coordinate(latitude: $0.0, longitude: $0.1) }

/// `count` pins as NDJSON imports of at most 100,000 features (the most one
/// import takes): 60 % around `viewBenchCities` (a normal spread of about
/// 20 km), the rest uniform over latitudes -60...70. A fixed seed.
func importPlainPins(_ count: Int, into app: MapService) {
    var state: UInt64 = 7
    func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    func normal() -> Double { (-2 * log(max(next(), 1e-12))).squareRoot() * cos(2 * Double.pi * next()) }
    var start = 0
    while start < count {
        var text = ""
        for i in start..<min(start + 100_000, count) {
            var lat: Double, lon: Double
            if next() < 0.6 {
                let city = viewBenchCities[Int(next() * Double(viewBenchCities.count)) % viewBenchCities.count]
                lat = min(max(city.latitude + 0.18 * normal(), -85), 85)
                lon = min(max(city.longitude + 0.25 * normal(), -180), 180)
            } else {
                lat = -60 + 130 * next()
                lon = -180 + 360 * next()
            }
            text +=
                "{\"type\":\"Feature\",\"id\":\"pin-\(i)\",\"geometry\":{\"type\":\"Point\","
                + "\"coordinates\":[\(lon),\(lat)]},\"properties\":{\"title\":\"Pin \(i)\"}}\n"
        }
        let response = app.routes.respond(
            to: RouteRequest(
                method: "POST", path: "/api/annotations", body: Array(text.utf8),
                contentType: "application/x-ndjson"))
        guard response?.status == 201 else {
            fatalError("importing pins from \(start): \(String(describing: response?.status))")
        }
        start = min(start + 100_000, count)
    }
    app.world.store.publishClusters()
}

/// One session opened at `hash` as the server opens it: HELLO (the join and
/// the first frame), then the first frame's ACK. The seconds HELLO took and
/// the first frame's bytes.
func openViewSession(
    _ id: UInt32, world: World, hash: String,
    out: NullOutput = NullOutput()
) -> (session: MapSession, seconds: Double, bytes: Int) {
    let session = MapSession(id: id, world: world, output: out, clock: ManualClock(), ticksAutomatically: false)
    let hello = ClientMessage.hello(version: 1, size: benchViewport, devicePixelRatio: 1, hash: hash).encoded()
    let t0 = now()
    session.handle(hello)
    let seconds = now() - t0
    let bytes = out.messages.count > 1 ? out.messages[1].count : 0
    out.messages.removeAll()
    session.handle(ClientMessage.ack(frame: 1).encoded())
    return (session, seconds, bytes)
}

/// Wheel steps in and out around the centre: `frames` of them, each a
/// frame, going `levels` zoom levels in and back. The seconds each took.
func zoomFrames(_ session: MapSession, output out: NullOutput, frames: Int, levels: Double) -> [Double] {
    let perStep = 0.25
    let stepsOneWay = max(1, Int(levels / perStep))
    var times: [Double] = []
    var acked: UInt32 = 1
    var seq: UInt32 = 100
    for i in 0..<frames {
        let inward = (i / stepsOneWay) % 2 == 0
        // A quarter level a step (MapView+Gestures: -dy / 200 levels).
        let dy = inward ? -50.0 : 50.0
        seq += 1
        let message = ClientMessage.wheel(
            seq: seq,
            WheelEvent(
                location: Point(x: 640, y: 400),
                delta: Point(x: 0, y: dy), time: Double(i) * 0.05)
        )
        .encoded()
        let t0 = now()
        session.handle(message)
        times.append(now() - t0)
        guard !out.messages.isEmpty else { continue }
        acked += UInt32(out.messages.count)
        out.messages.removeAll(keepingCapacity: true)
        session.handle(ClientMessage.ack(frame: acked).encoded())
    }
    return times
}

/// Of the cameras over Paris from zoom 12 to 18 in steps of a twentieth of
/// a level, the one whose session holds the most views: where the most
/// pins show one by one.
func busiestCamera(world: World) -> String {
    var best = (views: -1, hash: "")
    for step in 240...360 {
        let hash = String(format: "#%.2f/48.857/2.352", Double(step) / 20)
        let session = openViewSession(UInt32(9_000 + step), world: world, hash: hash).session
        let views = session.reuseCounts?.live ?? 0
        if views > best.views { best = (views, hash) }
    }
    return best.hash
}

/// `mapwire-bench views [--pins N] [--sessions N] [--frames N] [--only TEXT]`.
func runViewBudgetBenchmark(_ options: ViewBudgetOptions) throws {
    let app = try memoryBenchApp(pins: 0)
    let t0 = now()
    importPlainPins(options.pins, into: app)
    print(
        String(
            format: "%d pins without a clustering identifier imported in %.1f s; process %.0f MB, heap %.0f MB",
            options.pins, now() - t0, residentMB(), Double(heapInUse()) / 1_048_576))
    let index = app.world.store.clusterSnapshot()?.unclustered
    print(
        String(
            format: "their index for gathering: %.1f MB of members and tables, and a slot table",
            Double(index?.byteCount ?? 0) / 1_048_576))
    let world = app.world
    var cameras: [(name: String, hash: String)] = [
        ("the world", "#2/20/0"), ("a continent", "#4/48/10"), ("a city", "#12/48.857/2.352"),
        ("a district", "#15/48.857/2.352"),
    ]
    if options.only.map({ "most views".contains($0) }) ?? true {
        cameras.append(("most views", busiestCamera(world: world)))
    }
    // One session first, so one-time caches (fonts' widths, images) are not charged to the sessions measured.
    withExtendedLifetime(openViewSession(1, world: world, hash: "#2/20/0").session) {}
    print(
        "| camera | live views | heap KB a session | first frame KB | HELLO to first frame ms (max) "
            + "| pan p50 / p99 ms | zoom p50 / p99 ms | pan frame max bytes |")
    print("|---|---|---|---|---|---|---|---|")
    var id: UInt32 = 10
    for camera in cameras where options.only.map({ camera.name.contains($0) }) ?? true {
        var opens: [Double] = []
        var firstBytes = 0
        let perSession = measurePerObject(options.sessions) { _ in
            id += 1
            let opened = openViewSession(id, world: world, hash: camera.hash)
            opens.append(opened.seconds)
            firstBytes = max(firstBytes, opened.bytes)
            return opened.session
        }
        id += 1
        let panner = PanningSession(id: id, world: world, hash: camera.hash)
        let live = panner.liveViews
        var pans: [Double] = []
        var panBytes = 0
        for i in 0..<options.frames {
            let (seconds, bytes) = panner.drag(i)
            pans.append(seconds)
            panBytes = max(panBytes, bytes ?? 0)
        }
        id += 1
        let zoomOutput = NullOutput()
        let zoomer = openViewSession(id, world: world, hash: camera.hash, out: zoomOutput).session
        let zooms = zoomFrames(zoomer, output: zoomOutput, frames: options.frames, levels: 2)
        print(
            String(
                format: "| %@ (`%@`) | %d | %.0f | %.1f | %.1f (%.1f) | %.3f / %.3f | %.3f / %.3f | %d |",
                camera.name, camera.hash, live, perSession.heap / 1024, Double(firstBytes) / 1024,
                percentile(opens, 0.5) * 1e3, (opens.max() ?? 0) * 1e3,
                percentile(pans, 0.5) * 1e3, percentile(pans, 0.99) * 1e3,
                percentile(zooms, 0.5) * 1e3, percentile(zooms, 0.99) * 1e3, panBytes))
    }
}
