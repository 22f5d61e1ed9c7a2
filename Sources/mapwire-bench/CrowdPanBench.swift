// Pan frames of many sessions taking turns over a large clustered world
// (`mapwire-bench frames-crowd`), for docs/performance.md "Pan frames in a
// crowd": one session panning alone keeps its views and
// renders in the processor's caches, a hundred panning in turns do not.
import Foundation
import InputEvents
import LiveWorld
import MapGeometry
import MapHTTPAPI
import MapSession
import SessionTransport
import ViewKit
import Wire

/// `mapwire-bench frames-crowd [steps] [pins] [sessions] [zooms]`: `sessions`
/// sessions look at `#Z/48/8` over `pins` clustered pins and take turns to
/// drag the map a few pixels, `steps` drags each; every drag is one frame.
/// Prints the drags' time (each drag's handling, from decoding it to the
/// encoded frame: every drag but a session's first makes one) and the
/// process's CPU time per drag, acknowledgements included.
func runCrowdPans(_ arguments: ArraySlice<String>) throws {
    let steps = Int(arguments.first ?? "") ?? 100
    let pins = Int(arguments.dropFirst().first ?? "") ?? 1_000_000
    let count = Int(arguments.dropFirst(2).first ?? "") ?? 100
    let zooms = arguments.dropFirst(3).first.map { $0.split(separator: ",").compactMap { Int($0) } } ?? [4, 8]
    let app = try memoryBenchApp(pins: 0)
    importClusteredPins(pins, into: app)
    print("| camera | sessions | live views a session | drag p50 ms | drag p99 ms | CPU a drag ms | frames |")
    print("|---|---|---|---|---|---|---|")
    for zoom in zooms {
        let panners = (0..<count).map { PanningSession(id: UInt32($0 + 1), world: app.world, hash: "#\(zoom)/48/8") }
        var times: [Double] = []
        times.reserveCapacity(steps * count)
        let cpu = processCPUTime()
        for step in 0..<steps {
            for panner in panners { times.append(panner.drag(step).seconds) }
        }
        let perDrag = (processCPUTime() - cpu) / Double(max(times.count, 1))
        let frames = panners.reduce(0) { $0 + $1.frames }
        print(
            String(
                format: "| #%d/48/8 | %d | %d | %.3f | %.3f | %.3f | %d |", zoom, count, panners[0].liveViews,
                percentile(times, 0.5) * 1e3, percentile(times, 0.99) * 1e3, perDrag * 1e3, frames))
    }
}

/// A session that drags the map back and forth, a frame a drag (the pan
/// benchmarks, one session alone or a crowd in turns).
final class PanningSession {
    let session: MapSession
    private let out = NullOutput()
    private var seq: UInt32 = 1
    private var acked: UInt32 = 1
    private var x = 640.0, dx = 3.0
    private(set) var frames = 0
    /// The bytes of the session's first frame.
    let firstFrameBytes: Int

    init(id: UInt32, world: World, hash: String) {
        session = MapSession(id: id, world: world, output: out, clock: ManualClock(), ticksAutomatically: false)
        session.handle(
            ClientMessage.hello(
                version: 1, size: Size(width: 1280, height: 800), devicePixelRatio: 1,
                hash: hash
            ).encoded())
        firstFrameBytes = out.messages.count > 1 ? out.messages[1].count : 0
        session.handle(ClientMessage.ack(frame: 1).encoded())
        session.handle(
            ClientMessage.pointer(
                seq: seq,
                PointerEvent(
                    phase: .down, location: Point(x: x, y: 400),
                    time: 0)
            ).encoded())
        out.messages.removeAll()
    }

    var liveViews: Int { session.reuseCounts?.live ?? 0 }

    /// One drag of a few pixels: the seconds its handling took (from
    /// decoding it to the encoded frame) and the bytes of the frame it made,
    /// which is then acknowledged.
    func drag(_ step: Int) -> (seconds: Double, frameBytes: Int?) {
        seq += 1
        x += dx
        if x > 1100 || x < 180 { dx = -dx }
        let message = ClientMessage.pointer(
            seq: seq,
            PointerEvent(
                phase: .moved, location: Point(x: x, y: 400),
                time: Double(step) * 0.016)
        ).encoded()
        let t0 = now()
        session.handle(message)
        let seconds = now() - t0
        guard let last = out.messages.last else { return (seconds, nil) }
        frames += out.messages.count
        acked += UInt32(out.messages.count)
        out.messages.removeAll(keepingCapacity: true)
        session.handle(ClientMessage.ack(frame: acked).encoded())
        return (seconds, last.count)
    }
}
