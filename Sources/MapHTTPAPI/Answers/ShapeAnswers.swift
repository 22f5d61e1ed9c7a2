import JSONScanning
import LiveWorld
import MapGeometry
import SessionTransport

/// The answers about lines and areas (docs/http-api.md, "Lines, areas and
/// trails"): a shape as JSON and as a GeoJSON feature, and what an append did.

/// `{id, kind, geometry, title, subtitle}`, the geometry GeoJSON's, plus
/// `stroke`, `stroke-width`, `stroke-opacity`, `fill`, `fill-opacity` and
/// `trail` (`{"max": N}`) when set; a missing title or subtitle is `null`,
/// as in an annotation object.
struct ShapeAnswer: Encodable {
    let shape: LiveShape

    init(_ shape: LiveShape) {
        self.shape = shape
    }

    enum Keys: String, CodingKey {
        case id, kind, geometry, title, subtitle, stroke, fill, trail
        case strokeWidth = "stroke-width"
        case strokeOpacity = "stroke-opacity"
        case fillOpacity = "fill-opacity"
    }

    enum TrailKeys: String, CodingKey { case max }

    func encode(to encoder: any Encoder) throws {
        var o = encoder.container(keyedBy: Keys.self)
        let look = shape.look
        try o.encode(shape.id, forKey: .id)
        try o.encode(shape.kind, forKey: .kind)
        try o.encode(GeoJSONGeometryAnswer(geometry: shape.geometry), forKey: .geometry)
        try o.encode(look.title, forKey: .title)
        try o.encode(look.subtitle, forKey: .subtitle)
        try o.encodeIfPresent(look.stroke, forKey: .stroke)
        try o.encodeIfPresent(look.strokeWidth, forKey: .strokeWidth)
        try o.encodeIfPresent(look.strokeOpacity, forKey: .strokeOpacity)
        try o.encodeIfPresent(look.fill, forKey: .fill)
        try o.encodeIfPresent(look.fillOpacity, forKey: .fillOpacity)
        if let max = shape.trailLimit {
            var trail = o.nestedContainer(keyedBy: TrailKeys.self, forKey: .trail)
            try trail.encode(max, forKey: .max)
        }
    }
}

/// A geometry as GeoJSON writes it: its type and its positions nested as
/// the type says, each `[longitude, latitude]` or with its altitude third.
struct GeoJSONGeometryAnswer: Encodable {
    let geometry: WorldGeometry

    enum Keys: String, CodingKey { case type, coordinates }

    func encode(to encoder: any Encoder) throws {
        var o = encoder.container(keyedBy: Keys.self)
        try o.encode(geometry.kind.rawValue, forKey: .type)
        var coordinates = o.nestedUnkeyedContainer(forKey: .coordinates)
        switch geometry.kind {
        case .lineString:
            try positions(0..<geometry.coordinates.count, into: &coordinates)
        case .multiLineString:
            for (start, end) in zip([0] + geometry.ringEnds, geometry.ringEnds) {
                var line = coordinates.nestedUnkeyedContainer()
                try positions(start..<end, into: &line)
            }
        case .polygon:
            try rings(0..<geometry.ringEnds.count, into: &coordinates)
        case .multiPolygon:
            for (first, last) in zip([0] + geometry.polygonEnds, geometry.polygonEnds) {
                var polygon = coordinates.nestedUnkeyedContainer()
                try rings(first..<last, into: &polygon)
            }
        }
    }

    private func rings(_ range: Range<Int>, into out: inout any UnkeyedEncodingContainer) throws {
        for ring in range {
            var positions = out.nestedUnkeyedContainer()
            try self.positions(
                (ring == 0 ? 0 : geometry.ringEnds[ring - 1])..<geometry.ringEnds[ring], into: &positions)
        }
    }

    private func positions(_ range: Range<Int>, into out: inout any UnkeyedEncodingContainer) throws {
        let altitudes = geometry.altitudes
        for i in range {
            let c = geometry.coordinates[i]
            var p = out.nestedUnkeyedContainer()
            try p.encode(c.longitude)
            try p.encode(c.latitude)
            if let altitudes { try p.encode(altitudes[i]) }
        }
    }
}

/// One shape as a GeoJSON feature: `id` (a number when it came as one), its
/// geometry as stored, and `title`, `description` (the subtitle), `kind`,
/// and simplestyle's `stroke`, `stroke-width`, `stroke-opacity`, `fill`,
/// `fill-opacity` when set: what an import reads back.
struct GeoJSONShapeFeatureAnswer: Encodable {
    let shape: LiveShape

    enum Keys: String, CodingKey { case type, id, geometry, properties }
    enum PropertyKeys: String, CodingKey {
        case title, description, kind, stroke, fill
        case strokeWidth = "stroke-width"
        case strokeOpacity = "stroke-opacity"
        case fillOpacity = "fill-opacity"
    }

    func encode(to encoder: any Encoder) throws {
        var o = encoder.container(keyedBy: Keys.self)
        try o.encode("Feature", forKey: .type)
        try encodeFeatureID(shape.id, isNumber: shape.idIsNumber, into: &o, forKey: .id)
        try o.encode(GeoJSONGeometryAnswer(geometry: shape.geometry), forKey: .geometry)
        var p = o.nestedContainer(keyedBy: PropertyKeys.self, forKey: .properties)
        let look = shape.look
        try p.encode(look.title, forKey: .title)
        try p.encode(look.subtitle, forKey: .description)
        try p.encode(shape.kind, forKey: .kind)
        try p.encodeIfPresent(look.stroke, forKey: .stroke)
        try p.encodeIfPresent(look.strokeWidth, forKey: .strokeWidth)
        try p.encodeIfPresent(look.strokeOpacity, forKey: .strokeOpacity)
        try p.encodeIfPresent(look.fill, forKey: .fill)
        try p.encodeIfPresent(look.fillOpacity, forKey: .fillOpacity)
    }
}

/// `POST /api/annotations/{id}/coordinates`:
/// `{"id":"bus-1","appended":N,"points":M,"version":V}`, `points` being
/// the line's positions after the append (a trail keeps its newest).
struct AppendAnswer: Encodable {
    let id: String
    let appended: Int
    let points: Int
    let version: UInt64

    init(_ result: AnnotationStore.TrailsResult) {
        let line = result.lines.first
        id = line?.id ?? ""
        appended = line?.appended ?? 0
        points = line?.points ?? 0
        version = result.version
    }
}

/// A feed's message of appends:
/// `{"appends":[{"id","appended","points"}, ...],"version":V}`, one entry an
/// append in the message's order.
struct FeedAppendsAnswer: Encodable {
    struct Line: Encodable {
        let id: String
        let appended: Int
        let points: Int
    }

    let appends: [Line]
    let version: UInt64

    init(_ result: AnnotationStore.TrailsResult) {
        appends = result.lines.map { Line(id: $0.id, appended: $0.appended, points: $0.points) }
        version = result.version
    }
}
