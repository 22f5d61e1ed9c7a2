import Foundation
import MapGeometry

/// `GET /api/annotations?bbox=&limit=&cursor=`: which annotations a list
/// holds. `bbox` is `minLon,minLat,maxLon,maxLat` (a box whose `minLon` is
/// greater than its `maxLon` crosses the antimeridian); `limit` pages the
/// list, and `cursor` (opaque, from the previous page's `next`) goes on
/// where it stopped.
struct AnnotationListQuery: Equatable {
    var bbox: BoundingBox?
    var limit: Int?
    var cursor: Cursor?

    /// Largest page.
    static let maxLimit = 100_000

    struct BoundingBox: Equatable {
        var minLongitude, minLatitude, maxLongitude, maxLatitude: Double

        func contains(_ c: Coordinate) -> Bool {
            guard c.latitude >= minLatitude, c.latitude <= maxLatitude else { return false }
            if minLongitude <= maxLongitude { return c.longitude >= minLongitude && c.longitude <= maxLongitude }
            return c.longitude >= minLongitude || c.longitude <= maxLongitude
        }
    }

    /// Where a page ends: the position in the store's order after the last
    /// annotation listed, and that annotation's id, so an add or remove
    /// earlier in the list between two pages neither repeats nor skips one.
    struct Cursor: Equatable {
        var position: Int
        var lastID: String

        var token: String {
            Data("\(position):\(lastID)".utf8).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }

        init(position: Int, lastID: String) {
            self.position = position
            self.lastID = lastID
        }

        init?(token: String) {
            var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while base64.count % 4 != 0 { base64 += "=" }
            guard token.utf8.count <= 512, let data = Data(base64Encoded: base64),
                  let text = String(data: data, encoding: .utf8),
                  let colon = text.firstIndex(of: ":"), let position = Int(text[..<colon]), position >= 0 else {
                return nil
            }
            self.position = position
            lastID = String(text[text.index(after: colon)...])
        }
    }

    /// The query string's parameters, each checked; 400 names a bad one.
    init(query: String) throws(APIError) {
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let raw = parts.count > 1 ? String(parts[1]) : ""
            let value = raw.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? raw
            switch name {
            case "bbox": bbox = try Self.bbox(value)
            case "limit":
                guard let n = Int(value), (1...Self.maxLimit).contains(n) else {
                    throw .badRequest("query parameter limit: \"\(value.prefix(40))\" must be a whole number "
                                      + "from 1 to \(Self.maxLimit)")
                }
                limit = n
            case "cursor":
                guard let c = Cursor(token: value) else {
                    throw .badRequest("query parameter cursor: not a cursor this server gave; "
                                      + "pass the \"next\" of the previous page unchanged")
                }
                cursor = c
            default:
                throw .badRequest("unknown query parameter \(name.prefix(40)); the list takes bbox, limit and cursor")
            }
        }
    }

    init() {}

    private static func bbox(_ value: String) throws(APIError) -> BoundingBox {
        let usage = "must be minLon,minLat,maxLon,maxLat in degrees"
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        var n: [Double] = []
        for p in parts {
            guard let d = Double(p.trimmingCharacters(in: .whitespaces)), d.isFinite else {
                throw .badRequest("query parameter bbox: \"\(value.prefix(80))\" \(usage)")
            }
            n.append(d)
        }
        guard n.count == 4 else { throw .badRequest("query parameter bbox: \"\(value.prefix(80))\" \(usage)") }
        guard (-180...180).contains(n[0]), (-180...180).contains(n[2]) else {
            throw .badRequest("query parameter bbox: longitudes must be in -180...180")
        }
        guard (-90...90).contains(n[1]), (-90...90).contains(n[3]) else {
            throw .badRequest("query parameter bbox: latitudes must be in -90...90")
        }
        guard n[1] <= n[3] else { throw .badRequest("query parameter bbox: minLat is greater than maxLat") }
        return BoundingBox(minLongitude: n[0], minLatitude: n[1], maxLongitude: n[2], maxLatitude: n[3])
    }

    /// The records of one page and the cursor of the next, if there is more.
    func page(of records: [AnnotationStore.Record]) -> (records: [AnnotationStore.Record], next: Cursor?) {
        var start = 0
        if let cursor {
            if cursor.position > 0, cursor.position <= records.count, records[cursor.position - 1].id == cursor.lastID {
                start = cursor.position
            } else if let i = records.firstIndex(where: { $0.id == cursor.lastID }) {
                start = i + 1
            } else {
                start = min(cursor.position, records.count)
            }
        }
        var out: [AnnotationStore.Record] = []
        let limit = limit ?? Int.max
        var i = start
        while i < records.count {
            let r = records[i]
            if bbox?.contains(r.annotation.coordinate) ?? true {
                if out.count == limit {
                    let last = out[out.count - 1]
                    // `i` is past the last one listed; it resumes there.
                    return (out, Cursor(position: lastPosition(of: last, before: i, in: records) + 1, lastID: last.id))
                }
                out.append(r)
            }
            i += 1
        }
        return (out, nil)
    }

    private func lastPosition(of record: AnnotationStore.Record, before end: Int,
                              in records: [AnnotationStore.Record]) -> Int {
        var j = end - 1
        while j >= 0, records[j].id != record.id { j -= 1 }
        return j
    }
}
