import DisplayList
import Foundation
import LiveWorld
import MapCore
import MapGeometry
import MapHTTPAPI
import MapSession
import SampleApps
import SessionTransport
import ViewKit
import Wire

// Memory per idle session (`mapwire-bench memory`): the numbers in
// docs/performance.md "Memory per idle session on the heap, and the shared
// index" and "Idle sessions rest".
//
// RSS deltas of a running server are noisy (malloc arenas of many threads);
// this builds the server's world in-process, opens the sessions on one thread
// and counts the heap bytes in use before and after with glibc's mallinfo2(),
// which does not depend on how the allocator spreads them over pages.
#if os(Linux)
import CMalloc
#endif

/// Drops every frame: the bench measures the session, not a socket's buffers.
final class DiscardingOutput: SessionOutput {
    func send(_ message: [UInt8]) {}
    func close(code: WebSocketCloseCode, reason: String) { print("closed: \(code) \(reason)") }
}

/// Heap bytes in use now: small chunks from the arenas plus mmapped ones
/// (glibc only; elsewhere 0, and the table shows RSS alone).
func heapInUse() -> Int {
    #if os(Linux)
    let m = mallinfo2()
    return Int(m.uordblks) + Int(m.hblkhd)
    #else
    return 0
    #endif
}

/// Resident set size of this process, bytes (from /proc/self/statm).
func residentBytes() -> Int {
    Int(residentMB() * 1_048_576)
}

/// What `mapwire-bench memory` was asked for.
struct MemoryOptions {
    var sessions = 1000
    var pins = 0
    var breakdown = false
    /// Clustered pins over Europe, imported as NDJSON as `mapwire-load --clustered` does.
    var clustered = 0
    /// Lines of 200 points over Europe in the shared world, and a tenth as many areas (`--shapes`).
    var shapes = 0
    /// Zooms the sessions' cameras go round, above the clustered pins (nil: the Pacific at zoom 5).
    var zooms: ClosedRange<Int>?
    /// The sessions look at central Helsinki at zoom 15 (`--helsinki`), drawn from its street tiles (`--streets`).
    var helsinki = false
    var streets = false
    /// The default app's empty map rather than the sample apps (`--no-samples`).
    var samples = true

    init(_ arguments: ArraySlice<String>) {
        var args = arguments.makeIterator()
        while let a = args.next() {
            switch a {
            case "--sessions": sessions = Int(args.next() ?? "") ?? sessions
            case "--pins": pins = Int(args.next() ?? "") ?? pins
            case "--breakdown": breakdown = true
            case "--helsinki": helsinki = true
            case "--streets":
                streets = true
                helsinki = true
            case "--no-samples": samples = false
            case "--clustered": clustered = Int(args.next() ?? "") ?? clustered
            case "--shapes": shapes = Int(args.next() ?? "") ?? shapes
            case "--zooms":
                let z = (args.next() ?? "").split(separator: "-").compactMap { Int($0) }
                zooms = z.count == 2 && z[0] <= z[1] ? z[0]...z[1] : nil
            default:
                print(
                    "ignored argument \(a) (use --sessions N, --pins N, --clustered N, --shapes N, --zooms 2-12, "
                        + "--helsinki, --streets, --no-samples, --breakdown)")
            }
        }
    }
}

/// The server's world as `mapwire --no-demo` builds it, with `pins` pins added
/// through the HTTP API on the load tool's grid over Europe, and the street tiles at `tilePaths`.
func memoryBenchApp(pins: Int, tilePaths: [String] = [], samples: Bool = true) throws -> MapService {
    let app = try MapService(
        app: samples ? SampleMapApp(content: baseContent) : EmptyMapApp(),
        options: .init(
            dataDirectory: root.appendingPathComponent("fixtures"),
            publicDirectory: root.appendingPathComponent("Public"),
            storePath: ":memory:", tilePaths: tilePaths))
    for i in 0..<pins {
        let lat = 40 + Double(i % 40) * 0.4, lon = -5 + Double(i / 40 % 60) * 0.45
        let body = "{\"id\":\"load-\(i)\",\"title\":\"Load \(i)\",\"latitude\":\(lat),\"longitude\":\(lon)}"
        let response = app.routes.respond(
            to: RouteRequest(
                method: "POST", path: "/api/annotations", body: Array(body.utf8),
                contentType: "application/json"))
        guard response?.status == 201 else { fatalError("adding pin \(i): \(String(describing: response?.status))") }
    }
    // Their epoch out now: one published while a session is driven from this thread would wake it on its queue.
    app.world.store.publishClusters()
    return app
}

