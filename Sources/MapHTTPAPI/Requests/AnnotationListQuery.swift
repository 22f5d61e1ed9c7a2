import Foundation
import JSONScanning
import LiveWorld
import MapGeometry
import SessionTransport

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

    /// Where a page ends: the `seq` of the last annotation listed, or of
    /// the last shape once the annotations are all listed (lines and areas
    /// follow the annotations). The next page starts after it in the order
    /// they were added, so adds and removes between two pages neither
    /// repeat nor skip one.
    struct Cursor: Equatable {
        var seq: UInt64
        /// Whether `seq` numbers a shape: the annotations are all listed.
        var inShapes = false

        var token: String {
            Data("\(inShapes ? "l" : "s")\(seq)".utf8).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }

        init(seq: UInt64, inShapes: Bool = false) {
            self.seq = seq
            self.inShapes = inShapes
        }

        init?(token: String) {
            var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while base64.count % 4 != 0 { base64 += "=" }
            guard token.utf8.count <= 64, let data = Data(base64Encoded: base64),
                let text = String(data: data, encoding: .utf8), text.first == "s" || text.first == "l",
                let seq = UInt64(text.dropFirst())
            else { return nil }
            self.seq = seq
            inShapes = text.first == "l"
        }
    }

    /// The query string's parameters, each checked; 400 names a bad one.
    /// `query` is as the client sent it: each name and value is decoded here, once.
    init(query: String) throws(APIError) {
        var seen: Set<String> = []
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.formDecoded(parts[0], in: "a parameter name")
            let value = parts.count > 1 ? try Self.formDecoded(parts[1], in: "parameter \(name.prefix(40))") : ""
            guard seen.insert(name).inserted else {
                throw .badRequest("query parameter \(name.prefix(40)) given more than once")
            }
            switch name {
            case "bbox": bbox = try Self.bbox(value)
            case "limit":
                guard let n = Int(value), (1...Self.maxLimit).contains(n) else {
                    throw .badRequest(
                        "query parameter limit: \"\(value.prefix(40))\" must be a whole number "
                            + "from 1 to \(Self.maxLimit)")
                }
                limit = n
            case "cursor":
                guard let c = Cursor(token: value) else {
                    throw .badRequest(
                        "query parameter cursor: not a cursor this server gave; "
                            + "pass the \"next\" of the previous page unchanged")
                }
                cursor = c
            default:
                throw .badRequest("unknown query parameter \(name.prefix(40)); the list takes bbox, limit and cursor")
            }
        }
    }

    init() {}

    /// A form-encoded name or value (`+` a space, `%XX` a byte), decoded once.
    static func formDecoded(_ text: Substring, in place: String) throws(APIError) -> String {
        let plain = text.replacingOccurrences(of: "+", with: " ")
        guard let decoded = plain.removingPercentEncoding else {
            throw .badRequest("query \(place): \"\(text.prefix(40))\" holds a malformed percent-escape")
        }
        return decoded
    }

    /// A plain decimal number (`-12.5`, `3e2`): no hexadecimal, no `inf` or `nan`, no sign but minus.
    static func decimal(_ text: String) -> Double? {
        var rest = Substring(text)
        if rest.first == "-" { rest = rest.dropFirst() }
        let mantissa = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let exponent = rest.dropFirst(mantissa.count)
        guard mantissa.contains(where: \.isNumber), mantissa.filter({ $0 == "." }).count <= 1 else { return nil }
        if !exponent.isEmpty {
            var digits = exponent.dropFirst()
            if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
            guard exponent.first == "e" || exponent.first == "E", !digits.isEmpty,
                digits.allSatisfy({ $0.isASCII && $0.isNumber })
            else { return nil }
        }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    private static func bbox(_ value: String) throws(APIError) -> BoundingBox {
        let usage = "must be minLon,minLat,maxLon,maxLat in degrees"
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        var n: [Double] = []
        for p in parts {
            guard let d = decimal(p.trimmingCharacters(in: .whitespaces)) else {
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

    /// One page of `store`: its annotations, in the order they were added,
    /// then its shapes in theirs (those whose bounds meet `bbox`), and the
    /// cursor of the next page if there is more.
    func page(of store: AnnotationStore) -> (records: [AnnotationStore.Record], shapes: [LiveShape], next: Cursor?) {
        let bbox = bbox
        let limit = limit ?? Int.max
        var records: [AnnotationStore.Record] = []
        if cursor?.inShapes != true {
            let (page, more) = store.page(after: cursor?.seq, limit: limit) { record in
                bbox?.contains(record.annotation.coordinate) ?? true
            }
            if more { return (page, [], page.last.map { Cursor(seq: $0.seq) }) }
            records = page
        }
        let room = limit - records.count
        let after = cursor?.inShapes == true ? cursor?.seq : nil
        let (shapes, more) = store.shapePage(after: after, limit: room) { bbox?.meets($0.geometry) ?? true }
        guard more else { return (records, shapes.map(\.shape), nil) }
        // A page the annotations filled: the shapes start the next.
        let next = shapes.last.map { Cursor(seq: $0.seq, inShapes: true) } ?? Cursor(seq: 0, inShapes: true)
        return (records, shapes.map(\.shape), next)
    }
}

extension AnnotationListQuery.BoundingBox {
    /// Whether the box meets the bounds of `geometry` (its positions' least
    /// and greatest longitudes and latitudes: GeoJSON cuts a line that
    /// crosses the antimeridian in two).
    func meets(_ geometry: WorldGeometry) -> Bool {
        guard let first = geometry.coordinates.first else { return false }
        var (west, east, south, north) = (first.longitude, first.longitude, first.latitude, first.latitude)
        for c in geometry.coordinates.dropFirst() {
            west = min(west, c.longitude)
            east = max(east, c.longitude)
            south = min(south, c.latitude)
            north = max(north, c.latitude)
        }
        guard south <= maxLatitude, north >= minLatitude else { return false }
        if minLongitude <= maxLongitude { return west <= maxLongitude && east >= minLongitude }
        return east >= minLongitude || west <= maxLongitude
    }
}
