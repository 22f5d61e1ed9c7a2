// mapwire-load: opens N sessions against a running server, pans some, feeds
// M moves a second through the feed WebSocket, and reports event-to-frame
// latency, frames and bytes per second and the server's memory per session.
// Loopback only. Example (docs/performance.md):
//   .build/release/mapwire-load --port 8080 --sessions 1000 --panning 100 --moves 10000 --duration 10 --pid <server pid>
// With a large clustered world (imported as NDJSON, sessions spread over zooms 2-12 above it):
//   .build/release/mapwire-load --clustered 1000000 --annotations 0 --spread-zooms 2-12 --join-probes 200 ...
import ArgumentParser
import Foundation
import Logging
import MapGeometry
import MapWireServer
import SessionTransport
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .warning
    return handler
}

/// The load to make; `mapwire-load --help` lists it.
struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapwire-load",
        abstract: "Opens sessions against a running MapWire on loopback, pans some, feeds moves, reports latency.")
    @Option(help: "Port of the running server on 127.0.0.1.") var port = 8080
    @Option(help: "Browser sessions to open.") var sessions = 100
    @Option(help: "Sessions that pan continuously.") var panning = 10
    @Option(help: "Sessions that watch the moving pins.") var watchers = 100
    @Option(help: "Moves a second fed through /feed.") var moves = 1000
    @Option(help: "Pins added through the API before the run.") var annotations = 1000
    @Option(help: "Clustered pins over Europe added by NDJSON import before the run (moves go to them too).")
    var clustered = 0
    @Option(help: "Features per NDJSON import request.") var importBatch = 100_000
    @Option(help: "Zooms (\"2-12\") the panning and idle sessions are spread over, above the clustered pins.")
    var spreadZooms: String?
    @Option(help: "Sessions joined one at a time after the idle measurement, timing HELLO to first frame.")
    var joinProbes = 0
    @Option(help: "Seconds to run.") var duration = 10.0
    @Option(help: "Zoom of the watching sessions.") var watchZoom = 8.0
    @Option(
        help:
            "Where the panning and idle sessions look (\"#15/60.1699/24.9384\": central Helsinki's streets), each a few hundred pixels from the next; default: South America and the Pacific."
    )
    var camera: String?
    @Option(help: "The server's process id, to read its memory from /proc.") var pid: Int32?
    @Option(help: "Client I/O threads the sessions are spread over (browsers do not share one).") var ioThreads = 1
    @Option(help: "Bearer token for the API and /feed when the server has one (default: $MAPWIRE_API_TOKEN).")
    var token: String?
    @Option(help: "Seconds between timeline lines: the server's event-to-frame latency, moves applied (0: none).")
    var timeline = 0.0
    @Flag(help: "Ask for every batch's moves back in its answer (the API's default); without, answers are counts.")
    var echo = false
    @Flag(
        help:
            "Send every panning session's event at the same instant (a worst case no real crowd makes) instead of spreading them over the 16 ms."
    )
    var burst = false

    func validate() throws {
        if moves > 0, annotations + clustered == 0 {
            throw ValidationError("--moves needs pins to move: give --annotations or --clustered, or --moves 0")
        }
    }
}

let options = Options.parseOrExit()
let base = "http://127.0.0.1:\(options.port)"
let token = options.token ?? ProcessInfo.processInfo.environment["MAPWIRE_API_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }

func http(
    _ method: String, _ path: String, _ body: String? = nil,
    contentType: String = "application/json"
) -> (Int, String) {
    var request = URLRequest(url: URL(string: base + path)!)
    request.httpMethod = method
    request.timeoutInterval = 300
    request.httpBody = body.map { Data($0.utf8) }
    if body != nil { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    let result = Mutex<(Int, String)>((0, ""))
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: request) { data, response, _ in
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        result.withLock { $0 = (status, String(decoding: data ?? Data(), as: UTF8.self)) }
        done.signal()
    }.resume()
    done.wait()
    return result.withLock { $0 }
}

/// Prometheus samples by name (with labels), from `/metrics`.
func metrics() -> [String: Double] {
    var out: [String: Double] = [:]
    var text = ""
    for _ in 0..<5 where text.isEmpty {
        let (status, body) = http("GET", "/metrics")
        if status == 200 { text = body } else { sleep(1) }
    }
    if text.isEmpty { print("warning: /metrics did not answer") }
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
        let parts = line.split(separator: " ")
        if parts.count == 2, let v = Double(parts[1]) { out[String(parts[0])] = v }
    }
    return out
}

