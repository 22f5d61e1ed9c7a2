// Shared clustering benchmarks (`mapwire-bench clusters-shared`): the
// store's epochs (`SharedClusterIndex`) built, merged with moves and queried
// as a map lays out, for docs/performance.md "Building, merging and querying
// epochs" and "Against supercluster".
import Foundation
import LiveWorld
import MapCore
import MapGeometry
import MapHTTPAPI
import MapSession
import SessionTransport

/// What `mapwire-bench clusters-shared` measures, from its arguments.
struct SharedClusterOptions {
    /// Where to write the 1M points (float64 longitude, latitude pairs,
    /// little endian) for the supercluster comparison, or nil.
    var pointsFile: String?
    /// Only write the points, measure nothing.
    var pointsOnly = false
    /// World sizes the build is measured at.
    var sizes = [100_000, 1_000_000]

    init(_ arguments: ArraySlice<String>) throws {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            switch flag {
            case "--write-points": pointsFile = rest.popFirst()
            case "--points-only": pointsOnly = true
            case "--sizes": sizes = (rest.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }
            default: throw BenchUsage("unknown flag \(flag); expected --write-points FILE, --points-only, --sizes N,M")
            }
        }
    }
}

struct BenchUsage: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The first `count` of `benchPoints`' world points (the same seed), as
/// longitude/latitude pairs: what the supercluster script reads.
func writeBenchPoints(_ points: [PointAnnotation], to path: String) throws {
    var values: [Double] = []
    values.reserveCapacity(points.count * 2)
    for p in points {
        values.append(p.coordinate.longitude)
        values.append(p.coordinate.latitude)
    }
    let data = values.withUnsafeBufferPointer { Data(buffer: $0) }
    try data.write(to: URL(fileURLWithPath: path))
}

/// Every point as one add of a change set, as the store's writer gathers
/// an import between two epochs.
func allAdds(_ points: [PointAnnotation]) -> ClusterChanges {
    var changes = ClusterChanges()
    changes.placed.reserveCapacity(points.count)
    for (slot, p) in points.enumerated() {
        changes.add(p, slot: UInt32(slot), at: Mercator.project(p.coordinate))
    }
    return changes
}

/// One epoch made from nothing with every point added: the time and what it holds.
func benchSharedBuild(_ points: [PointAnnotation]) -> SharedClusterIndex {
    let changes = allAdds(points)
    var best = Double.infinity
    var growth = 0.0
    var index: SharedClusterIndex?
    for _ in 0..<3 {
        index = nil
        let before = residentMB()
        let t0 = now()
        index = SharedClusterIndex().applying(changes)
        best = min(best, now() - t0)
        growth = max(growth, residentMB() - before)
    }
    let built = index!
    print(
        String(
            format: "| shared build, %d points (one epoch, all adds) | %.0f ms (best of 3) | "
                + "RSS +%.0f MB; byteCount %.1f MB | process %.0f MB with the annotations and the change set |",
            points.count, best * 1e3, growth, Double(built.byteCount) / 1_048_576, residentMB()))
    return built
}

/// Epochs merged one after another from `base`, each with `moves` random
/// members moved by up to half of `step` world units each way (a few
/// metres unless told): the time per epoch and the moves a second it
/// implies. `note` says in the row's name how far they moved.
func benchSharedMerge(
    _ base: SharedClusterIndex, moves: Int, epochs: Int, step: Double = Mercator.worldSize * 1e-5,
    note: String = "", parts: MergeParts? = nil
) {
    var state: UInt64 = 11
    func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    var index = base
    var mergeTimes: [Double] = []
    var gatherTimes: [Double] = []
    for _ in 0..<epochs {
        let tg = now()
        var changes = ClusterChanges()
        for _ in 0..<moves {
            let i = Int(next() * Double(index.count))
            let p = index.point(at: i)
            changes.move(
                slot: index.slot(at: i),
                to: Point(x: p.x + (next() - 0.5) * step, y: p.y + (next() - 0.5) * step), from: p)
        }
        gatherTimes.append(now() - tg)
        let t0 = now()
        index = index.applying(changes, parts: parts)
        mergeTimes.append(now() - t0)
    }
    let p50 = percentile(mergeTimes, 0.5), worst = mergeTimes.max() ?? 0
    print(
        String(
            format: "| shared merge, %d moves%@ into %d | p50 %.2f ms, max %.1f ms per epoch (%d epochs) | "
                + "%.2fM moves/s at p50 | gathering the moves (ClusterChanges.move) %.2f ms |",
            moves, note, base.count, p50 * 1e3, worst * 1e3, epochs, Double(moves) / p50 / 1e6,
            percentile(gatherTimes, 0.5) * 1e3))
}

