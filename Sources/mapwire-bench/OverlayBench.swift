// Frames of a map with many lines and areas (`mapwire-bench overlays`), for
// docs/performance.md "Lines and areas": each session's first frame and its
// pan frames at the world's zoom, a country's and a city's.
import Foundation
import LiveWorld
import MapCore
import MapGeometry
import MapSession

/// An app whose every map shows the same shapes: lines (routes of random
/// walks) and areas (rough circles), made once and shared by every session.
struct OverlayBenchApp: MapApp {
    let shapes: [Overlay]

    func setUpSession(_ session: MapAppSession) -> AnyObject? {
        session.mapView.addOverlays(shapes)
        return nil
    }

    /// `lines` routes of `vertices` points each, walking from starts spread
    /// over Europe in steps of about 2 km, and `areas` rough circles of 40
    /// points, 1 to 20 km across. A fixed seed.
    static func shapes(lines: Int, vertices: Int, areas: Int) -> [Overlay] {
        let (routes, rings) = coordinates(lines: lines, vertices: vertices, areas: areas)
        return routes.map { Polyline(coordinates: $0) } + rings.map { Polygon(coordinates: $0) }
    }

    /// The same shapes as the shared world's, as the HTTP API adds them.
    static func worldShapes(lines: Int, vertices: Int, areas: Int) -> [LiveShape] {
        let (routes, rings) = coordinates(lines: lines, vertices: vertices, areas: areas)
        var shapes: [LiveShape] = []
        for (i, route) in routes.enumerated() {
            shapes.append(LiveShape(id: "line-\(i)", geometry: WorldGeometry.line(route)!))
        }
        for (i, ring) in rings.enumerated() {
            shapes.append(LiveShape(id: "area-\(i)", geometry: WorldGeometry.area(ring)!))
        }
        return shapes
    }

    static func coordinates(lines: Int, vertices: Int, areas: Int) -> (routes: [[Coordinate]], rings: [[Coordinate]]) {
        var state: UInt64 = 11
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var routes: [[Coordinate]] = []
        routes.reserveCapacity(lines)
        for _ in 0..<lines {
            var lat = 36 + 22 * next(), lon = -9 + 33 * next()
            var heading = 2 * Double.pi * next()
            var points: [Coordinate] = []
            points.reserveCapacity(vertices)
            for _ in 0..<vertices {
                points.append(Coordinate(latitude: lat, longitude: lon))
                heading += (next() - 0.5) * 0.6
                lat += 0.018 * cos(heading)
                lon += 0.018 * sin(heading) / cos(lat * .pi / 180)
            }
            routes.append(points)
        }
        var rings: [[Coordinate]] = []
        for _ in 0..<areas {
            let center = Coordinate(latitude: 36 + 22 * next(), longitude: -9 + 33 * next())
            let radius = 500 + 9_500 * next()
            rings.append(
                (0..<40).map { i in
                    GreatCircle.destination(
                        from: center, bearing: Double(i) * 9, distance: radius * (0.8 + 0.4 * next()))
                })
        }
        return (routes, rings)
    }

    /// A country-sized area (a jagged ring about 1,000 km across) and a
    /// route across it, 50,000 points each, centred on 48 N 8 E: shapes a
    /// city's zoom shows a few tiles of.
    static func countryCoordinates() -> (route: [Coordinate], ring: [Coordinate]) {
        let center = Coordinate(latitude: 48, longitude: 8)
        let count = 50_000
        let ring = (0..<count).map { i in
            GreatCircle.destination(
                from: center, bearing: Double(i) * 360 / Double(count), distance: i % 2 == 0 ? 500_000 : 498_000)
        }
        let route = (0..<count).map { i in
            let t = Double(i) / Double(count - 1)
            return Coordinate(latitude: 45 + 6 * t + 0.01 * sin(Double(i)), longitude: 1 + 14 * t)
        }
        return (route, ring)
    }
}

/// `mapwire-bench overlays [lines] [vertices a line] [areas] [frames]`: a
/// session at each camera over Europe, its first frame's bytes and its pan
/// frames' time (each drag's handling, decoding to the encoded frame).
func runOverlayFrames(_ all: ArraySlice<String>) throws {
    // `--world`: the shapes are the shared world's (added as the HTTP API adds them), not each map's own.
    let inWorld = all.contains("--world")
    // `--country`: a country-sized area and a route across it as well, 50,000 points each.
    let country = all.contains("--country")
    let arguments = all.filter { $0 != "--world" && $0 != "--country" }[...]
    let lines = Int(arguments.first ?? "") ?? 10_000
    let vertices = Int(arguments.dropFirst().first ?? "") ?? 200
    let areas = Int(arguments.dropFirst(2).first ?? "") ?? 1_000
    let frames = Int(arguments.dropFirst(3).first ?? "") ?? 300
    let t0 = now()
    var shapes = inWorld ? [] : OverlayBenchApp.shapes(lines: lines, vertices: vertices, areas: areas)
    var worldShapes = inWorld ? OverlayBenchApp.worldShapes(lines: lines, vertices: vertices, areas: areas) : []
    let (route, ring) = OverlayBenchApp.countryCoordinates()
    if country, inWorld {
        worldShapes.append(LiveShape(id: "country-route", geometry: WorldGeometry.line(route)!))
        worldShapes.append(LiveShape(id: "country", geometry: WorldGeometry.area(ring)!))
    } else if country {
        shapes += [Polyline(coordinates: route), Polygon(coordinates: ring)]
    }
    let large: [OverlayShape] = country ? [Polyline(coordinates: route), Polygon(coordinates: ring)] : []
    let made = now() - t0
    let app = try MapService(
        app: OverlayBenchApp(shapes: shapes),
        options: .init(
            dataDirectory: root.appendingPathComponent("fixtures"),
            publicDirectory: root.appendingPathComponent("Public"), storePath: ":memory:"))
    try app.world.store.add(shapes: worldShapes)
    print(
        String(
            format: "%d lines of %d points and %d areas, made in %.2f s, %@", lines, vertices, areas, made,
            inWorld ? "the shared world's" : "each map's own"))
    print(
        "| camera | first frame KB | first frame ms | pan p50 ms | pan p99 ms | pan bytes p99 | large shapes whole KB |"
    )
    print("|---|---|---|---|---|---|---|")
    for hash in ["#4/48/8", "#8/48/8", "#12/48/8", "#16/48/8"] {
        let t1 = now()
        let panner = PanningSession(id: 1, world: app.world, hash: hash)
        let first = now() - t1
        var times: [Double] = []
        var sizes: [Double] = []
        for step in 0..<frames {
            let (seconds, bytes) = panner.drag(step)
            times.append(seconds)
            sizes.append(Double(bytes ?? 0))
        }
        // What the large shapes' paths at the camera's zoom would take whole, beside what the frame sent.
        let zoom = Double(hash.dropFirst().split(separator: "/")[0]) ?? 0
        let whole = large.reduce(0) { $0 + $1.path(forZoom: zoom).data.count }
        print(
            String(
                format: "| %@ | %.1f | %.1f | %.3f | %.3f | %.0f | %.1f |", hash, Double(panner.firstFrameBytes) / 1024,
                first * 1e3, percentile(times, 0.5) * 1e3, percentile(times, 0.99) * 1e3, percentile(sizes, 0.99),
                Double(whole) / 1024))
    }
}
