import Foundation
import InputEvents
import MapGeometry
import SessionTransport
import Synchronization
import Wire

/// Seconds on the monotonic clock.
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// What every simulated browser adds up.
final class LoadTotals: Sendable {
    let frames = Atomic<Int>(0)
    let bytes = Atomic<Int>(0)
    let welcomed = Atomic<Int>(0)
    let closed = Atomic<Int>(0)
    /// Client-side event-to-frame latencies (send of an input to receipt of the frame that reflects it).
    let latencies = Mutex<[Double]>([])
    /// Joins: send of each session's HELLO to receipt of its first frame.
    let joins = Mutex<[Double]>([])
}

/// One simulated browser tab: says hello, acknowledges every frame as the
/// painter does, and (when panning) times each pointer event to the first
/// frame whose input sequence number covers it.
final class LoadSession: SessionConnection, Sendable {
    struct State {
        var seq: UInt32 = 0
        var sentAt: [UInt32: Double] = [:]
        var dragX = 640.0
        var step = 0
        /// When the HELLO went, until the first frame came.
        var helloAt: Double?
    }

    let output: SessionOutput
    let totals: LoadTotals
    let state = Mutex(State())

    init(output: SessionOutput, hash: String, totals: LoadTotals) {
        self.output = output
        self.totals = totals
        state.withLock { $0.helloAt = now() }
        output.send(
            ClientMessage.hello(
                version: 1, size: Size(width: 1280, height: 800), devicePixelRatio: 1,
                hash: hash
            ).encoded())
    }

    func receive(_ message: [UInt8]) {
        guard let op = message.first else { return }
        if op == 0x01 {
            totals.welcomed.add(1, ordering: .relaxed)
            return
        }
        guard op == 0x02, message.count >= 9 else { return }
        totals.frames.add(1, ordering: .relaxed)
        totals.bytes.add(message.count, ordering: .relaxed)
        let number = UInt32(message[1]) | UInt32(message[2]) << 8 | UInt32(message[3]) << 16 | UInt32(message[4]) << 24
        let inputSeq =
            UInt32(message[5]) | UInt32(message[6]) << 8 | UInt32(message[7]) << 16 | UInt32(message[8]) << 24
        let t = now()
        let (done, joined): ([Double], Double?) = state.withLock { s in
            let joined = s.helloAt.map { t - $0 }
            s.helloAt = nil
            let covered = s.sentAt.filter { $0.key <= inputSeq }
            for k in covered.keys { s.sentAt[k] = nil }
            return (covered.values.map { t - $0 }, joined)
        }
        if let joined { totals.joins.withLock { $0.append(joined) } }
        if !done.isEmpty { totals.latencies.withLock { $0.append(contentsOf: done) } }
        output.send(ClientMessage.ack(frame: number).encoded())
    }

    func disconnected() {
        totals.closed.add(1, ordering: .relaxed)
    }

    /// One step of a pan: press, drag 60 px in 12 moves, release, repeat.
    func panStep() {
        let message: ClientMessage = state.withLock { s in
            s.seq += 1
            let phase: PointerEvent.Phase
            switch s.step % 14 {
            case 0:
                phase = .down
                s.dragX = 640
            case 13: phase = .up
            default:
                phase = .moved
                s.dragX += s.step % 28 < 14 ? 5 : -5
            }
            s.step += 1
            // Only moves change the picture at once: a press changes nothing and a
            // release starts inertia on the next display frame, so timing those would
            // measure the gap to the next event or tick, not the server.
            if phase == .moved { s.sentAt[s.seq] = now() }
            return .pointer(seq: s.seq, PointerEvent(phase: phase, location: Point(x: s.dragX, y: 400), time: now()))
        }
        output.send(message.encoded())
    }
}

/// A producer on the feed WebSocket: counts the moves the server says it
/// applied, and times each batch from its send to its answer (the server
/// answers once the batch is in its store file, in order).
final class FeedProducer: SessionConnection, Sendable {
    let output: SessionOutput
    let applied = Atomic<Int>(0)
    let answers = Atomic<Int>(0)
    let errors = Atomic<Int>(0)
    /// Send times of batches not answered yet, oldest first, and the answer times taken so far.
    private let timing = Mutex<(sent: [Double], head: Int, latencies: [Double])>(([], 0, []))

    /// Whether batches ask for their moves back in the answer (the API's
    /// default); without, each answer is the count (`"echo":false`).
    let echo: Bool

    init(output: SessionOutput, echo: Bool) {
        self.output = output
        self.echo = echo
    }

    /// Seconds from sending a batch to its answer, for every batch answered.
    var acknowledgementLatencies: [Double] { timing.withLock { $0.latencies } }

    func receive(_ message: [UInt8]) {
        let at = now()
        timing.withLock { t in
            guard t.head < t.sent.count else { return }
            t.latencies.append(at - t.sent[t.head])
            t.head += 1
            if t.head > 4096 {
                t.sent.removeFirst(t.head)
                t.head = 0
            }
        }
        answers.add(1, ordering: .relaxed)
        let text = String(decoding: message.prefix(40), as: UTF8.self)
        if text.hasPrefix("{\"applied\":"), let n = Int(text.dropFirst(11).prefix { $0.isNumber }) {
            applied.add(n, ordering: .relaxed)
        } else {
            errors.add(1, ordering: .relaxed)
        }
    }

    func disconnected() {}

    /// Sends one batch of moves as JSON text, coordinates with 7 decimals
    /// (about a centimetre) as a GPS feed sends them. Written as bytes:
    /// string interpolation of 17-digit doubles took much of this tool's
    /// CPU at a busy feed's rate, on the cores the server runs on.
    func send(_ moves: [(id: String, latitude: Double, longitude: Double)]) {
        var json: [UInt8] = []
        json.reserveCapacity(32 + moves.count * 64)
        json += (echo ? #"{"moves":["# : #"{"echo":false,"moves":["#).utf8
        for (i, m) in moves.enumerated() {
            if i > 0 { json.append(UInt8(ascii: ",")) }
            json += #"{"id":""#.utf8
            json += m.id.utf8
            json += #"","latitude":"#.utf8
            Self.appendFixed7(m.latitude, to: &json)
            json += #","longitude":"#.utf8
            Self.appendFixed7(m.longitude, to: &json)
            json.append(UInt8(ascii: "}"))
        }
        json += "]}".utf8
        timing.withLock { $0.sent.append(now()) }
        output.send(json)
    }

    /// `value` with exactly 7 decimals ("-9.0500000").
    static func appendFixed7(_ value: Double, to out: inout [UInt8]) {
        var units = Int((value * 10_000_000).rounded())
        if units < 0 {
            out.append(UInt8(ascii: "-"))
            units = -units
        }
        out += String(units / 10_000_000).utf8
        out.append(UInt8(ascii: "."))
        var fraction = units % 10_000_000
        let first = out.count
        out += repeatElement(UInt8(ascii: "0"), count: 7)
        for k in stride(from: first + 6, through: first, by: -1) {
            out[k] = UInt8(ascii: "0") + UInt8(fraction % 10)
            fraction /= 10
        }
    }
}
