import DisplayList
import Foundation
import InputEvents
import MapGeometry
import SampleApps
import SessionTransport
import Synchronization
import ViewKit
import Wire

@testable import LiveWorld
@testable import MapSession

/// Collects what a session sends, in place of a socket.
final class RecordingOutput: SessionOutput {
    let sent = Mutex<[[UInt8]]>([])
    let closed = Mutex<(code: WebSocketCloseCode, reason: String)?>(nil)
    func send(_ message: [UInt8]) { sent.withLock { $0.append(message) } }
    func close(code: WebSocketCloseCode, reason: String) { closed.withLock { $0 = (code, reason) } }
}

/// The repository root, found from this file's path.
let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The samples' data, loaded once.
let sampleContent: SampleContent = {
    do {
        return try SampleContent.load(
            dataDirectory: repoRoot.appendingPathComponent("fixtures"),
            publicDirectory: repoRoot.appendingPathComponent("Public"))
    } catch {
        fatalError("sample content: \(error)")
    }
}()

/// Both samples, plugged in as `mapwire` plugs them in by default.
let sampleApp = SampleMapApp(content: sampleContent)

/// The service `mapwire` runs, with both samples and a world kept in memory only; the caller shuts it down.
func inMemoryService() throws -> MapService {
    try MapService(app: sampleApp, options: inMemoryOptions())
}

/// The options of `inMemoryService()`.
func inMemoryOptions() -> MapService.Options {
    .init(
        dataDirectory: repoRoot.appendingPathComponent("fixtures"),
        publicDirectory: repoRoot.appendingPathComponent("Public"),
        storePath: ":memory:")
}

/// Loaded once: fonts, base map and the samples' world, as `mapwire` loads them.
let sharedWorld: World = {
    do {
        return try World.load(
            dataDirectory: repoRoot.appendingPathComponent("fixtures"),
            publicDirectory: repoRoot.appendingPathComponent("Public"), app: sampleApp)
    } catch {
        fatalError("test world: \(error)")
    }
}()

/// A session driven synchronously with a stepped clock, and a replica of what
/// its browser would hold.
final class SessionHarness {
    let output = RecordingOutput()
    let clock = ManualClock(now: 100)
    let session: MapSession
    var replica: SceneReplica
    var seq: UInt32 = 0
    var frames: [(number: UInt32, inputSeq: UInt32, ops: [FrameOp])] = []
    private var consumed = 0
    var time = 1000.0

    init(
        size: Size = Size(width: 1280, height: 800), hash: String = "#4/20/0", world: World = sharedWorld,
        id: UInt32 = 1, frameTiming: (any FrameTimingObserver)? = nil, embedOrigins: [String] = [],
        colorScheme: PreferredColorScheme = .unknown, style: String = ""
    ) {
        session = MapSession(
            id: id, world: world, output: output, frameTiming: frameTiming, clock: clock,
            ticksAutomatically: false, embedOrigins: embedOrigins)
        replica = SceneReplica(viewport: size)
        send(.hello(version: 1, size: size, devicePixelRatio: 1, hash: hash, colorScheme: colorScheme, style: style))
    }

    /// Sends a client message, lets the session handle it, acks every new frame.
    func send(_ message: ClientMessage) {
        session.sync { session.handle(message.encoded()) }
        drain()
    }

    func sendRaw(_ bytes: [UInt8]) {
        session.sync { session.handle(bytes) }
        drain()
    }

    func nextSeq() -> UInt32 {
        seq += 1
        return seq
    }

    /// Decodes and applies new frames, acknowledging each as a painter would.
    func drain() {
        while let bytes = output.sent.withLock({ consumed < $0.count ? $0[consumed] : nil }) {
            consumed += 1
            guard case let .frame(number, inputSeq, ops)? = try? FrameDecoder.decode(bytes) else { continue }
            frames.append((number, inputSeq, ops))
            replica.now = clock.now
            replica.apply(ops)
            session.sync { session.handle(ClientMessage.ack(frame: number).encoded()) }
        }
    }

    func pointer(_ phase: PointerEvent.Phase, _ p: Point, id: UInt32 = 1) {
        time += 50
        send(.pointer(seq: nextSeq(), PointerEvent(phase: phase, pointerID: id, location: p, time: time / 1000)))
    }

    func click(_ p: Point) {
        pointer(.down, p)
        pointer(.up, p)
    }

    func key(_ key: String, modifiers: Modifiers = []) {
        send(.key(seq: nextSeq(), KeyEvent(phase: .down, key: key, modifiers: modifiers)))
    }

    /// Steps the clock and ticks the session until animations finish.
    func settle(seconds: Double = 2) {
        var t = 0.0
        while t < seconds {
            clock.advance(by: 1.0 / 60)
            t += 1.0 / 60
            session.sync { session.tick() }
            drain()
        }
        replica.now = clock.now
    }

    /// Centre of the mirror element named `name` on screen, as drawn now
    /// (a pin on a glide part of the way there).
    func center(of name: String) -> Point? {
        replica.now = clock.now
        guard let e = replica.element(named: name), let r = replica.screenBounds(of: e.item) else { return nil }
        return r.center
    }

    /// A pin (its title and centre) with room for a callout above it and at its sides.
    func pinInOpenSpace() -> (name: String, center: Point)? {
        for e in replica.accessibility where e.role == .button {
            guard let r = replica.screenBounds(of: e.item) else { continue }
            if r.midY > 300 && r.midY < 700 && r.midX > 250 && r.midX < replica.viewport.width - 250 {
                return (e.name, r.center)
            }
        }
        return nil
    }

    var camera: Camera {
        let c = replica.camera
        return Camera(center: Point(x: c.centerX, y: c.centerY), zoom: c.zoom)
    }
}
