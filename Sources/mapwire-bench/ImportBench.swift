import Foundation
import JSONScanning
import MapSession
import SampleApps
import SessionTransport

// `mapwire-bench import`: a GeoJSON or NDJSON import through the API's own
// handler (read, plan, one batch into the store), into a new store file each
// run, as `POST /api/annotations` does it less the socket. Points as
// `scripts/import_bench.py` sends them; lines as long LineStrings, counted in
// vertices a second (docs/performance.md, "Importing GeoJSON and NDJSON").

/// What `mapwire-bench import` was asked for.
struct ImportBenchOptions {
    var points = 200_000
    var lines = 10_000
    var vertices = 200
    var runs = 5
    /// `points` or `lines`: only those scenarios.
    var only: String?
    /// `--parse-only`: time the reading of the bodies alone, no plan and no store.
    var parseOnly = false

    init(_ arguments: ArraySlice<String>) {
        var args = arguments.makeIterator()
        while let a = args.next() {
            switch a {
            case "--points": points = Int(args.next() ?? "") ?? points
            case "--lines": lines = Int(args.next() ?? "") ?? lines
            case "--vertices": vertices = Int(args.next() ?? "") ?? vertices
            case "--runs": runs = max(1, Int(args.next() ?? "") ?? runs)
            case "--only": only = args.next()
            case "--parse-only": parseOnly = true
            default:
                print("ignored argument \(a) (use --points N, --lines N, --vertices N, --runs N, --only points|lines)")
            }
        }
    }
}

/// One body to import, and what to count it in.
private struct ImportCase {
    let name: String
    let contentType: String
    let body: [UInt8]
    let features: Int
    let vertices: Int
}

func runImportBenchmark(_ options: ImportBenchOptions) throws {
    var cases: [ImportCase] = []
    if options.only != "lines" {
        let n = options.points
        cases.append(
            ImportCase(
                name: "points, NDJSON", contentType: "application/x-ndjson",
                body: ImportBodies.ndjson((0..<n).lazy.map(ImportBodies.point)), features: n, vertices: n))
        // A FeatureCollection is read once whole, and import_bench.py sends half as many.
        let half = n / 2
        cases.append(
            ImportCase(
                name: "points, GeoJSON", contentType: "application/geo+json",
                body: ImportBodies.collection((0..<half).lazy.map(ImportBodies.point)), features: half, vertices: half))
    }
    if options.only != "points" {
        let (n, v) = (options.lines, options.vertices)
        let line = { (i: Int) in ImportBodies.line(i, vertices: v) }
        cases.append(
            ImportCase(
                name: "lines, NDJSON", contentType: "application/x-ndjson",
                body: ImportBodies.ndjson((0..<n).lazy.map(line)), features: n, vertices: n * v))
        cases.append(
            ImportCase(
                name: "lines, GeoJSON", contentType: "application/geo+json",
                body: ImportBodies.collection((0..<n).lazy.map(line)), features: n, vertices: n * v))
    }
    if options.parseOnly { return timeParsing(cases, runs: options.runs) }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "mapwire-bench-import-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (n, c) in cases.enumerated() {
        var seconds: [Double] = []
        var refusal: String?
        for run in 0..<options.runs {
            let app = try MapService(
                app: SampleMapApp(content: baseContent),
                options: .init(
                    dataDirectory: root.appendingPathComponent("fixtures"),
                    publicDirectory: root.appendingPathComponent("Public"),
                    storePath: folder.appendingPathComponent("\(n)-\(run).sqlite").path))
            let request = RouteRequest(
                method: "POST", path: "/api/annotations", body: c.body, contentType: c.contentType)
            let t0 = now()
            let response = app.routes.respond(to: request)
            seconds.append(now() - t0)
            app.shutdown()
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(file))
            }
            if response?.status != 201 {
                refusal =
                    "\(response?.status ?? 0) " + String(decoding: (response?.body ?? []).prefix(200), as: UTF8.self)
                break
            }
        }
        let mb = Double(c.body.count) / 1_048_576
        if let refusal {
            print("\(c.name): \(c.features) features, \(String(format: "%.1f", mb)) MB: refused, \(refusal)")
            continue
        }
        let sorted = seconds.sorted()
        let rates = sorted.map { Double(c.vertices) / $0 }
        print(
            String(
                format: "%@: %d features, %d vertices, %.1f MB: %.3f-%.3f s (median %.3f), "
                    + "%.0f-%.0f vertices a second, %.0f features a second at the median",
                c.name, c.features, c.vertices, mb, sorted[0], sorted[sorted.count - 1],
                sorted[sorted.count / 2], rates[rates.count - 1], rates[0],
                Double(c.features) / sorted[sorted.count / 2]))
    }
}

