// Clustering, collision and hit-test benchmarks (`mapwire-bench clusters`):
// the numbers in docs/performance.md "Clustering, collisions and hit testing".
import DisplayList
import Foundation
import MapCore
import MapGeometry
import ViewKit
import Wire

/// Resident set size of this process, MB (from /proc/self/statm).
func residentMB() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
        let pages = text.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
    else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

/// `count` point annotations uniformly in a lat/lon box, from a fixed seed.
func benchPoints(_ count: Int, lat: ClosedRange<Double>, lon: ClosedRange<Double>) -> [PointAnnotation] {
    var state: UInt64 = 42
    func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    return (0..<count).map { _ in
        PointAnnotation(
            coordinate: Coordinate(
                latitude: lat.lowerBound + (lat.upperBound - lat.lowerBound) * next(),
                longitude: lon.lowerBound + (lon.upperBound - lon.lowerBound) * next()))
    }
}

/// Gives every annotation the same clustering identifier.
final class ClusterEverything: MapViewDelegate {
    func mapView(_ mapView: MapView, clusteringIdentifierFor annotation: Annotation) -> String? { "all" }
}

func benchIndexBuild(_ count: Int) {
    let points = benchPoints(count, lat: -60...70, lon: -180...180)
    let before = residentMB()
    var best = Double.infinity
    var index: ClusterIndex?
    for _ in 0..<3 {
        index = nil
        let t0 = now()
        index = ClusterIndex(annotations: points)
        best = min(best, now() - t0)
    }
    let after = residentMB()
    print(
        String(
            format:
                "| cluster index build, %d annotations | %.0f ms (best of 3) | index %.0f MB; process %.0f MB with the annotations |",
            count, best * 1e3, max(0, after - before), after))
    _ = index?.count
}

/// Pans a 1280x800 map over `points` clustered at `zoom`, timing each frame
/// from render to encoded bytes (query, clustering, layout, collisions, diff, encode).
func benchClusteredFrames(_ name: String, points: [PointAnnotation], center: Coordinate, zoom: Double, frames: Int) {
    let window = Window(size: Size(width: 1280, height: 800), clock: ManualClock())
    let map = MapView(
        frame: window.bounds, fonts: base.fonts, baseMap: base.baseMap, camera: Camera(center: center, zoom: zoom))
    window.addSubview(map)
    window.worldToScreen = { [unowned map] in map.screenPoint(forWorld: $0) }
    let delegate = ClusterEverything()
    map.delegate = delegate
    map.addAnnotations(points)
    var differ = SceneDiffer()
    let t0 = now()
    _ = FrameEncoder.frame(number: 1, inputSeq: 0, ops: differ.diff(to: window.renderScene()))
    let first = now() - t0
    var times: [Double] = []
    var dx = 3.0, travelled = 0.0
    for i in 0..<frames {
        travelled += dx
        if abs(travelled) > 900 { dx = -dx }
        map.camera = map.camera.panned(byScreen: Point(x: dx, y: 0))
        let t = now()
        let bytes = FrameEncoder.frame(number: UInt32(i + 2), inputSeq: 0, ops: differ.diff(to: window.renderScene()))
        times.append(now() - t)
        _ = bytes.count
    }
    let live = map.reuseCounts.live
    let clusters = window.renderScene().accessibility.filter { $0.name.hasSuffix(" places") }.count
    print(
        String(
            format: "| frame, %@ | %d views (%d clusters) | first %.1f ms | p50 %.3f ms | p99 %.3f ms |",
            name, live, clusters, first * 1e3, percentile(times, 0.5) * 1e3, percentile(times, 0.99) * 1e3))
    benchHitTest(name, window: window)
}

func benchHitTest(_ name: String, window: Window) {
    var state: UInt64 = 7
    var times: [Double] = []
    var found = 0
    for _ in 0..<100_000 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        let p = Point(x: Double(state >> 40 & 0x7FF) * 1280 / 2048, y: Double(state >> 20 & 0x3FF) * 800 / 1024)
        let t = now()
        let hit = window.hitTest(p)
        times.append(now() - t)
        if hit is AnnotationView { found += 1 }
    }
    print(
        String(
            format: "| hit test, %@ | %d of 100,000 on a view | p50 %.2f µs | p99 %.2f µs |",
            name, found, percentile(times, 0.5) * 1e6, percentile(times, 0.99) * 1e6))
}

