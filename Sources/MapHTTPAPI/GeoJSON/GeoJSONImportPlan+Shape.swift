import JSONScanning
import LiveWorld
import MapGeometry

/// The lines and areas of an import: each `GeoJSONShape` the scanner read
/// (its counts checked, its rings closed) made a `LiveShape`, every position
/// checked as a point's coordinates are.
extension GeoJSONImportPlan {
    /// The shape `s` makes with `id`; a position out of range is refused, naming it.
    static func shape(
        _ s: GeoJSONShape, id: String, kind: String?, look: LiveShape.Look, idIsNumber: Bool, _ what: String
    ) throws(APIError) -> LiveShape {
        let n = s.numbers
        let d = s.dimension
        let count = s.positionCount
        var coordinates: [Coordinate] = []
        coordinates.reserveCapacity(count)
        var altitudes: [Double]?
        if s.hasAltitudes { altitudes = [] }
        altitudes?.reserveCapacity(count)
        var k = 0
        while k < count {
            let longitude = n[k * d]
            let latitude = n[k * d + 1]
            guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
                throw .badRequest(outOfRange(s, position: k, latitude: latitude, longitude: longitude, what))
            }
            coordinates.append(Coordinate(latitude: latitude, longitude: longitude))
            if d == 3 { altitudes?.append(n[k * d + 2]) }
            k += 1
        }
        guard
            let geometry = WorldGeometry(
                kind: WorldGeometry.Kind(s.kind), coordinates: coordinates, altitudes: altitudes,
                ringEnds: s.ringEnds, polygonEnds: s.polygonEnds)
        else {
            // The scanner checked what the world checks; this is a safety net, not a path.
            throw .badRequest("\(what): the \(s.kind.rawValue) has too few positions to be drawn")
        }
        return LiveShape(id: id, kind: kind, geometry: geometry, look: look, idIsNumber: idIsNumber)
    }

    /// `features[2] (id "a"): "geometry.coordinates[0][3]": latitude 91.0 is outside -90...90`.
    private static func outOfRange(
        _ s: GeoJSONShape, position k: Int, latitude: Double, longitude: Double, _ what: String
    ) -> String {
        let why =
            (-90...90).contains(latitude)
            ? "longitude \(longitude) is outside -180...180" : "latitude \(latitude) is outside -90...90"
        return "\(what): \"geometry.coordinates\(path(of: k, in: s))\": \(why)"
    }

    /// `[1][3]`: where position `k` is in the nested coordinates of `s`.
    private static func path(of k: Int, in s: GeoJSONShape) -> String {
        let r = s.ringEnds.firstIndex { $0 > k } ?? 0
        let inRing = "[\(k - (r == 0 ? 0 : s.ringEnds[r - 1]))]"
        switch s.kind {
        case .lineString: return inRing
        case .multiLineString, .polygon: return "[\(r)]" + inRing
        case .multiPolygon:
            let p = s.polygonEnds.firstIndex { $0 > r } ?? 0
            return "[\(p)][\(r - (p == 0 ? 0 : s.polygonEnds[p - 1]))]" + inRing
        }
    }
}

extension WorldGeometry.Kind {
    init(_ kind: GeoJSONShape.Kind) {
        switch kind {
        case .lineString: self = .lineString
        case .multiLineString: self = .multiLineString
        case .polygon: self = .polygon
        case .multiPolygon: self = .multiPolygon
        }
    }
}
