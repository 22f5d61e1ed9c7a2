import JSONScanning
import LiveWorld
import SessionTransport

/// The GeoJSON answers of the API (docs/http-api.md, "Your own data"): the world as a
/// `FeatureCollection` of `Point` features and the shapes' lines and areas
/// (ShapeAnswers.swift), whose properties an import reads back, so export,
/// delete and import give the same world.

/// One annotation as a GeoJSON feature: `id` (a number when it came as
/// one), the point as `[longitude, latitude]` (and the altitude an import
/// gave), and `title`, `subtitle`, `kind`, `draggable`, and when set
/// `clusteringIdentifier`, `marker-color`, `marker-symbol`, `marker-size`.
struct GeoJSONFeatureAnswer: Encodable {
    let record: AnnotationStore.Record

    enum Keys: String, CodingKey { case type, id, geometry, properties }
    enum GeometryKeys: String, CodingKey { case type, coordinates }
    enum PropertyKeys: String, CodingKey {
        case title, subtitle, kind, draggable, clusteringIdentifier
        case markerColor = "marker-color"
        case markerSymbol = "marker-symbol"
        case markerSize = "marker-size"
    }

    func encode(to encoder: any Encoder) throws {
        var o = encoder.container(keyedBy: Keys.self)
        try o.encode("Feature", forKey: .type)
        let live = record.annotation as? LiveAnnotation
        try encodeFeatureID(record.id, isNumber: live?.idIsNumber == true, into: &o, forKey: .id)
        var geometry = o.nestedContainer(keyedBy: GeometryKeys.self, forKey: .geometry)
        try geometry.encode("Point", forKey: .type)
        let c = record.annotation.coordinate
        if let altitude = live?.altitude {
            try geometry.encode([c.longitude, c.latitude, altitude], forKey: .coordinates)
        } else {
            try geometry.encode([c.longitude, c.latitude], forKey: .coordinates)
        }
        var p = o.nestedContainer(keyedBy: PropertyKeys.self, forKey: .properties)
        let look = record.look
        try p.encode(look.title, forKey: .title)
        try p.encode(look.subtitle, forKey: .subtitle)
        try p.encode(record.kind, forKey: .kind)
        try p.encode(record.draggable, forKey: .draggable)
        try p.encodeIfPresent(record.clusteringIdentifier, forKey: .clusteringIdentifier)
        try p.encodeIfPresent(look.markerColor, forKey: .markerColor)
        try p.encodeIfPresent(look.markerSymbol, forKey: .markerSymbol)
        try p.encodeIfPresent(look.markerSize?.rawValue, forKey: .markerSize)
    }
}

/// `{"type":"FeatureCollection","features":[...]}`, the points' features
/// then the shapes', with the foreign member `next` (the cursor of the next
/// page) when the list was cut by `limit`.
struct GeoJSONCollectionAnswer: Encodable {
    let features: [GeoJSONFeatureAnswer]
    var shapes: [GeoJSONShapeFeatureAnswer] = []
    let next: String?

    enum Keys: String, CodingKey { case type, features, next }

    func encode(to encoder: any Encoder) throws {
        var o = encoder.container(keyedBy: Keys.self)
        try o.encode("FeatureCollection", forKey: .type)
        var all = o.nestedUnkeyedContainer(forKey: .features)
        for feature in features { try all.encode(feature) }
        for shape in shapes { try all.encode(shape) }
        try o.encodeIfPresent(next, forKey: .next)
    }
}

/// `POST /api/annotations` with GeoJSON, a GeoJSON text sequence or
/// NDJSON: `{"imported": N, "ids": [...], "warnings": [...]}`, the ids of
/// the annotations added in input order.
struct ImportedAnswer: Encodable {
    let imported: Int
    let ids: [String]
    let warnings: [ImportWarning]
}

/// A feature's `id` as it came: a JSON number when it was one, else the string.
func encodeFeatureID<Key: CodingKey>(
    _ id: String, isNumber: Bool, into o: inout KeyedEncodingContainer<Key>, forKey key: Key
) throws {
    if isNumber, let n = Int64(id) {
        try o.encode(n, forKey: key)
    } else if isNumber, let d = Double(id), d.isFinite {
        try o.encode(d, forKey: key)
    } else {
        try o.encode(id, forKey: key)
    }
}
