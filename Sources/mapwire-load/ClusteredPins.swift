import Foundation

/// The clustered pins of the large-world scenarios: pins over Europe with
/// one clustering identifier, placed from their index alone (so a run can
/// move any of them without having kept the list), added through the bulk
/// NDJSON import as a real data load would be.
enum ClusteredPins {
    static let identifier = "load"
    static let latitudes = 36.0...60.0
    static let longitudes = -10.0...30.0

    static func id(_ i: Int) -> String { "cl-\(i)" }

    /// A fixed pseudo-random fraction in 0..<1 for `i` and `salt` (splitmix64).
    static func fraction(_ i: Int, salt: UInt64) -> Double {
        var z = UInt64(truncatingIfNeeded: i) &* 0x9E37_79B9_7F4A_7C15 &+ salt
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }

    /// Pin `i`'s starting place.
    static func position(_ i: Int) -> (latitude: Double, longitude: Double) {
        (
            latitudes.lowerBound + (latitudes.upperBound - latitudes.lowerBound) * fraction(i, salt: 1),
            longitudes.lowerBound + (longitudes.upperBound - longitudes.lowerBound) * fraction(i, salt: 2)
        )
    }

    /// Pins `range` as NDJSON, one GeoJSON Feature a line.
    static func ndjson(_ range: Range<Int>) -> String {
        var text = ""
        text.reserveCapacity(range.count * 150)
        for i in range {
            let (lat, lon) = position(i)
            text +=
                "{\"type\":\"Feature\",\"id\":\"\(id(i))\","
                + "\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(lon),\(lat)]},"
                + "\"properties\":{\"title\":\"Pin \(i)\",\"clusteringIdentifier\":\"\(identifier)\"}}\n"
        }
        return text
    }

    /// Imports `count` pins, `batch` features a request (the server takes at
    /// most 200,000 an import) through `post` (path, body, content type) ->
    /// (status, body); prints the time it took.
    static func importAll(count: Int, batch: Int, post: (String, String, String) -> (Int, String)) {
        let start = now()
        var sent = 0
        while sent < count {
            let range = sent..<min(sent + batch, count)
            let (status, body) = post("/api/annotations", ndjson(range), "application/x-ndjson")
            guard status == 201 else { fatalError("importing pins \(range): \(status) \(body.prefix(300))") }
            sent = range.upperBound
        }
        print(
            String(
                format: "imported %d clustered pins in %.1f s (NDJSON, %d a request)", count, now() - start,
                batch))
    }

    /// A map hash over the pins for session `i`, its zoom going round `zooms`.
    static func hash(_ i: Int, zooms: ClosedRange<Int>) -> String {
        let zoom = zooms.lowerBound + i % (zooms.upperBound - zooms.lowerBound + 1)
        let lat = 40 + 16 * fraction(i, salt: 3), lon = -4 + 28 * fraction(i, salt: 4)
        return String(format: "#%d/%.4f/%.4f", zoom, lat, lon)
    }

    /// "2-12" as a range of zooms.
    static func zooms(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 2, parts[0] <= parts[1] else { return nil }
        return parts[0]...parts[1]
    }
}