/// The scanners alone over each body, a body's whole reading per run: the
/// share of an import that is JSONScanning's, without the store's noise.
private func timeParsing(_ cases: [ImportCase], runs: Int) {
    for c in cases {
        var seconds: [Double] = []
        var read = 0
        var body = c.body
        // Both readers need a byte after the text that ends a number.
        body.append(0)
        for _ in 0..<runs {
            let t0 = now()
            body.withUnsafeBufferPointer { all in
                let text = UnsafeBufferPointer(rebasing: all[0..<(all.count - 1)])
                if c.contentType == "application/geo+json" {
                    read = (try? GeoJSONLineScanner.document(text).features.count) ?? -1
                } else {
                    var reader = NDJSONLineReader(maxFeatures: 200_000)
                    reader.feed(text)
                    reader.end()
                    read = reader.failure == nil ? reader.features.count : -1
                }
            }
            seconds.append(now() - t0)
        }
        let sorted = seconds.sorted()
        print(
            String(
                format: "%@, parse only: %d of %d features read, %d vertices: %.3f-%.3f s (median %.3f), "
                    + "%.0f vertices a second at the median",
                c.name, read, c.features, c.vertices, sorted[0], sorted[sorted.count - 1], sorted[sorted.count / 2],
                Double(c.vertices) / sorted[sorted.count / 2]))
    }
}

/// The bodies, written byte by byte: `String(format:)` for two million
/// coordinates would take longer than the import it measures.
enum ImportBodies {
    /// A point as `scripts/import_bench.py` writes it: a title, a colour on every 7th.
    static func point(_ i: Int) -> [UInt8] {
        var out = Array(#"{"type":"Feature","id":"n\#(i)","geometry":{"type":"Point","coordinates":["#.utf8)
        append(fixed: -1_795_000 + (i % 3590) * 1000, decimals: 4, to: &out)
        out.append(UInt8(ascii: ","))
        append(fixed: -800_000 + (i / 3590) * 2500, decimals: 4, to: &out)
        out += Array(#"]},"properties":{"title":"Pin \#(i)""#.utf8)
        if i % 7 == 0 { out += Array(##","marker-color":"#1d3557""##.utf8) }
        out += Array("}}".utf8)
        return out
    }

    /// A LineString of `vertices` positions wandering east from a start on a
    /// grid, six decimals as GPS tracks have them; a stroke on every 7th.
    static func line(_ i: Int, vertices: Int) -> [UInt8] {
        var out = Array(#"{"type":"Feature","id":"l\#(i)","geometry":{"type":"LineString","coordinates":["#.utf8)
        var state = UInt64(i) &* 2_862_933_555_777_941_757 &+ 3_037_000_493
        var lon = -170_000_000 + (i % 340) * 1_000_000
        var lat = -60_000_000 + (i / 340 % 120) * 1_000_000
        for k in 0..<vertices {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "["))
            append(fixed: lon, decimals: 6, to: &out)
            out.append(UInt8(ascii: ","))
            append(fixed: lat, decimals: 6, to: &out)
            out.append(UInt8(ascii: "]"))
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            lon += Int(state >> 54)
            lat += Int(state >> 33 & 0x3FF) - 512
        }
        out += Array(#"]},"properties":{"title":"Route \#(i)""#.utf8)
        if i % 7 == 0 { out += Array(##","stroke":"#1d3557","stroke-width":4"##.utf8) }
        out += Array("}}".utf8)
        return out
    }

    static func ndjson<S: Sequence>(_ features: S) -> [UInt8] where S.Element == [UInt8] {
        var out: [UInt8] = []
        for f in features {
            out += f
            out.append(0x0A)
        }
        return out
    }

    static func collection<S: Sequence>(_ features: S) -> [UInt8] where S.Element == [UInt8] {
        var out = Array(#"{"type":"FeatureCollection","features":["#.utf8)
        var first = true
        for f in features {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out += f
        }
        out += Array("]}".utf8)
        return out
    }

    /// `value` / 10^`decimals`, written with all its decimals.
    private static func append(fixed value: Int, decimals: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let magnitude = abs(value)
        out += Array(String(magnitude / scale).utf8)
        out.append(UInt8(ascii: "."))
        var fraction = magnitude % scale
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: decimals)
        for d in stride(from: decimals - 1, through: 0, by: -1) {
            digits[d] = UInt8(ascii: "0") + UInt8(fraction % 10)
            fraction /= 10
        }
        out += digits
    }
}
