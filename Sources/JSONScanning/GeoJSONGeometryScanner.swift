/// A geometry object as read, before its type says what its coordinates must be
/// (a writer may put `coordinates` before `type`).
struct ScannedGeometry {
    var type: String?
    var coordinates: Coordinates?
    /// A `GeometryCollection`'s members; nil when there is no `geometries` array.
    var geometries: [ScannedGeometry]?

    /// The shapes of `coordinates` a point geometry can have.
    enum Coordinates {
        /// `[1, 2]`: a position.
        case position([Double])
        /// `[[1, 2], [3, 4]]` or `[]`: a list of positions.
        case positions([[Double]])
        /// Anything else (deeper, mixed, not an array).
        case other
    }

    static let supported =
        "only Point geometries (\"coordinates\": [longitude, latitude]), MultiPoints and "
        + "GeometryCollections of them can be imported"

    /// Its points, appended to `out` in order; a geometry that is not made
    /// of points, or a position that is not 2 or 3 numbers, is a problem
    /// naming its type.
    func positions(
        into out: inout [GeoJSONPosition], _ problem: (String) -> JSONByteScanner.Failure,
        inCollection: Bool = false
    ) throws(JSONByteScanner.Failure) {
        // The coordinates: `"geometry.coordinates[2]"`, or in a collection
        // `a GeometryCollection's MultiPoint "coordinates[2]"`.
        func named(_ index: Int? = nil) -> String {
            let name = "coordinates" + (index.map { "[\($0)]" } ?? "")
            return inCollection ? "a GeometryCollection's \(type ?? "") \"\(name)\"" : "\"geometry.\(name)\""
        }
        switch type {
        case "Point":
            guard case .position(let p) = coordinates, let position = Self.position(p) else {
                throw problem(
                    "\(named()) must be [longitude, latitude] "
                        + "or [longitude, latitude, altitude] (numbers)")
            }
            out.append(position)
        case "MultiPoint":
            guard case .positions(let list) = coordinates else {
                throw problem("\(named()) must be a list of [longitude, latitude] positions")
            }
            for (i, p) in list.enumerated() {
                guard let position = Self.position(p) else {
                    throw problem(
                        "\(named(i)) must be [longitude, latitude] "
                            + "or [longitude, latitude, altitude] (numbers)")
                }
                out.append(position)
            }
        case "GeometryCollection" where !inCollection:
            guard let geometries else { throw problem("a GeometryCollection needs a \"geometries\" array") }
            for g in geometries { try g.positions(into: &out, problem, inCollection: true) }
        case "GeometryCollection":
            throw problem("a GeometryCollection inside a GeometryCollection is not supported; \(Self.supported)")
        case nil:
            let subject = inCollection ? "each of a GeometryCollection's \"geometries\"" : "\"geometry\""
            throw problem("\(subject) needs a \"type\"")
        case let other?:
            let inside = inCollection ? " (in a GeometryCollection)" : ""
            throw problem("geometry type \"\(other.prefix(40))\"\(inside) is not supported; \(Self.supported)")
        }
    }

    /// Longitude, latitude and maybe altitude, when `p` is 2 or 3 numbers.
    private static func position(_ p: [Double]) -> GeoJSONPosition? {
        switch p.count {
        case 2: GeoJSONPosition(longitude: p[0], latitude: p[1])
        case 3: GeoJSONPosition(longitude: p[0], latitude: p[1], altitude: p[2])
        default: nil
        }
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

    /// `coordinates` as a position or a list of them, or `.other` (checked, skipped).
    private mutating func coordinates() throws(Failure) -> ScannedGeometry.Coordinates {
        guard peek == UInt8(ascii: "[") else {
            try skipValue()
            return .other
        }
        var flat: [Double] = []
        var nested: [[Double]] = []
        var isOther = false
        try array { (s: inout JSONByteScanner) throws(Failure) in
            if !isOther, nested.isEmpty, s.atNumber {
                flat.append(try s.number())
            } else if !isOther, flat.isEmpty, s.peek == UInt8(ascii: "[") {
                if let p = try s.numbersOrSkip() { nested.append(p) } else { isOther = true }
            } else {
                isOther = true
                try s.skipValue()
            }
        }
        if isOther { return .other }
        return flat.isEmpty ? .positions(nested) : .position(flat)
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