/// Adds `count` clustered pins uniformly over Europe through NDJSON imports
/// of 100,000 features (the most one import takes), and publishes their epoch.
func importClusteredPins(_ count: Int, into app: MapService) {
    var state: UInt64 = 99
    func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    var start = 0
    while start < count {
        var text = ""
        for i in start..<min(start + 100_000, count) {
            let lat = 36 + 24 * next(), lon = -10 + 40 * next()
            text +=
                "{\"type\":\"Feature\",\"id\":\"cl-\(i)\",\"geometry\":{\"type\":\"Point\","
                + "\"coordinates\":[\(lon),\(lat)]},\"properties\":{\"clusteringIdentifier\":\"load\"}}\n"
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

/// The idle sessions' camera in `mapwire-load`: over the Pacific, zoom 5;
/// with `--zooms`, over Europe at zooms going round the range.
func idleHash(_ i: Int) -> String {
    if memoryStreets {
        // Central Helsinki, each a few streets from the next, all within the archive.
        return String(format: "#15/%.5f/%.5f", 60.1680 + Double(i % 7) * 0.0006, 24.9400 + Double(i % 11) * 0.0006)
    }
    guard let zooms = memoryZooms else { return "#5/\(-20 + i % 40)/\(-170 + i % 50)" }
    let zoom = zooms.lowerBound + i % zooms.count
    return "#\(zoom)/\(40 + Double(i % 97) / 97 * 16)/\(-4 + Double(i % 89) / 89 * 28)"
}

nonisolated(unsafe) var memoryZooms: ClosedRange<Int>?
nonisolated(unsafe) var memoryStreets = false

let benchViewport = Size(width: 1280, height: 800)

/// Heap and RSS growth per object while `count` objects made by `make` are alive.
func measurePerObject(_ count: Int, _ make: (Int) -> AnyObject) -> (heap: Double, rss: Double) {
    var kept: [AnyObject] = []
    kept.reserveCapacity(count)
    let heap0 = heapInUse(), rss0 = residentBytes()
    for i in 0..<count { kept.append(make(i)) }
    let heap1 = heapInUse(), rss1 = residentBytes()
    withExtendedLifetime(kept) {}
    return (Double(heap1 - heap0) / Double(count), Double(rss1 - rss0) / Double(count))
}

/// One idle session as the server has it: HELLO, its first frame, the ACK.
func openIdleSession(_ i: Int, world: World) -> MapSession {
    let session = MapSession(id: UInt32(i + 1), world: world, output: DiscardingOutput(), ticksAutomatically: false)
    session.handle(
        ClientMessage.hello(version: 1, size: benchViewport, devicePixelRatio: 1, hash: idleHash(i)).encoded())
    session.handle(ClientMessage.ack(frame: 1).encoded())
    // As the server's sessions do once they have shown the same frame for a while.
    session.rest()
    return session
}

/// The parts of a session one at a time, as `MapSession.start` puts them
/// together, each measured cumulatively: what the remaining bytes are made of.
func memoryBreakdown(world: World, count: Int) {
    final class Parts {
        var window: Window?
        var map: MapView?
        var controller: WorldMapController?
        var differ = SceneDiffer()
    }
    func parts(_ i: Int, upTo stage: Int) -> Parts {
        let p = Parts()
        let window = Window(size: benchViewport, clock: MonotonicClock())
        let camera = Camera(urlFragment: Substring(idleHash(i))) ?? MapSession.defaultCamera
        let map = MapView(
            frame: window.bounds, fonts: world.fonts, baseMap: stage >= 1 ? world.baseMap : nil, camera: camera)
        window.addSubview(map)
        window.worldToScreen = { [unowned map] in map.screenPoint(forWorld: $0) }
        p.window = window
        p.map = map
        if stage >= 2 { p.controller = WorldMapController(mapView: map, content: baseContent) }
        if stage >= 3 { map.sharedAnnotations = world.store }
        if stage >= 4 { map.layoutAnnotationViews() }
        if stage >= 5 {
            let scene = window.renderScene()
            if stage >= 6 {
                _ = p.differ.diff(to: scene)
                p.differ.rest()
            }
        }
        return p
    }
    let stages = [
        "Window + MapView, no base map", "+ base map view", "+ WorldMapController (sample annotations, toolbar)",
        "+ the store as shared source", "+ annotation layout (cluster views)",
        "+ one rendered frame (views, labels, caches)", "+ SceneDiffer's record of the frame, packed",
    ]
    print("| part (cumulative) | heap bytes per session | RSS bytes per session |")
    print("|---|---|---|")
    for (stage, name) in stages.enumerated() {
        let m = measurePerObject(count) { parts($0, upTo: stage) }
        print(String(format: "| %@ | %.0f | %.0f |", name, m.heap, m.rss))
    }
    let m = measurePerObject(count) { openIdleSession($0, world: world) }
    print(String(format: "| whole MapSession (HELLO, first frame, ACK) | %.0f | %.0f |", m.heap, m.rss))
    var items = 0, elements = 0, kinds: [ItemKind: Int] = [:]
    for i in 0..<count {
        let p = parts(i, upTo: 4)
        let scene = p.window!.renderScene()
        items += scene.items.count
        elements += scene.accessibility.count
        for item in scene.items { kinds[item.kind, default: 0] += 1 }
    }
    print(
        String(
            format: "items per frame %.1f, accessibility elements %.1f", Double(items) / Double(count),
            Double(elements) / Double(count)))
    for (kind, n) in kinds.sorted(by: { $0.value > $1.value }) {
        print(String(format: "  %@: %.1f", "\(kind)", Double(n) / Double(count)))
    }
}

/// `mapwire-bench memory [--sessions N] [--pins N] [--clustered N] [--shapes N] [--zooms A-B] [--helsinki]
/// [--streets] [--no-samples] [--breakdown]`.
func runMemoryBenchmark(_ options: MemoryOptions) throws {
    let tiles = options.streets ? [root.appendingPathComponent("fixtures/tiles/helsinki.mbtiles").path] : []
    let app = try memoryBenchApp(pins: options.pins, tilePaths: tiles, samples: options.samples)
    memoryZooms = options.zooms
    memoryStreets = options.helsinki
    if options.clustered > 0 { importClusteredPins(options.clustered, into: app) }
    if options.shapes > 0 {
        try app.world.store.add(
            shapes: OverlayBenchApp.worldShapes(lines: options.shapes, vertices: 200, areas: options.shapes / 10))
    }
    let world = app.world
    // One session first, so one-time caches (fonts' widths, images) are not charged to the N.
    withExtendedLifetime(openIdleSession(0, world: world)) {}
    if options.breakdown {
        memoryBreakdown(world: world, count: options.sessions)
        return
    }
    if options.shapes > 0 || options.streets {
        // The shapes' paths and the street tiles at each zoom and place are made once for every session: made
        // before measuring.
        withExtendedLifetime((0..<options.sessions).map { openIdleSession($0, world: world) }) {}
    }
    let m = measurePerObject(options.sessions) { openIdleSession($0, world: world) }
    print(
        String(
            format: "%d idle sessions%@%@, %d store annotations (%d API pins, %d clustered): "
                + "heap %.1f KB per session (mallinfo2), RSS %.1f KB per session",
            options.sessions, options.samples ? "" : " on an empty map",
            options.streets ? " over Helsinki's streets at #15" : options.helsinki ? " over Helsinki at #15" : "",
            world.store.count, options.pins, options.clustered,
            m.heap / 1024, m.rss / 1024))
}
