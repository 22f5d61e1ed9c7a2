// What a live move costs each session that shows it, for pins shown one by
// one (`mapwire-bench frames-live`), for docs/performance.md "Live moves
// without clusters".
import Foundation
import LiveWorld
import MapGeometry
import MapSession
import ViewKit
import Wire

/// `mapwire-bench frames-live [seconds] [pins] [moves a second] [watchers] [zoom]`:
/// `pins` API pins without a clustering identifier on a grid over Europe,
/// moved `moves a second` at random (a step of up to 0.02 degrees, each with
/// the producer's timestamp, so a pin glides for the time since its last
/// fix), while `watchers` sessions look at the grid at `zoom`, each a little
/// apart. Time is stepped one display frame (1/60 s) at a time on the
/// sessions' clocks; after each step's batch every session ticks and its
/// frames are taken and acknowledged, as a browser would. The same run with
/// nobody watching is subtracted: what is left, divided by the moves each
/// session could see, is the CPU a move costs a session that shows it.
func runLiveFrames(_ arguments: ArraySlice<String>) throws {
    let values = Array(arguments)
    func number(_ i: Int, _ fallback: Double) -> Double { i < values.count ? Double(values[i]) ?? fallback : fallback }
    let seconds = number(0, 5), pins = Int(number(1, 5_000)), perSecond = number(2, 5_000)
    let watchers = Int(number(3, 50)), zoom = number(4, 8)
    let app = try memoryBenchApp(pins: 0)
    var feed = LiveFeed(pins: pins)
    try app.world.store.add(feed.annotations())
    let frames = Int(seconds * 60)
    let alone = try feed.run(frames, perSecond: perSecond, into: app.world, watchers: [])
    let movesAlone = feed.applied
    let sessions = (0..<watchers).map { i -> LiveWatcher in
        let coordinate = Coordinate(latitude: 44 + 0.2 * Double(i % 5), longitude: 5 + 0.3 * Double(i / 5 % 10))
        return LiveWatcher(id: UInt32(i + 1), world: app.world, center: coordinate, zoom: zoom)
    }
    let watched = try feed.run(frames, perSecond: perSecond, into: app.world, watchers: sessions)
    let seen = sessions.reduce(0) { $0 + $1.movesSeen }
    let sent = sessions.reduce(0) { $0 + $1.frames }
    let bytes = sessions.reduce(0) { $0 + $1.bytes }
    print(
        "| pins | moves/s | watchers | zoom | live views | CPU a move, nobody watching µs "
            + "| a move per session that shows it µs | frames a session a second | bytes a session a second |")
    print("|---|---|---|---|---|---|---|---|---|")
    let views = "\(sessions.first?.liveViews ?? 0)\(sessions.first?.gathers == true ? ", gathered" : "")"
    print(
        String(
            format: "| %d | %.0f | %d | %.0f | %@ | %.2f | %.2f | %.1f | %.0f |", pins, perSecond, watchers,
            zoom, views as NSString, alone / Double(max(movesAlone, 1)) * 1e6,
            (watched - alone) / Double(max(seen, 1)) * 1e6, Double(sent) / Double(watchers) / seconds,
            Double(bytes) / Double(watchers) / seconds))
    let counts = sessions.map { w in w.session.sync { w.session.liveFrameCounts } }
    let patches = counts.reduce(0) { $0 + $1.patches }, skipped = counts.reduce(0) { $0 + $1.collisionPassesSkipped }
    let names = counts.reduce(0) { $0 + $1.namePatches }
    print(
        "\(sent) frames: \(patches) patches of the moved views, \(skipped) of them without a collision pass, "
            + "\(names) with the city names a view covered or uncovered; \(seen) moves seen")
    for w in sessions { w.session.disconnected() }
}

/// The pins of `frames-live` and the moves fed to them.
struct LiveFeed {
    var positions: [Coordinate]
    var random = SplitMix(seed: 11)
    var time = 1_000.0
    /// Moves applied over every run so far.
    var applied = 0

    init(pins: Int) {
        // 40 rows 0.3 degrees apart, as many columns 0.4 apart as it takes.
        positions = (0..<pins).map { i in
            Coordinate(latitude: 40 + 0.3 * Double(i % 40), longitude: -5 + 0.4 * Double(i / 40))
        }
    }

    func annotations() -> [LiveAnnotation] {
        positions.indices.map { LiveAnnotation(id: "live-\($0)", title: "Live \($0)", coordinate: positions[$0]) }
    }

    /// `frames` display frames of moves at `perSecond`, each frame's batch
    /// applied and then every watcher's frames taken; the process's CPU seconds.
    mutating func run(_ frames: Int, perSecond: Double, into world: World, watchers: [LiveWatcher]) throws -> Double {
        var owed = 0.0
        let t0 = processCPUTime()
        for _ in 0..<frames {
            time += 1.0 / 60
            owed += perSecond / 60
            var batch: [Move] = []
            while owed >= 1 {
                owed -= 1
                let i = Int(random.next() % UInt64(positions.count))
                var p = positions[i]
                p.latitude += (random.unit() - 0.5) * 0.04
                p.longitude += (random.unit() - 0.5) * 0.04
                positions[i] = p
                batch.append(Move(id: "live-\(i)", coordinate: p, timestamp: time))
            }
            try world.store.apply(batch)
            applied += batch.count
            for w in watchers { w.step(by: 1.0 / 60, moves: batch) }
        }
        return processCPUTime() - t0
    }
}

/// One session looking at the moving pins, driven one display frame at a time.
final class LiveWatcher {
    let session: MapSession
    let out = NullOutput()
    let clock = ManualClock(now: 100)
    let visible: Rect
    private var acked: UInt32 = 1
    private(set) var frames = 0
    private(set) var bytes = 0
    private(set) var movesSeen = 0

    init(id: UInt32, world: World, center: Coordinate, zoom: Double) {
        session = MapSession(id: id, world: world, output: out, clock: clock, ticksAutomatically: false)
        let size = Size(width: 1280, height: 800)
        let hash = String(format: "#%.2f/%.4f/%.4f", zoom, center.latitude, center.longitude)
        visible = Camera(center: Mercator.project(center), zoom: zoom).visibleWorldRect(viewport: size)
        session.sync {
            session.handle(ClientMessage.hello(version: 1, size: size, devicePixelRatio: 1, hash: hash).encoded())
        }
        session.receive(ClientMessage.ack(frame: 1).encoded())
        session.sync { out.messages.removeAll() }
    }

    var liveViews: Int { session.sync { session.reuseCounts?.live ?? 0 } }
    /// Whether the map gathers the pins into counted clusters (more than its limit near the view).
    var gathers: Bool { session.sync { session.gathersUnclusteredPins } }

    /// One display frame: the clock moves on, the session ticks, and what it
    /// sent is taken and acknowledged. `moves` are this frame's, for the count
    /// of those this session could see.
    func step(by seconds: Double, moves: [Move]) {
        for move in moves where visible.contains(Mercator.project(move.coordinate)) { movesSeen += 1 }
        clock.advance(by: seconds)
        let sent = session.sync {
            session.tick()
            let sent = out.messages
            out.messages.removeAll(keepingCapacity: true)
            return sent
        }
        guard !sent.isEmpty else { return }
        frames += sent.count
        bytes += sent.reduce(0) { $0 + $1.count }
        acked += UInt32(sent.count)
        session.receive(ClientMessage.ack(frame: acked).encoded())
    }
}
