import Foundation
import LiveWorld
import MapHTTPAPI
import MapSession
import Persistence
import SampleApps
import SessionTransport

/// `mapwire-bench store [--annotations N] [--path FILE] [--sync full]`: how long a start
/// takes to bring back a world of N stored annotations (open and migrate,
/// read every row, rebuild the store and its index), and how fast the
/// file is filled. The file is made once and kept, so a second run times
/// the restore alone on a warm page cache.
struct StoreBenchOptions {
    var annotations = 1_000_000
    var path = "/tmp/mapwire-bench-store.sqlite"
    /// `--sync full`: the disk synced at every commit, as `mapwire --sync full`.
    var syncsEveryCommit = false

    init<S: Sequence>(_ arguments: S) where S.Element == String {
        var it = arguments.makeIterator()
        while let arg = it.next() {
            switch arg {
            case "--annotations": annotations = Int(it.next() ?? "") ?? annotations
            case "--path": path = it.next() ?? path
            case "--sync": syncsEveryCommit = it.next() == "full"
            default: print("ignoring \(arg)")
            }
        }
    }
}

func runStoreBenchmark(_ options: StoreBenchOptions) throws {
    let database = try WorldDatabase(path: options.path, syncsEveryCommit: options.syncsEveryCommit)
    let existing = try database.annotationCount()
    if existing < options.annotations {
        let start = now()
        var rng = SystemRandomNumberGenerator()
        let chunk = 100_000
        var i = existing
        while i < options.annotations {
            let end = min(i + chunk, options.annotations)
            try database.write(
                (i..<end).map { n in
                    .added(
                        StoredAnnotation(
                            id: "vehicle-\(n)", kind: "vehicle", title: "Vehicle \(n)", subtitle: nil,
                            latitude: Double.random(in: -60...70, using: &rng),
                            longitude: Double.random(in: -180...180, using: &rng),
                            clusteringIdentifier: "fleet", timestamp: Double(n)))
                })
            i = end
        }
        try database.checkpoint()
        let seconds = now() - start
        print(
            String(
                format: "filled %@ with %d annotations in %.2f s (%.0f a second, 100,000 per transaction)",
                options.path, options.annotations - existing, seconds,
                Double(options.annotations - existing) / seconds))
    }
    let rssBefore = residentKB()
    let t0 = now()
    let reopened = try WorldDatabase(path: options.path, syncsEveryCommit: options.syncsEveryCommit)
    let t1 = now()
    let store = try AnnotationStore(seeds: SampleMapApp(content: baseContent).seeds, database: reopened)
    let t2 = now()
    print(
        String(
            format: "restore of %d annotations: open and migrate %.3f s, read every row into the store "
                + "(records and index) %.2f s; RSS +%d MB",
            store.indexedCount, t1 - t0, t2 - t1, (residentKB() - rssBefore) / 1024))
    print("store holds \(store.indexedCount) annotations")
    store.close()
}

private func residentKB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}
