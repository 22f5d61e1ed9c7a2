// Frame benchmarks for docs/performance.md. Run with `make bench`
// (`swift run -c release mapwire-bench`): release build, this machine.
import DisplayList
import Foundation
import InputEvents
import LiveWorld
import MapCore
import MapGeometry
import MapHTTPAPI
import MapSession
import SampleApps
import SessionTransport
import ViewKit
import Wire

final class NullOutput: SessionOutput, @unchecked Sendable {
    var messages: [[UInt8]] = []
    func send(_ message: [UInt8]) { messages.append(message) }
    func close(code: WebSocketCloseCode, reason: String) { print("closed: \(code) \(reason)") }
}

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
}

let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let baseContent = try SampleContent.load(
    dataDirectory: root.appendingPathComponent("fixtures"),
    publicDirectory: root.appendingPathComponent("Public"))
let base = try World.load(
    dataDirectory: root.appendingPathComponent("fixtures"),
    publicDirectory: root.appendingPathComponent("Public"),
    app: SampleMapApp(content: baseContent))

/// A world with `extra` synthetic people scattered in `region` (lat/lon box).
func world(extra: Int, region: (lat: ClosedRange<Double>, lon: ClosedRange<Double>)) throws -> World {
    var rng = SystemRandomNumberGenerator()
    let template = baseContent.people[0]
    var people = baseContent.people
    for i in 0..<extra {
        let c = Coordinate(
            latitude: Double.random(in: region.lat, using: &rng),
            longitude: Double.random(in: region.lon, using: &rng))
        people.append(
            Person(
                id: "bench-\(i)", name: "Bench \(i)", place: "Somewhere", continent: "Bench",
                coordinate: c, avatar: template.avatar, bio: "", wishes: ["A benchmark"]))
    }
    let content = try SampleContent(people: people, landmarks: baseContent.landmarks, images: baseContent.images)
    return World(fonts: base.fonts, baseMap: base.baseMap, app: SampleMapApp(content: content))
}

struct Result {
    let name: String
    let p50: Double, p99: Double, mean: Double
    let firstFrameBytes: Int, panFrameBytes: [Int], liveViews: Int
}

/// Opens a session at `hash`, then drags back and forth for `frames` frames,
/// timing each event from decode to encoded frame (query, layout, diff, encode).
func run(_ name: String, world: World, hash: String, frames: Int) -> Result {
    let panner = PanningSession(id: 1, world: world, hash: hash)
    var times: [Double] = []
    var bytes: [Int] = []
    for i in 0..<frames {
        let (seconds, frameBytes) = panner.drag(i)
        times.append(seconds)
        if let frameBytes { bytes.append(frameBytes) }
    }
    return Result(
        name: name, p50: percentile(times, 0.5) * 1e3, p99: percentile(times, 0.99) * 1e3,
        mean: times.reduce(0, +) / Double(times.count) * 1e3, firstFrameBytes: panner.firstFrameBytes,
        panFrameBytes: bytes, liveViews: panner.liveViews)
}

// `mapwire-bench clusters`: the clustering benchmarks of ClusterBench.swift instead.
if CommandLine.arguments.dropFirst().first == "clusters" {
    runClusterBenchmarks()
    exit(0)
}
// `mapwire-bench clusters-shared [--write-points FILE] [--points-only] [--sizes N,M]`: the store's
// shared clustering epochs (SharedClusterBench.swift).
if CommandLine.arguments.dropFirst().first == "clusters-shared" {
    try runSharedClusterBenchmarks(SharedClusterOptions(CommandLine.arguments.dropFirst(2)))
    exit(0)
}
// `mapwire-bench import [--points N] [--lines N] [--vertices N] [--runs N] [--only points|lines]`: GeoJSON and
// NDJSON imports through the API's handler into a store file (ImportBench.swift).
if CommandLine.arguments.dropFirst().first == "import" {
    try runImportBenchmark(ImportBenchOptions(CommandLine.arguments.dropFirst(2)))
    exit(0)
}
// `mapwire-bench store`: restoring a world from its store file (StoreBench.swift).
if CommandLine.arguments.dropFirst().first == "store" {
    try runStoreBenchmark(StoreBenchOptions(CommandLine.arguments.dropFirst(2)))
    exit(0)
}
// `mapwire-bench memory`: heap per idle session (MemoryBench.swift).
if CommandLine.arguments.dropFirst().first == "memory" {
    try runMemoryBenchmark(MemoryOptions(CommandLine.arguments.dropFirst(2)))
    exit(0)
}
// `mapwire-bench views [--pins N] [--sessions N] [--frames N] [--only TEXT]`: a session's cost over many
// pins without a clustering identifier (ViewBudgetBench.swift).
if CommandLine.arguments.dropFirst().first == "views" {
    try runViewBudgetBenchmark(ViewBudgetOptions(CommandLine.arguments.dropFirst(2)))
    exit(0)
}
// `mapwire-bench frames-clustered [frames] [pins]`: pan frames over a clustered world (SharedClusterBench.swift).
if CommandLine.arguments.dropFirst().first == "frames-clustered" {
    try runClusteredFrames(CommandLine.arguments.dropFirst(2))
    exit(0)
}
// `mapwire-bench frames-crowd [steps] [pins] [sessions] [zooms]`: sessions panning in turns (CrowdPanBench.swift).
if CommandLine.arguments.dropFirst().first == "frames-crowd" {
    try runCrowdPans(CommandLine.arguments.dropFirst(2))
    exit(0)
}
// `mapwire-bench overlays [lines] [vertices] [areas] [frames] [--world] [--country]`: frames over many lines and
// areas (OverlayBench.swift).
if CommandLine.arguments.dropFirst().first == "overlays" {
    try runOverlayFrames(CommandLine.arguments.dropFirst(2))
    exit(0)
}
// `mapwire-bench streets [frames]`: a street map's frames over Helsinki (StreetBench.swift).
if CommandLine.arguments.dropFirst().first == "streets" {
    try runStreetFrames(CommandLine.arguments.dropFirst(2))
    exit(0)
}
// `mapwire-bench street-tiles [runs] [archive]`: a new street tile read, decoded and styled (StreetTileBench.swift).
if CommandLine.arguments.dropFirst().first == "street-tiles" {
    try runStreetTiles(CommandLine.arguments.dropFirst(2))
    exit(0)
}
// `mapwire-bench trails [trails] [seconds] [watchers] [limit]`: trails growing while sessions watch (TrailBench.swift).
if CommandLine.arguments.dropFirst().first == "trails" {
    try runTrails(CommandLine.arguments.dropFirst(2))
    exit(0)
}
// `mapwire-bench metrics [records] [scrapes]`: what counters, histograms and a scrape cost (MetricsBench.swift).
if CommandLine.arguments.dropFirst().first == "metrics" {
    try runMetricsBenchmark(CommandLine.arguments.dropFirst(2))
    exit(0)
}
// `mapwire-bench frames-live [seconds] [pins] [moves/s] [watchers] [zoom]`: what a live move costs a session
// showing it, pins one by one (LiveFrameBench.swift).
if CommandLine.arguments.dropFirst().first == "frames-live" {
    try runLiveFrames(CommandLine.arguments.dropFirst(2))
    exit(0)
}