/// What a map does with an epoch when it lays out: the cells around its
/// viewport (1280x800 and the reuse margin of 15% each side) and
/// `ClusterSpacing` over them, panned 3 px a step over `frames` steps.
func benchSharedQuery(_ index: SharedClusterIndex, name: String, center: Coordinate, zoom: Int, frames: Int) {
    let size = Size(width: 1280, height: 800)
    var camera = Camera(center: center, zoom: Double(zoom))
    let pixelsPerUnit = Mercator.pixelsPerUnit(zoom: Double(zoom))
    var queryTimes: [Double] = [], spacingTimes: [Double] = []
    var cellCount = 0, groupCount = 0
    var dx = 3.0, travelled = 0.0
    for _ in 0..<frames {
        travelled += dx
        if abs(travelled) > 900 { dx = -dx }
        camera = camera.panned(byScreen: Point(x: dx, y: 0))
        let visible = camera.visibleWorldRect(viewport: size)
        let near = visible.insetBy(dx: -visible.width * 0.15, dy: -visible.height * 0.15)
        let t0 = now()
        let cells = index.cells(in: near, zoom: zoom)
        let t1 = now()
        let groups = ClusterSpacing.groups(
            cells.map { ClusterSpacing.Item(point: $0.center, count: $0.count) },
            pixelsPerUnit: pixelsPerUnit)
        let t2 = now()
        queryTimes.append(t1 - t0)
        spacingTimes.append(t2 - t1)
        cellCount = cells.count
        groupCount = groups.count
    }
    let total = zip(queryTimes, spacingTimes).map { $0 + $1 }
    print(
        String(
            format: "| shared query, %@, zoom %d | %d cells -> %d views | cells p50 %.0f µs, p99 %.0f µs; "
                + "spacing p50 %.0f µs, p99 %.0f µs | together p50 %.0f µs, p99 %.0f µs |",
            name, zoom, cellCount, groupCount, percentile(queryTimes, 0.5) * 1e6,
            percentile(queryTimes, 0.99) * 1e6, percentile(spacingTimes, 0.5) * 1e6,
            percentile(spacingTimes, 0.99) * 1e6, percentile(total, 0.5) * 1e6, percentile(total, 0.99) * 1e6))
}

func runSharedClusterBenchmarks(_ options: SharedClusterOptions) throws {
    let largest = options.sizes.max() ?? 1_000_000
    let inputBefore = residentMB()
    let world = benchPoints(largest, lat: -60...70, lon: -180...180)
    if let file = options.pointsFile {
        try writeBenchPoints(world, to: file)
        print("wrote \(world.count) points (float64 longitude, latitude) to \(file)")
    }
    if options.pointsOnly { return }
    print(String(format: "%d point annotations made: RSS +%.0f MB", world.count, residentMB() - inputBefore))
    print("| benchmark | time | memory / rate | notes |")
    print("|---|---|---|---|")
    var full: SharedClusterIndex?
    for size in options.sizes.sorted() {
        let index = benchSharedBuild(Array(world.prefix(size)))
        if size == largest { full = index }
    }
    guard let full else { return }
    for moves in [1_000, 10_000, 100_000] {
        benchSharedMerge(full, moves: moves, epochs: moves >= 100_000 ? 10 : 30)
    }
    // A busy feed's epoch as `mapwire-load` makes it: 100,000 moves a second, one epoch a display frame, each
    // pin a random step of up to 0.05 degrees each way (a few kilometres) from where it is.
    benchSharedMerge(
        full, moves: 1_600, epochs: 400, step: Mercator.worldSize * 0.1 / 360,
        note: " of up to 0.05 degrees")
    // The same in two parts at once, as the store merges a feed's epochs.
    benchSharedMerge(
        full, moves: 1_600, epochs: 400, step: Mercator.worldSize * 0.1 / 360,
        note: " of up to 0.05 degrees, in two parts at once", parts: SharedClusterPublisher.mergeInParts)
    let europe = SharedClusterIndex().applying(allAdds(benchPoints(largest, lat: 35...60, lon: -10...30)))
    let places: [(String, SharedClusterIndex, Coordinate)] = [
        ("\(largest) over the world", full, Coordinate(latitude: 20, longitude: 0)),
        ("\(largest) over Europe", europe, Coordinate(latitude: 48, longitude: 10)),
    ]
    for (name, index, center) in places {
        for zoom in [2, 4, 6, 8, 10, 12, 14, 16] {
            benchSharedQuery(index, name: name, center: center, zoom: zoom, frames: 600)
        }
    }
    print(String(format: "resident at the end: %.0f MB", residentMB()))
}

/// `mapwire-bench frames-clustered [frames] [pins]`: a session's pan frames
/// (decode to encoded frame, as `mapwire-bench` times them) over the
/// server's world with `pins` clustered pins imported over Europe, at
/// zooms 2-12: what one panning session costs the server.
func runClusteredFrames(_ arguments: ArraySlice<String>) throws {
    let frames = Int(arguments.first ?? "") ?? 600
    let pins = Int(arguments.dropFirst().first ?? "") ?? 1_000_000
    let app = try memoryBenchApp(pins: 0)
    importClusteredPins(pins, into: app)
    print(
        "| scenario | live views | frame p50 ms | frame p99 ms | mean ms | first frame bytes "
            + "| pan frame bytes p50 / max |")
    print("|---|---|---|---|---|---|---|")
    for zoom in [2, 4, 6, 8, 10, 12] {
        let r = run(
            "\(pins) clustered pins over Europe, #\(zoom)/48/8", world: app.world, hash: "#\(zoom)/48/8",
            frames: frames)
        let pan = r.panFrameBytes.sorted()
        print(
            String(
                format: "| %@ | %d | %.3f | %.3f | %.3f | %d | %d / %d |", r.name, r.liveViews, r.p50, r.p99,
                r.mean, r.firstFrameBytes, pan.isEmpty ? 0 : pan[pan.count / 2], pan.last ?? 0))
    }
}