func rssKB(_ pid: Int32?) -> Int? {
    guard let pid, let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
    return Int(line.split(separator: " ").dropFirst().first ?? "")
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
}

/// The cumulative buckets (upper bound, count) of the delta of a Prometheus histogram.
func histogramBuckets(_ before: [String: Double], _ after: [String: Double], _ name: String) -> [(Double, Double)] {
    after.keys.filter { $0.hasPrefix(name + "_bucket{le=\"") }
        .compactMap { key -> (Double, Double)? in
            let le = key.dropFirst(name.count + 12).dropLast(2)
            let bound = le == "+Inf" ? Double.infinity : Double(le) ?? .nan
            return (bound, (after[key] ?? 0) - (before[key] ?? 0))
        }.sorted { $0.0 < $1.0 }
}

/// p-quantile upper bound from the delta of a Prometheus histogram.
func histogramQuantile(_ before: [String: Double], _ after: [String: Double], _ name: String, _ p: Double) -> String {
    let buckets = histogramBuckets(before, after, name)
    guard let total = buckets.last?.1, total > 0 else { return "n/a" }
    let bound = buckets.first { $0.1 >= p * total }?.0 ?? .infinity
    return bound.isInfinite ? "> 1 s" : "<= \(bound * 1000) ms"
}

/// The mean of a histogram's delta, from its sum and count: the buckets
/// are too coarse to tell a millisecond between two builds' stages.
func histogramMean(_ before: [String: Double], _ after: [String: Double], _ name: String) -> String {
    let count = (after[name + "_count"] ?? 0) - (before[name + "_count"] ?? 0)
    guard count > 0 else { return "n/a" }
    let sum = (after[name + "_sum"] ?? 0) - (before[name + "_sum"] ?? 0)
    return String(format: "%.2f ms", sum / count * 1000)
}

/// The percentage of a histogram's delta at or under `bound` seconds (one of its bucket bounds).
func histogramShare(_ before: [String: Double], _ after: [String: Double], _ name: String, within bound: Double)
    -> String
{
    let buckets = histogramBuckets(before, after, name)
    guard let total = buckets.last?.1, total > 0, let within = buckets.first(where: { $0.0 == bound })?.1 else {
        return "n/a"
    }
    return String(format: "%.2f %%", within / total * 100)
}

// 1. Annotations to move: a grid over Europe.
var ids: [String] = []
var positions: [(Double, Double)] = []
for i in 0..<options.annotations {
    let lat = 40 + Double(i % 40) * 0.4, lon = -5 + Double(i / 40 % 60) * 0.45
    let id = "load-\(i)"
    let (status, body) = http(
        "POST", "/api/annotations",
        "{\"id\":\"\(id)\",\"title\":\"Load \(i)\",\"latitude\":\(lat),\"longitude\":\(lon)}")
    guard status == 201 || status == 409 else { fatalError("adding \(id): \(status) \(body)") }
    ids.append(id)
    positions.append((lat, lon))
}

if options.clustered > 0 {
    ClusteredPins.importAll(count: options.clustered, batch: options.importBatch) {
        http("POST", $0, $1, contentType: $2)
    }
    ids.reserveCapacity(ids.count + options.clustered)
    positions.reserveCapacity(positions.count + options.clustered)
    for i in 0..<options.clustered {
        ids.append(ClusteredPins.id(i))
        positions.append(ClusteredPins.position(i))
    }
    sleep(3) // the epoch publishes and the store file catches up before the memory baseline
}
/// `camera` (`#zoom/lat/lon`) moved by up to half a screen, so that session `i` and the next do not see the
/// same view; unchanged when it is not a camera.
func spreadCamera(_ camera: String, _ i: Int) -> String {
    let parts = camera.dropFirst(camera.hasPrefix("#") ? 1 : 0).split(separator: "/").compactMap { Double($0) }
    guard parts.count == 3 else { return camera }
    // Degrees in 640 px at this zoom: half a 1280 px screen.
    let degrees = 640 / (256 * pow(2, parts[0])) * 360
    let lat = parts[1] + (Double(i % 7) / 7 - 0.5) * degrees / 2, lon = parts[2] + (Double(i % 11) / 11 - 0.5) * degrees
    return String(format: "#%g/%.5f/%.5f", parts[0], lat, lon)
}

