/// A geometry object as read, before its type says what its coordinates must be
/// (a writer may put `coordinates` before `type`).
struct ScannedGeometry {
    var type: String?
    var coordinates: ScannedCoordinates?
    /// A `GeometryCollection`'s members; nil when there is no `geometries` array.
    var geometries: [ScannedGeometry]?

    static let supported =
        "only Point, MultiPoint, LineString, MultiLineString, Polygon and MultiPolygon geometries, "
        + "and GeometryCollections of them, can be imported"

    /// Its points and shapes, appended to `feature` in order; coordinates
    /// that are not what the type needs are a problem naming the type.
    func parts(
        into feature: inout GeoJSONFeature, _ problem: (String) -> JSONByteScanner.Failure,
        inCollection: Bool = false
    ) throws(JSONByteScanner.Failure) {
        // The coordinates: `"geometry.coordinates[2]"`, or in a collection
        // `a GeometryCollection's MultiPoint "coordinates[2]"`.
        func named(_ path: String) -> String {
            let name = "coordinates" + path
            return inCollection ? "a GeometryCollection's \(type ?? "") \"\(name)\"" : "\"geometry.\(name)\""
        }
        let position = "[longitude, latitude] or [longitude, latitude, altitude] (numbers)"
        switch type {
        case "Point":
            guard let c = coordinates, c.arePositions(at: 0), c.positionCount == 1, c.firstBadPosition == nil else {
                throw problem("\(named("")) must be \(position)")
            }
            feature.positions.append(Self.point(c, 0))
        case "MultiPoint":
            guard let c = coordinates, c.arePositions(at: 1) else {
                throw problem("\(named("")) must be a list of [longitude, latitude] positions")
            }
            if let k = c.firstBadPosition { throw problem("\(named("[\(k)]")) must be \(position)") }
            feature.positions.reserveCapacity(feature.positions.count + c.positionCount)
            for k in 0..<c.positionCount { feature.positions.append(Self.point(c, k)) }
        case "GeometryCollection" where !inCollection:
            guard let geometries else { throw problem("a GeometryCollection needs a \"geometries\" array") }
            for g in geometries { try g.parts(into: &feature, problem, inCollection: true) }
        case "GeometryCollection":
            throw problem("a GeometryCollection inside a GeometryCollection is not supported; \(Self.supported)")
        case nil:
            let subject = inCollection ? "each of a GeometryCollection's \"geometries\"" : "\"geometry\""
            throw problem("\(subject) needs a \"type\"")
        case let other?:
            guard let kind = GeoJSONShape.Kind(rawValue: other) else {
                let inside = inCollection ? " (in a GeometryCollection)" : ""
                throw problem("geometry type \"\(other.prefix(40))\"\(inside) is not supported; \(Self.supported)")
            }
            try shape(kind, into: &feature, problem, named: named)
        }
    }

    /// A line or an area appended to `feature` as its next part; none for empty coordinates.
    private func shape(
        _ kind: GeoJSONShape.Kind, into feature: inout GeoJSONFeature,
        _ problem: (String) -> JSONByteScanner.Failure, named: (String) -> String
    ) throws(JSONByteScanner.Failure) {
        var c = coordinates ?? ScannedCoordinates()
        if coordinates == nil { c.isMalformed = true }
        switch GeoJSONShape.read(kind, c, named: named) {
        case .success(var shape?):
            shape.part = feature.positions.count + feature.shapes.count
            feature.shapes.append(shape)
        case .success(nil): break
        case .failure(.nesting(let level)):
            let lists = ["", "a list of", "a list of lists of", "a list of lists of lists of"][level]
            throw problem("\(named("")) must be \(lists) [longitude, latitude] positions for a \(kind.rawValue)")
        case .failure(.message(let message)): throw problem(message)
        }
    }

    /// Position `k` of `c` as a point.
    private static func point(_ c: ScannedCoordinates, _ k: Int) -> GeoJSONPosition {
        let (start, count) = c.position(k)
        let n = c.numbers
        return GeoJSONPosition(longitude: n[start], latitude: n[start + 1], altitude: count == 3 ? n[start + 2] : nil)
    }
}

extension JSONByteScanner {
    /// A geometry object, its members kept for `ScannedGeometry.positions`.
    mutating func geometry() throws(Failure) -> ScannedGeometry {
        var g = ScannedGeometry()
        try object { (s: inout JSONByteScanner, key: String) throws(Failure) in
            switch key {
            case "type": g.type = try s.stringOrSkip()
            case "coordinates": g.coordinates = try s.coordinates()
            case "geometries":
                guard s.peek == UInt8(ascii: "[") else { return try s.skipValue() }
                var list: [ScannedGeometry] = []
                try s.array { (s: inout JSONByteScanner) throws(Failure) in
                    if s.peek == UInt8(ascii: "{") {
                        list.append(try s.geometry())
                    } else {
                        // Not an object: a member without a type, refused as such.
                        try s.skipValue()
                        list.append(ScannedGeometry())
                    }
                }
                g.geometries = list
            default: try s.skipValue()
            }
        }
        return g
    }

    /// A legacy `crs` member: nil for null, its name when it is a named CRS.
    mutating func crs() throws(Failure) -> GeoJSONCRS? {
        switch peek {
        case UInt8(ascii: "n"):
            try literal("null")
            return nil
        case UInt8(ascii: "{"): break
        default:
            try skipValue()
            return .unnamed("not an object")
        }
        var type: String?
        var name: String?
        try object { (s: inout JSONByteScanner, key: String) throws(Failure) in
            switch key {
            case "type": type = try s.stringOrSkip()
            case "properties":
                guard s.peek == UInt8(ascii: "{") else { return try s.skipValue() }
                try s.object { (s: inout JSONByteScanner, key: String) throws(Failure) in
                    if key == "name" { name = try s.stringOrSkip() } else { try s.skipValue() }
                }
            default: try s.skipValue()
            }
        }
        if type == "name", let name { return .named(name) }
        return .unnamed(type.map { "a \"\($0.prefix(40))\" CRS" } ?? "a CRS without a name")
    }
}
