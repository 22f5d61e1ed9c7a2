import Foundation
import JSONScanning
import LiveWorld
import MapGeometry
import SessionTransport

/// GeoJSON geometries and positions in JSON bodies: a shape's `geometry`,
/// and the positions appended to a line. Each problem names where it is
/// (`geometry.coordinates[2][0]`), so a client sees what to fix.
extension LiveRequests {
    /// The geometry types a shape may have, as a message lists them.
    static let shapeTypes = "LineString, MultiLineString, Polygon or MultiPolygon"

    /// A GeoJSON geometry object as a shape's geometry. An area's ring that
    /// does not end where it starts is closed.
    static func geometry(_ value: Any, _ what: String) throws(APIError) -> WorldGeometry {
        guard let o = value as? [String: Any] else { throw .badRequest("\(what) must be a GeoJSON geometry object") }
        guard let type = o["type"] as? String else {
            throw .badRequest("\(what): \"type\" must be \(shapeTypes)")
        }
        guard let kind = WorldGeometry.Kind(rawValue: type) else {
            if type == "Point" || type == "MultiPoint" {
                throw .badRequest(
                    "\(what): a \(type) is not a line or an area; add a point as an annotation, "
                        + "with latitude and longitude")
            }
            throw .badRequest("\(what): \"type\" \(shown(type)) is not \(shapeTypes)")
        }
        guard let list = o["coordinates"] as? [Any] else {
            throw .badRequest("\(what): \"coordinates\" must be an array")
        }
        var reader = PositionReader()
        let path = "\(what).coordinates"
        switch kind {
        case .lineString:
            try reader.line(list, path)
        case .multiLineString:
            guard !list.isEmpty else { throw .badRequest("\(path) must hold at least one line") }
            for (i, line) in list.enumerated() { try reader.line(line, "\(path)[\(i)]") }
        case .polygon:
            try reader.polygon(list, path)
        case .multiPolygon:
            guard !list.isEmpty else { throw .badRequest("\(path) must hold at least one polygon") }
            for (i, polygon) in list.enumerated() { try reader.polygon(polygon, "\(path)[\(i)]") }
        }
        guard
            let geometry = WorldGeometry(
                kind: kind, coordinates: reader.coordinates, altitudes: reader.altitudes, ringEnds: reader.ringEnds,
                polygonEnds: reader.polygonEnds)
        else { throw .badRequest("\(what): not a valid \(type)") }
        return geometry
    }

    /// Positions for the end of a line: `[[lon, lat], ...]` or, for a line
    /// with altitudes, `[[lon, lat, alt], ...]`; 1 to `maxAppendPositions`.
    static func positions(
        _ value: Any?, _ what: String
    ) throws(APIError) -> (coordinates: [Coordinate], altitudes: [Double]?) {
        guard let value else { throw .badRequest("\(what): missing \"coordinates\"") }
        guard let list = value as? [Any] else {
            throw .badRequest("\(what): \"coordinates\" must be an array of [longitude, latitude] positions")
        }
        guard !list.isEmpty else { throw .badRequest("\(what): \"coordinates\" must hold at least one position") }
        guard list.count <= maxAppendPositions else {
            throw .badRequest(
                "\(what): \"coordinates\" holds \(list.count) positions; at most \(maxAppendPositions) an append")
        }
        var reader = PositionReader()
        for (i, p) in list.enumerated() { try reader.position(p, "\(what).coordinates[\(i)]") }
        return (reader.coordinates, reader.altitudes)
    }

    /// Most positions one append may add (a request, or one line of a feed's message).
    static let maxAppendPositions = 100_000

    /// A value as a message quotes it: at most 20 characters.
    static func shown(_ value: String) -> String {
        "\"" + (value.count > 20 ? String(value.prefix(20)) + "…" : value) + "\""
    }
}

/// Collects the positions of a geometry as `WorldGeometry` keeps them:
/// flat, with where each line or ring and each polygon ends.
private struct PositionReader {
    var coordinates: [Coordinate] = []
    var altitudes: [Double]?
    var ringEnds: [Int] = []
    var polygonEnds: [Int] = []
    /// Whether the first position had an altitude: every other must agree.
    private var hasAltitudes: Bool?

    mutating func line(_ value: Any, _ path: String) throws(APIError) {
        guard let list = value as? [Any] else { throw .badRequest("\(path) must be an array of positions") }
        guard list.count >= 2 else { throw .badRequest("\(path): a line needs at least 2 positions") }
        for (i, p) in list.enumerated() { try position(p, "\(path)[\(i)]") }
        ringEnds.append(coordinates.count)
    }

    mutating func polygon(_ value: Any, _ path: String) throws(APIError) {
        guard let rings = value as? [Any] else { throw .badRequest("\(path) must be an array of rings") }
        guard !rings.isEmpty else { throw .badRequest("\(path): a polygon needs its outer ring") }
        for (i, ring) in rings.enumerated() {
            let ringPath = "\(path)[\(i)]"
            guard let list = ring as? [Any] else { throw .badRequest("\(ringPath) must be an array of positions") }
            let start = coordinates.count
            for (j, p) in list.enumerated() { try position(p, "\(ringPath)[\(j)]") }
            let closed = list.count >= 2 && coordinates[start] == coordinates[coordinates.count - 1]
            guard list.count + (closed ? 0 : 1) >= 4 else {
                throw .badRequest("\(ringPath): a ring needs at least 4 positions, its last the same as its first")
            }
            ringEnds.append(coordinates.count)
        }
        polygonEnds.append(ringEnds.count)
    }

    /// `[longitude, latitude]` or `[longitude, latitude, altitude]`, in range.
    mutating func position(_ value: Any, _ path: String) throws(APIError) {
        let form = "must be [longitude, latitude] or [longitude, latitude, altitude]"
        guard let p = value as? [Any], (2...3).contains(p.count) else { throw .badRequest("\(path) \(form)") }
        var n: [Double] = []
        for v in p {
            guard let number = v as? NSNumber, !(v is String), !LiveRequests.isBoolean(number) else {
                throw .badRequest("\(path) \(form), each a number")
            }
            let d = number.doubleValue
            guard d.isFinite else { throw .badRequest("\(path): every number must be finite") }
            n.append(d)
        }
        guard (-180...180).contains(n[0]) else { throw .badRequest("\(path): longitude \(n[0]) is outside -180...180") }
        guard (-90...90).contains(n[1]) else { throw .badRequest("\(path): latitude \(n[1]) is outside -90...90") }
        let withAltitude = n.count == 3
        if let hasAltitudes, hasAltitudes != withAltitude {
            throw .badRequest(
                "\(path) \(withAltitude ? "has" : "has no") altitude, unlike the first position; "
                    + "give every position an altitude or none")
        }
        if hasAltitudes == nil {
            hasAltitudes = withAltitude
            if withAltitude { altitudes = [] }
        }
        coordinates.append(Coordinate(latitude: n[1], longitude: n[0]))
        if withAltitude { altitudes?.append(n[2]) }
    }
}