let spread = options.spreadZooms.map { text -> ClosedRange<Int> in
    guard let zooms = ClusteredPins.zooms(text) else { fatalError("--spread-zooms: expected two zooms like 2-12") }
    return zooms
}

// 2. Sessions: the first `panning` pan over South America (#4/-20/-60, a few people), the
// next `watchers` look at Europe where the pins move, the rest at the Pacific.
let rssBefore = rssKB(options.pid)
let clients = try (0..<max(options.ioThreads, 1)).map { _ in
    try WebSocketClient(limits: .init(maxMessageBytes: 16 << 20))
}
let client = clients[0]
let totals = LoadTotals()
let sessions = Mutex<[LoadSession]>([])

/// Opens sessions `range` (50 at a time) and waits until each has its first frame and they settle.
func openSessions(_ range: Range<Int>) {
    for i in range {
        let watching = i >= options.panning && i < options.panning + options.watchers
        let hash =
            watching
            ? "#\(options.watchZoom)/48/8"
            : options.camera.map { spreadCamera($0, i) } ?? spread.map { ClusteredPins.hash(i, zooms: $0) }
                ?? (i < options.panning ? "#4/-20/-60" : "#5/\(-20 + i % 40)/\(-170 + i % 50)")
        let onFailure: @Sendable (String) -> Void = { print("connect failed: \($0)") }
        clients[i % clients.count].connect(port: options.port, onFailure: onFailure) { output in
            let s = LoadSession(output: output, hash: hash, totals: totals)
            sessions.withLock { $0.append(s) }
            return s
        }
        if i % 50 == 49 { while totals.welcomed.load(ordering: .relaxed) < i - 100 { usleep(1000) } }
    }
    let connectDeadline = now() + 60
    while totals.welcomed.load(ordering: .relaxed) < range.upperBound && now() < connectDeadline { usleep(10_000) }
    // Every session's first frame in before RSS is read (a crowd's first frames queue behind one another).
    let framesDeadline = now() + 180
    func waitingForFirstFrames() -> Bool {
        let open = totals.welcomed.load(ordering: .relaxed) - totals.closed.load(ordering: .relaxed)
        return totals.joins.withLock { $0.count } < open
    }
    while waitingForFirstFrames() && now() < framesDeadline { usleep(10_000) }
    sleep(5) // first frames settle, and sessions that show the same frame for 2 s rest
}

// RSS is read after the first half too: the first sessions reuse memory the import freed, so the
// second half's growth is the steadier figure for what one more idle session costs.
let half = options.sessions >= 200 ? options.sessions / 2 : 0
openSessions(0..<half)
let halfConnected = totals.welcomed.load(ordering: .relaxed)
let rssHalf = half > 0 ? rssKB(options.pid) : nil
openSessions(half..<options.sessions)
let connected = totals.welcomed.load(ordering: .relaxed)
let rssIdle = rssKB(options.pid)
print("sessions connected: \(connected) of \(options.sessions)")
if let rssBefore, let rssIdle {
    print(
        "server RSS: \(rssBefore / 1024) MB before, \(rssIdle / 1024) MB with \(connected) idle sessions: "
            + "\((rssIdle - rssBefore) / max(connected, 1)) KB per session")
}
if let rssHalf, let rssIdle, connected > halfConnected {
    print(
        "server RSS: \(rssHalf / 1024) MB with \(halfConnected) idle sessions, "
            + "\(rssIdle / 1024) MB with \(connected): "
            + "\((rssIdle - rssHalf) / (connected - halfConnected)) KB per session added")
}
let connectJoins = totals.joins.withLock { $0 }
print(
    String(
        format: "join while connecting %d sessions (50 at a time), HELLO to first frame: "
            + "p50 %.2f ms, p99 %.2f ms", connectJoins.count, percentile(connectJoins, 0.5) * 1000,
        percentile(connectJoins, 0.99) * 1000))