func benchCollisionPass(_ count: Int) {
    var state: UInt64 = 3
    func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    let priorities: [Float] = [250, 500, 750]
    let candidates = (0..<count).map { i in
        CollisionResolver.Candidate(
            rect: Rect(x: next() * 4000, y: next() * 2500, width: 30, height: 40),
            mode: i % 2 == 0 ? .rectangle : .circle,
            priority: priorities[i % 3], isForced: i % 100 == 0)
    }
    let resolver = CollisionResolver()
    var times: [Double] = []
    var shown = 0
    for _ in 0..<30 {
        let t = now()
        shown = resolver.resolve(candidates).filter { $0 }.count
        times.append(now() - t)
    }
    print(
        String(
            format:
                "| collision pass, %d candidates (4000x2500 px, 30x40 views) | %d shown | p50 %.2f ms | max %.2f ms |",
            count, shown, percentile(times, 0.5) * 1e3, (times.max() ?? 0) * 1e3))
}

/// Live moves of clustered annotations in a map over 1M: the first move
/// makes the key-to-position table; later ones cost microseconds, no rebuild.
func benchClusteredMoves(points: [PointAnnotation]) {
    let window = Window(size: Size(width: 1280, height: 800), clock: ManualClock())
    let map = MapView(
        frame: window.bounds, fonts: base.fonts, baseMap: nil,
        camera: Camera(center: Coordinate(latitude: 48, longitude: 10), zoom: 10))
    window.addSubview(map)
    window.worldToScreen = { [unowned map] in map.screenPoint(forWorld: $0) }
    let delegate = ClusterEverything()
    map.delegate = delegate
    map.addAnnotations(points)
    _ = window.renderScene()
    var state: UInt64 = 5
    func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    func move(_ p: PointAnnotation) {
        p.coordinate = Coordinate(
            latitude: p.coordinate.latitude + (next() - 0.5) * 0.01,
            longitude: p.coordinate.longitude + (next() - 0.5) * 0.01)
        map.annotationDidMove(p)
    }
    let t0 = now()
    move(points[0])
    let first = now() - t0
    var times: [Double] = []
    for _ in 0..<4_000 {
        let p = points[Int(next() * Double(points.count))]
        let t = now()
        move(p)
        times.append(now() - t)
    }
    let tf = now()
    _ = window.renderScene()
    let frame = now() - tf
    print(
        String(
            format:
                "| live move of a clustered annotation, 1M | first %.0f ms (builds the position table) | then p50 %.2f µs, p99 %.2f µs | next frame with 4,000 moves pending %.2f ms |",
            first * 1e3, percentile(times, 0.5) * 1e6, percentile(times, 0.99) * 1e6, frame * 1e3))
}

func runClusterBenchmarks() {
    print("| benchmark | size | time | notes |")
    print("|---|---|---|---|")
    benchIndexBuild(100_000)
    benchIndexBuild(1_000_000)
    benchCollisionPass(20_000)
    let world = benchPoints(1_000_000, lat: -60...70, lon: -180...180)
    benchClusteredFrames(
        "1M over the world, zoom 3", points: world, center: Coordinate(latitude: 20, longitude: 0), zoom: 3, frames: 600
    )
    benchClusteredFrames(
        "1M over the world, zoom 10", points: world, center: Coordinate(latitude: 20, longitude: 0), zoom: 10,
        frames: 600)
    let europe = benchPoints(1_000_000, lat: 35...60, lon: -10...30)
    benchClusteredMoves(points: europe)
    benchClusteredFrames(
        "1M over Europe, zoom 3", points: europe, center: Coordinate(latitude: 48, longitude: 10), zoom: 3, frames: 600)
    benchClusteredFrames(
        "1M over Europe, zoom 10", points: europe, center: Coordinate(latitude: 48, longitude: 10), zoom: 10,
        frames: 600)
    print(String(format: "resident at the end: %.0f MB", residentMB()))
}
