// What a session watching a live clustered world costs per epoch
// (`mapwire-bench frames-epoch`), for docs/performance.md "A watching
// session's frame".
import Foundation
import LiveWorld
import MapGeometry
import MapHTTPAPI
import MapSession
import SessionTransport
import Wire

/// The starting places `importClusteredPins` gave its pins (the same sequence).
func clusteredPinPositions(_ count: Int) -> [(latitude: Double, longitude: Double)] {
    var state: UInt64 = 99
    func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    return (0..<count).map { _ in
        let lat = 36 + 24 * next()
        return (lat, -10 + 40 * next())
    }
}

/// User and system CPU seconds this process has used.
func processCPUTime() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// `mapwire-bench frames-epoch [epochs] [pins] [moves an epoch] [zooms] [watchers]`:
/// `watchers` sessions watch `#Z/48/8` (their centres a little apart) over
/// `pins` clustered pins while batches of moves (as `mapwire-load` feeds
/// them: round the pins, a random step of up to 0.05 degrees) are applied
/// and published as an epoch each, every session drawing a frame for each.
/// The same epochs run first with no session watching; the difference in
/// the process's CPU time, per frame drawn, is what a watcher's frame costs.
/// With `EPOCH_OPS` set, prints the kinds of ops in the first session's frames.
func runEpochFrames(_ arguments: ArraySlice<String>) throws {
    let epochs = Int(arguments.first ?? "") ?? 300
    let pins = Int(arguments.dropFirst().first ?? "") ?? 1_000_000
    let perEpoch = Int(arguments.dropFirst(2).first ?? "") ?? 1_600
    let zooms = arguments.dropFirst(3).first.map { $0.split(separator: ",").compactMap { Int($0) } } ?? [4, 6, 8, 10]
    let watchers = Int(arguments.dropFirst(4).first ?? "") ?? 10
    let app = try memoryBenchApp(pins: 0)
    importClusteredPins(pins, into: app)
    var feed = EpochFeed(positions: clusteredPinPositions(pins), perEpoch: perEpoch)
    print(
        "| camera | live views | CPU an epoch, nobody watching ms | \(watchers) watching ms "
            + "| a watcher's frame ms | frames | frame bytes p50 |")
    print("|---|---|---|---|---|---|---|")
    for zoom in zooms {
        let alone = try feed.run(epochs, into: app.world, watchers: [])
        let sessions = (0..<watchers).map { i -> EpochWatcher in
            let latitude = 48 + 0.1 * Double(i % 5), longitude = 8 + 0.1 * Double(i / 5)
            let hash = String(format: "#%d/%.2f/%.2f", zoom, latitude, longitude)
            return EpochWatcher(id: UInt32(i + 1), world: app.world, hash: hash)
        }
        let watched = try feed.run(epochs, into: app.world, watchers: sessions)
        let frames = sessions.reduce(0) { $0 + $1.frames }
        let bytes = sessions[0].bytes.sorted()
        print(
            String(
                format: "| #%d/48/8 | %d | %.3f | %.3f | %.3f | %d | %d |", zoom, sessions[0].liveViews,
                alone / Double(epochs) * 1e3, watched / Double(epochs) * 1e3,
                (watched - alone) / Double(max(frames, 1)) * 1e3, frames,
                bytes.isEmpty ? 0 : bytes[bytes.count / 2]))
        for w in sessions { w.session.disconnected() }
    }
}

/// The feed of `frames-epoch`: moves round the pins, a random step each.
struct EpochFeed {
    var positions: [(latitude: Double, longitude: Double)]
    let perEpoch: Int
    var next = 0
    /// A fixed-seed generator: the system's asks the kernel for every number.
    var random = SplitMix(seed: 7)

    mutating func batch() -> [Move] {
        (0..<perEpoch).map { _ in
            let i = next % positions.count
            next += 1
            var p = positions[i]
            p.latitude = min(max(p.latitude + .random(in: -0.05...0.05, using: &random), 36), 60)
            p.longitude = min(max(p.longitude + .random(in: -0.05...0.05, using: &random), -10), 30)
            positions[i] = p
            return Move(id: "cl-\(i)", coordinate: Coordinate(latitude: p.latitude, longitude: p.longitude))
        }
    }

    /// Applies and publishes `epochs` batches, waiting for every watcher's
    /// frame after each; returns the process's CPU seconds for all of it.
    mutating func run(_ epochs: Int, into world: World, watchers: [EpochWatcher]) throws -> Double {
        let t0 = processCPUTime()
        for _ in 0..<epochs {
            try world.store.apply(batch())
            world.store.publishClusters()
            for w in watchers { w.takeFrame() }
        }
        return processCPUTime() - t0
    }
}

/// One watching session and what it was sent.
final class EpochWatcher {
    /// Read once: the environment copied for every frame was a part of what the benchmark charged the frames.
    static let printsOps = ProcessInfo.processInfo.environment["EPOCH_OPS"] != nil

    let session: MapSession
    let out = NullOutput()
    private var acked: UInt32 = 1
    private(set) var frames = 0
    private(set) var bytes: [Int] = []

    init(id: UInt32, world: World, hash: String) {
        session = MapSession(id: id, world: world, output: out, ticksAutomatically: false)
        session.sync {
            session.handle(
                ClientMessage.hello(
                    version: 1, size: Size(width: 1280, height: 800), devicePixelRatio: 1,
                    hash: hash
                ).encoded())
        }
        session.receive(ClientMessage.ack(frame: 1).encoded())
        session.sync { out.messages.removeAll() }
    }

    var liveViews: Int { session.sync { session.reuseCounts?.live ?? 0 } }

    /// Waits for the frame the last epoch woke this session for, and acknowledges it.
    func takeFrame() {
        let sent = session.sync { out.messages }
        session.sync { out.messages.removeAll(keepingCapacity: true) }
        guard !sent.isEmpty else { return }
        frames += sent.count
        bytes += sent.map(\.count)
        acked += UInt32(sent.count)
        session.receive(ClientMessage.ack(frame: acked).encoded())
        if Self.printsOps, session.id == 1, frames <= 20,
            case let .frame(_, _, ops)? = try? FrameDecoder.decode(sent[sent.count - 1])
        {
            var kinds: [String: Int] = [:]
            for op in ops {
                kinds[String("\(op)".prefix { $0 != "(" }), default: 0] += 1
                if case let .accessibility(list) = op { kinds["a11y elements", default: 0] += list.count }
                if case let .patch(_, properties) = op {
                    for p in properties { kinds["patch." + String("\(p)".prefix { $0 != "(" }), default: 0] += 1 }
                }
            }
            print(kinds.sorted { $0.key < $1.key })
        }
    }
}