if options.joinProbes > 0 {
    // One at a time, each waiting for its first frame: a join on a server that is otherwise idle.
    var probes: [Double] = []
    for i in 0..<options.joinProbes {
        let had = totals.joins.withLock { $0.count }
        let hash = ClusteredPins.hash(options.sessions + i, zooms: spread ?? 2...12)
        let failed: @Sendable (String) -> Void = { print("connect failed: \($0)") }
        clients[i % clients.count].connect(port: options.port, onFailure: failed) { output in
            LoadSession(output: output, hash: hash, totals: totals)
        }
        let deadline = now() + 10
        while totals.joins.withLock({ $0.count }) == had && now() < deadline { usleep(200) }
        if let last = totals.joins.withLock({ $0.count > had ? $0.last : nil }) { probes.append(last) }
    }
    print(
        String(
            format: "join one at a time (%d of %d probes answered), HELLO to first frame: p50 %.2f ms, "
                + "p99 %.2f ms, max %.2f ms", probes.count, options.joinProbes, percentile(probes, 0.5) * 1000,
            percentile(probes, 0.99) * 1000, (probes.max() ?? .nan) * 1000))
}

// 3. Load: panning sessions send a pointer event every 16 ms; the feed sends 125 batches a second.
let feedBox = Mutex<FeedProducer?>(nil)
client.connect(
    port: options.port, path: "/feed", subprotocol: "mapwire.feed.v1", bearerToken: token,
    onFailure: {
        print("feed connect failed: \($0)")
        exit(1)
    }
) { output in
    let f = FeedProducer(output: output, echo: options.echo)
    feedBox.withLock { $0 = f }
    return f
}
while feedBox.withLock({ $0 }) == nil { usleep(1000) }
let feed = feedBox.withLock { $0 }!
let all = sessions.withLock { $0 }
let panners = Array(all.prefix(options.panning))
let before = metrics()
let framesBefore = totals.frames.load(ordering: .relaxed), bytesBefore = totals.bytes.load(ordering: .relaxed)
totals.latencies.withLock { $0.removeAll() }
let start = now()
var tick = 0
var batchesSent = 0
var batchesSkipped = 0
var next = 0
// One batch per 8 ms step (125 a second).
let perBatch = max(options.moves / 125, 1)
// Seeded: the system generator is a getrandom call per number, a fifth of this tool's CPU at 100,000 moves a second.
var random = SplitMix(seed: 0x4D61_7057_6972_6546)
// Independent users do not move their pointers in step: each panning session
// sends every 16 ms, at its own offset into the period.
let panThread = Thread {
    guard !options.burst, !panners.isEmpty else { return }
    let period = 0.016
    var step = 0
    while now() - start < options.duration {
        for (i, p) in panners.enumerated() {
            let wait = start + (Double(step) + Double(i) / Double(panners.count)) * period - now()
            if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
            p.panStep()
        }
        step += 1
    }
}
panThread.start()
// A busy second stands out in a timeline where the run's totals would average it away (the store's passes
// over its move log, a slow minute of the machine).
let timelineThread = Thread {
    guard options.timeline > 0 else { return }
    var (last, lastAt) = (before, start)
    var mark = start
    // Whole intervals within the run only: a line after it would land among the run's totals.
    while mark + options.timeline <= start + options.duration + 1e-6 {
        mark += options.timeline
        let wait = mark - now()
        if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
        let sample = metrics()
        let at = now()
        let name = "mapwire_event_to_frame_seconds"
        let applied = (sample["mapwire_moves_applied_total"] ?? 0) - (last["mapwire_moves_applied_total"] ?? 0)
        print(
            String(format: "timeline %5.1f s: ", at - start) + "event to frame p50 "
                + histogramQuantile(last, sample, name, 0.5) + ", p99 " + histogramQuantile(last, sample, name, 0.99)
                + ", within 33 ms " + histogramShare(last, sample, name, within: 0.033)
                + String(format: "; moves applied %.0f/s", applied / (at - lastAt)))
        (last, lastAt) = (sample, at)
    }
}
timelineThread.start()
while now() - start < options.duration {
    tick += 1
    // Backpressure: a feed more than 16 batches ahead of its answers waits
    // (the transport would close a producer whose queue overflows).
    if options.moves > 0, batchesSent - feed.answers.load(ordering: .relaxed) > 16 {
        batchesSkipped += 1
    } else if options.moves > 0 {
        batchesSent += 1
        var batch: [(id: String, latitude: Double, longitude: Double)] = []
        batch.reserveCapacity(perBatch)
        for _ in 0..<perBatch {
            let i = next % ids.count
            next += 1
            positions[i].0 = min(max(positions[i].0 + Double.random(in: -0.05...0.05, using: &random), 36), 60)
            positions[i].1 = min(max(positions[i].1 + Double.random(in: -0.05...0.05, using: &random), -10), 30)
            batch.append((ids[i], positions[i].0, positions[i].1))
        }
        feed.send(batch)
    }
    if options.burst, tick % 2 == 0 { for p in panners { p.panStep() } }
    let target = start + Double(tick) * 0.008
    let wait = target - now()
    if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
}
let elapsed = now() - start
sleep(1) // drain answers and frames in flight
let after = metrics()
let frames = totals.frames.load(ordering: .relaxed) - framesBefore
let bytes = totals.bytes.load(ordering: .relaxed) - bytesBefore
let latencies = totals.latencies.withLock { $0 }
let applied = (after["mapwire_moves_applied_total"] ?? 0) - (before["mapwire_moves_applied_total"] ?? 0)

