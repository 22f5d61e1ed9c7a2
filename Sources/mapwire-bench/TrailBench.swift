// Trails growing live while sessions watch them (`mapwire-bench trails`),
// for docs/performance.md "Lines and areas".
import Foundation
import LiveWorld
import MapGeometry
import MapSession
import SessionTransport
import Wire

/// `mapwire-bench trails [trails] [seconds] [watchers] [limit]`: `trails`
/// lines of the shared world over Europe, each starting with `limit`
/// positions and keeping its newest `limit`, each gaining a position a
/// second (a step of about 1 km), while `watchers` sessions look at them at
/// zooms 8 to 12, a little apart. Time is stepped one display frame (1/60 s)
/// at a time; after each step's appends every session ticks and its frames
/// are taken and acknowledged. Prints the frame time each session took to
/// make (p50, p99), the bytes a frame, and the appends each session could see.
func runTrails(_ arguments: ArraySlice<String>) throws {
    let values = Array(arguments)
    func number(_ i: Int, _ fallback: Int) -> Int { i < values.count ? Int(values[i]) ?? fallback : fallback }
    let trails = number(0, 1_000), seconds = number(1, 10), watchers = number(2, 100), limit = number(3, 500)
    let app = try memoryBenchApp(pins: 0)
    var random = SplitMix(seed: 5)
    var heads: [Coordinate] = []
    var shapes: [LiveShape] = []
    for i in 0..<trails {
        var p = Coordinate(latitude: 42 + 10 * random.unit(), longitude: -2 + 20 * random.unit())
        var line: [Coordinate] = []
        for _ in 0..<limit {
            line.append(p)
            p = step(p, &random)
        }
        heads.append(p)
        shapes.append(LiveShape(id: "trail-\(i)", geometry: WorldGeometry.line(line)!, trailLimit: limit))
    }
    try app.world.store.add(shapes: shapes)
    // The appends alone, nobody watching: what the sessions cost is the rest.
    var heads0 = heads
    var random0 = random
    let alone = try appendFor(seconds, trails: trails, heads: &heads0, random: &random0, store: app.world.store) { _ in
    }
    let sessions = (0..<watchers).map { i -> TrailWatcher in
        let center = Coordinate(latitude: 44 + 0.5 * Double(i % 8), longitude: 2 + 0.8 * Double(i / 8 % 12))
        return TrailWatcher(id: UInt32(i + 1), world: app.world, center: center, zoom: Double(8 + i % 5))
    }
    var latencies: [Double] = []
    var seen = 0
    let watched = try appendFor(seconds, trails: trails, heads: &heads, random: &random, store: app.world.store) {
        appended in
        let at = now()
        for w in sessions {
            seen += appended.count { w.visible.contains($0) }
            latencies += w.takeFrames(since: at)
        }
    }
    let frames = sessions.reduce(0) { $0 + $1.frames }
    let bytes = sessions.reduce(0) { $0 + $1.bytes }
    print(
        "| trails | appends/s | watchers | limit | frames a session a second | CPU a frame ms "
            + "| append to frame p50 / p99 ms | bytes a frame | appends seen a session a second |")
    print("|---|---|---|---|---|---|---|---|---|")
    print(
        String(
            format: "| %d | %d | %d | %d | %.1f | %.3f | %.2f / %.2f | %.0f | %.1f |", trails, trails, watchers,
            limit, Double(frames) / Double(watchers) / Double(seconds),
            (watched - alone) / Double(max(frames, 1)) * 1e3,
            percentile(latencies, 0.5) * 1e3, percentile(latencies, 0.99) * 1e3,
            Double(bytes) / Double(max(frames, 1)), Double(seen) / Double(watchers) / Double(seconds)))
    for w in sessions { w.session.disconnected() }
}

/// `seconds` of display frames, each trail gaining a position a second
/// (in turns), `after` told each frame's new positions; the process's CPU seconds.
private func appendFor(
    _ seconds: Int, trails: Int, heads: inout [Coordinate], random: inout SplitMix, store: AnnotationStore,
    after: ([Point]) -> Void
) throws -> Double {
    let t0 = processCPUTime()
    var owed = 0.0
    var next = 0
    for _ in 0..<(seconds * 60) {
        owed += Double(trails) / 60
        var appended: [Point] = []
        while owed >= 1 {
            owed -= 1
            let i = next % trails
            next += 1
            heads[i] = step(heads[i], &random)
            try store.extendShape(id: "trail-\(i)", by: [heads[i]])
            appended.append(Mercator.project(heads[i]))
        }
        after(appended)
    }
    return processCPUTime() - t0
}

/// A session watching trails: its frames are sent as it makes them (a woken
/// session sends at once), timed, and acknowledged.
final class TrailWatcher {
    let session: MapSession
    let out = TimedOutput()
    let visible: Rect
    private var acked: UInt32 = 1
    private(set) var frames = 0
    private(set) var bytes = 0

    init(id: UInt32, world: World, center: Coordinate, zoom: Double) {
        session = MapSession(id: id, world: world, output: out, ticksAutomatically: false)
        let size = Size(width: 1280, height: 800)
        let hash = String(format: "#%.2f/%.4f/%.4f", zoom, center.latitude, center.longitude)
        visible = Camera(center: Mercator.project(center), zoom: zoom).visibleWorldRect(viewport: size)
        session.sync {
            session.handle(ClientMessage.hello(version: 1, size: size, devicePixelRatio: 1, hash: hash).encoded())
        }
        session.receive(ClientMessage.ack(frame: 1).encoded())
        _ = out.take()
    }

    /// The time from `at` to each frame the session sent since it was last
    /// asked, once the frames it was woken for are sent; acknowledges them.
    func takeFrames(since at: Double) -> [Double] {
        session.sync {}
        let sent = out.take()
        guard !sent.isEmpty else { return [] }
        frames += sent.count
        bytes += sent.reduce(0) { $0 + $1.bytes }
        acked += UInt32(sent.count)
        session.receive(ClientMessage.ack(frame: acked).encoded())
        return sent.map { max(0, $0.time - at) }
    }
}

/// What a session sent, and when.
final class TimedOutput: SessionOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var sent: [(time: Double, bytes: Int)] = []
    func send(_ message: [UInt8]) {
        let t = now()
        lock.withLock { sent.append((t, message.count)) }
    }
    func close(code: WebSocketCloseCode, reason: String) { print("closed: \(code) \(reason)") }
    func take() -> [(time: Double, bytes: Int)] {
        lock.withLock {
            defer { sent.removeAll(keepingCapacity: true) }
            return sent
        }
    }
}

/// About a kilometre on from `p`, in a direction that wanders.
private func step(_ p: Coordinate, _ random: inout SplitMix) -> Coordinate {
    Coordinate(
        latitude: min(80, max(-80, p.latitude + (random.unit() - 0.45) * 0.01)),
        longitude: p.longitude + (random.unit() - 0.45) * 0.014)
}
