// A new street tile's cost (`mapwire-bench street-tiles [runs] [archive]`), for docs/performance.md
// "Street maps": every tile of the archive (by default `fixtures/tiles/helsinki.mbtiles`) read, decoded and
// styled into its paths, at every zoom the archive holds and over-zoomed one level past its deepest,
// as the first session that shows a tile makes it on its own thread.
import Foundation
import StreetTiles

/// Makes every tile `runs` times from its bytes, none kept between runs (a
/// cold cache each time), and prints the time a tile takes: overall and by zoom.
func runStreetTiles(_ arguments: ArraySlice<String>) throws {
    let runs = Int(arguments.first ?? "") ?? 200
    let path = arguments.dropFirst().first ?? root.appendingPathComponent("fixtures/tiles/helsinki.mbtiles").path
    let making = try StreetTileMaking(path: path)
    let deepest = making.zooms.upperBound
    // (zoom of the tile, level drawn): every zoom's own tiles, then the deepest drawn over-zoomed.
    let levels = making.zooms.map { ($0, $0) } + [(deepest, deepest + 1)]
    var all: [Double] = []
    var byLevel: [Int: [Double]] = [:]
    var byTile: [String: [Double]] = [:]
    var items: [Int: Int] = [:]
    var tileCount = 0
    for run in 0..<runs {
        for (z, level) in levels {
            for (x, y) in making.tiles(z: z) {
                let t0 = now()
                let tile = making.make(z: z, x: x, y: y, level: level)
                let seconds = now() - t0
                guard let tile else { continue }
                all.append(seconds)
                byLevel[level, default: []].append(seconds)
                byTile["\(z)/\(x)/\(y) at \(level)", default: []].append(seconds)
                if run == 0 {
                    items[level, default: 0] += tile.items.count + tile.labels.count
                    tileCount += 1
                }
            }
        }
    }
    guard !all.isEmpty else {
        print("no tiles in \(path)")
        return
    }
    print("\(tileCount) tiles a run (zooms \(making.zooms), and \(deepest) drawn at \(deepest + 1)), \(runs) runs")
    print("| level drawn | tiles | items and names a tile | p50 ms | p99 ms | max ms |")
    print("|---|---|---|---|---|---|")
    for (level, times) in byLevel.sorted(by: { $0.key < $1.key }) {
        let count = times.count / runs
        print(
            String(
                format: "| %d | %d | %.0f | %.3f | %.3f | %.3f |", level, count,
                Double(items[level] ?? 0) / Double(max(count, 1)), percentile(times, 0.5) * 1e3,
                percentile(times, 0.99) * 1e3, (times.max() ?? 0) * 1e3))
    }
    print(
        String(
            format: "| all | %d | | %.3f | %.3f | %.3f |", tileCount, percentile(all, 0.5) * 1e3,
            percentile(all, 0.99) * 1e3, (all.max() ?? 0) * 1e3))
    let slowest = byTile.max { percentile($0.value, 0.5) < percentile($1.value, 0.5) }
    if let (name, times) = slowest {
        print(
            String(
                format: "slowest tile %@: p50 %.3f ms, p99 %.3f ms", name, percentile(times, 0.5) * 1e3,
                percentile(times, 0.99) * 1e3))
    }
}