print(
    String(
        format: "ran %.1f s: %d sessions (%d panning, %d watching the moved pins), feed %d moves/s asked",
        elapsed, connected, panners.count, min(options.watchers, connected), options.moves))
print(
    String(
        format:
            "moves applied by the server: %.0f (%.0f/s); batches sent %d, held back %d (server behind), answers %d, errors %d",
        applied, applied / elapsed, batchesSent, batchesSkipped, feed.answers.load(ordering: .relaxed),
        feed.errors.load(ordering: .relaxed)))
let acknowledgements = feed.acknowledgementLatencies
if !acknowledgements.isEmpty {
    print(
        String(
            format: "feed batch to its answer (%d batches): p50 %.2f ms, p99 %.2f ms", acknowledgements.count,
            percentile(acknowledgements, 0.5) * 1000, percentile(acknowledgements, 0.99) * 1000))
}
print(
    String(
        format: "frames received: %d (%.0f/s), %.1f MB (%.2f MB/s)", frames, Double(frames) / elapsed,
        Double(bytes) / 1e6, Double(bytes) / 1e6 / elapsed))
print(
    String(
        format: "pan event to frame received (client side, %d events): p50 %.2f ms, p99 %.2f ms",
        latencies.count, percentile(latencies, 0.5) * 1000, percentile(latencies, 0.99) * 1000))
print(
    "server event-to-frame histogram (inputs and moves, delta over the run): p50 "
        + histogramQuantile(before, after, "mapwire_event_to_frame_seconds", 0.5) + ", p99 "
        + histogramQuantile(before, after, "mapwire_event_to_frame_seconds", 0.99) + "; within 33 ms: "
        + histogramShare(before, after, "mapwire_event_to_frame_seconds", within: 0.033) + "; mean "
        + histogramMean(before, after, "mapwire_event_to_frame_seconds"))
// Where a clustered move's time goes: waiting for its epoch's merge, the merge, the map's turn to draw.
let stages = [
    ("waiting for the merge", "mapwire_cluster_epoch_wait_seconds"),
    ("merging", "mapwire_cluster_merge_seconds"),
    ("epoch published to frame", "mapwire_cluster_epoch_to_frame_seconds"),
]
if histogramBuckets(before, after, stages[1].1).last.map({ $0.1 > 0 }) ?? false {
    print(
        "clustered moves' stages (server histograms): "
            + stages.map { label, name in
                let (p50, p99) = (
                    histogramQuantile(before, after, name, 0.5), histogramQuantile(before, after, name, 0.99)
                )
                return "\(label) p50 \(p50), p99 \(p99), mean \(histogramMean(before, after, name))"
            }.joined(separator: "; "))
}
if let rss = rssKB(options.pid) { print("server RSS after the run: \(rss / 1024) MB") }
print("sessions closed by the server during the run: \(totals.closed.load(ordering: .relaxed))")
for c in clients { c.shutdown() }