// `mapwire-bench frames-epoch [epochs] [pins] [moves an epoch]`: a watching session's frames (EpochFrameBench.swift).
if CommandLine.arguments.dropFirst().first == "frames-epoch" {
    try runEpochFrames(CommandLine.arguments.dropFirst(2))
    exit(0)
}
let frames = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 3000
let dense = try world(extra: 10_000, region: (lat: -60...70, lon: -180...180))
/// The samples, with maps that show up to `limit` API pins one by one.
struct PinLimitApp: MapApp {
    let samples: SampleMapApp
    let limit: Int
    var seeds: [WorldSeed] { samples.seeds }

    func setUpSession(_ session: MapAppSession) -> AnyObject? {
        let kept = samples.setUpSession(session)
        session.mapView.unclusteredPinLimit = limit
        return kept
    }
}

/// `count` API pins without a clustering identifier; maps show up to `limit` near the screen one by one.
func plainPins(_ count: Int, limit: Int? = nil) throws -> World {
    let samples = SampleMapApp(content: baseContent)
    let app: any MapApp = limit.map { PinLimitApp(samples: samples, limit: $0) } ?? samples
    let w = World(fonts: base.fonts, baseMap: base.baseMap, app: app)
    var rng = SystemRandomNumberGenerator()
    for i in 0..<count {
        try w.store.add(
            LiveAnnotation(
                id: "pin-\(i)", title: "Pin \(i)",
                coordinate: Coordinate(
                    latitude: Double.random(in: -60...70, using: &rng),
                    longitude: Double.random(in: -180...180, using: &rng))))
    }
    // Their epoch out now: one published while a session is driven from this thread would wake it on its queue.
    w.store.publishClusters()
    return w
}
let plain = try plainPins(10_000)
// About 1,000 of them on screen at #4/20/0: the frame budget's "up to 1,000 visible". Beyond 200 near the
// screen maps gather them; with the limit raised the map shows them one by one, as an app may have it.
let plainThousand = try plainPins(6_600)
let plainThousandOneByOne = try plainPins(6_600, limit: 10_000)
// `mapwire-bench <frames> <text>` runs only the scenarios whose name contains <text> (for profiling one).
let only = CommandLine.arguments.dropFirst(2).first
let scenarios: [(name: String, world: World, hash: String)] = [
    ("default data, #4/20/0", base, "#4/20/0"),
    ("default data, #2/20/0", base, "#2/20/0"),
    ("default data, #4/-20/-60 (mapwire-load's panning view)", base, "#4/-20/-60"),
    ("10,000 annotations, #4/20/0", dense, "#4/20/0"),
    ("10,000 annotations, #3/20/0", dense, "#3/20/0"),
    ("10,000 unclustered pins, #4/20/0", plain, "#4/20/0"),
    ("6,600 unclustered pins, #4/20/0 (about 1,000 visible)", plainThousand, "#4/20/0"),
    ("6,600 unclustered pins one by one (limit 10,000), #4/20/0", plainThousandOneByOne, "#4/20/0"),
    // The drag swings the camera from 130° E to 149° W and back: across 180° again and again.
    ("default data, #4/-20/170 (a pan across 180°)", base, "#4/-20/170"),
    ("10,000 annotations, #4/-20/170 (a pan across 180°)", dense, "#4/-20/170"),
    ("6,600 unclustered pins, #4/-20/170 (a pan across 180°)", plainThousand, "#4/-20/170"),
]
let results = scenarios.filter { only == nil || $0.name.contains(only!) }.map {
    run($0.name, world: $0.world, hash: $0.hash, frames: frames)
}
print(
    "| scenario | live views | frame p50 ms | frame p99 ms | mean ms | first frame bytes | pan frame bytes p50 / max |")
print("|---|---|---|---|---|---|---|")
for r in results {
    let pan = r.panFrameBytes.sorted()
    print(
        String(
            format: "| %@ | %d | %.3f | %.3f | %.3f | %d | %d / %d |", r.name, r.liveViews, r.p50, r.p99, r.mean,
            r.firstFrameBytes, pan.isEmpty ? 0 : pan[pan.count / 2], pan.last ?? 0))
}
