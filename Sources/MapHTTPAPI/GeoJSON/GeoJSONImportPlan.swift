import Foundation
import JSONScanning
import LiveWorld
import MapCore

/// The annotations and shapes an import adds, checked by the rules of the
/// JSON API, with their ids in input order and what was left at its default.
///
/// What refuses the whole import: an id that is bad or given twice, a
/// position out of range, a text over its limit. What does not: a style
/// value that is not one (the feature keeps the default for it, and a
/// warning says so), and a feature with a null or empty geometry (skipped,
/// with a warning). A feature without an id gets a new random one; each
/// point of a `MultiPoint` and each part of a `GeometryCollection` is an
/// annotation or a shape of its own, `<id>:0`, `<id>:1`, and so on, where a
/// `MultiLineString` or a `MultiPolygon` is one shape.
struct GeoJSONImportPlan {
    var annotations: [LiveAnnotation] = []
    /// The feature each annotation came from.
    var featureOf: [Int] = []
    var shapes: [LiveShape] = []
    /// The feature each shape came from.
    var shapeFeatureOf: [Int] = []
    /// The ids of the annotations and shapes, in input order.
    private(set) var ids: [String] = []
    var warnings: [ImportWarning] = []
    let batch: GeoJSONBatch

    typealias Rules = AnnotationFieldRules

    /// The plan for `batch`; `isTaken` says whether the world has an id
    /// already, so a new one is never one of those.
    init(_ batch: GeoJSONBatch, isTaken: (String) -> Bool) throws(APIError) {
        self.batch = batch
        let features = batch.features
        annotations.reserveCapacity(features.count)
        featureOf.reserveCapacity(features.count)
        ids.reserveCapacity(features.count)
        // Only when an id is to be made: the given ones it must not be.
        var given = Set<String>()
        if features.contains(where: { $0.id == nil }) {
            given = Set(features.lazy.compactMap(\.id))
        }
        var seen = [String: Int](minimumCapacity: features.count)
        for (i, f) in features.enumerated() {
            let parts = f.positions.count + f.shapes.count
            guard parts > 0 else {
                let why =
                    f.geometryType.map { "a \($0) without positions; the feature is skipped" }
                    ?? "null geometry; the feature has no place on the map and is skipped"
                warn(i, id: f.id, "geometry", why)
                continue
            }
            let what = GeoJSONImport.place(batch.name(i), id: f.id).dropLast(2).description
            // One point, line or area: the feature's id is its own.
            let isSingle = f.geometryType == "Point" || f.geometryType.flatMap(GeoJSONShape.Kind.init) != nil
            let base: String
            if let id = f.id {
                base = id
                try Rules.checkID(id, what)
            } else {
                base = Self.newID(points: isSingle ? nil : parts) { id in
                    given.contains(id) || seen[id] != nil || isTaken(id)
                }
            }
            try Rules.checkText(f.kind, field: "properties.kind", limit: Rules.maxKindBytes, what)
            try Rules.checkText(
                f.title, field: "properties.title", limit: Rules.maxTextBytes, allowsControls: true, what)
            try Rules.checkText(
                f.subtitle, field: "properties.subtitle", limit: Rules.maxTextBytes, allowsControls: true, what)
            try Rules.checkText(
                f.clusteringIdentifier, field: "properties.clusteringIdentifier",
                limit: Rules.maxClusteringIdentifierBytes, what)
            let texts = self.texts(of: f, i, id: base)
            let look =
                f.positions.isEmpty
                ? LiveAnnotation.Look(title: nil, subtitle: nil) : markerLook(of: f, texts, i, id: base)
            let shapeLook = f.shapes.isEmpty ? nil : self.shapeLook(of: f, texts, i, id: base)
            var shapeIndex = 0
            for k in 0..<parts {
                let id = isSingle ? base : "\(base):\(k)"
                let isShape = shapeIndex < f.shapes.count && f.shapes[shapeIndex].part == k
                let part = isSingle ? what : "\(what), \(isShape ? "part" : "point") \(k)"
                if !isSingle { try Rules.checkID(id, part) }
                if let first = seen.updateValue(i, forKey: id) {
                    throw .badRequest(
                        "\(part): id \"\(id.prefix(80))\" is also the id of \(batch.name(first)); ids must be unique")
                }
                ids.append(id)
                if let shapeLook, isShape {
                    shapes.append(
                        try Self.shape(
                            f.shapes[shapeIndex], id: id, kind: f.kind, look: shapeLook,
                            idIsNumber: isSingle && f.idIsNumber, part))
                    shapeFeatureOf.append(i)
                    shapeIndex += 1
                    continue
                }
                let p = f.positions[k - shapeIndex]
                guard p.latitude.isFinite, p.longitude.isFinite, p.altitude?.isFinite ?? true else {
                    throw .badRequest("\(part): \"geometry.coordinates\" must be finite numbers")
                }
                let coordinate = try LiveRequests.coordinate(latitude: p.latitude, longitude: p.longitude, part)
                annotations.append(
                    LiveAnnotation(
                        id: id, kind: f.kind ?? "point", coordinate: coordinate, isDraggable: f.draggable,
                        clusteringIdentifier: f.clusteringIdentifier, look: look,
                        altitude: p.altitude, idIsNumber: isSingle && f.idIsNumber))
                featureOf.append(i)
            }
        }
    }

    /// How many annotations and shapes it adds.
    var count: Int { annotations.count + shapes.count }

    /// The place of `id` in the import, for an id the store refused.
    func name(of id: String) -> String? {
        if let k = annotations.firstIndex(where: { $0.id == id }) { return batch.name(featureOf[k]) }
        return shapes.firstIndex { $0.id == id }.map { batch.name(shapeFeatureOf[$0]) }
    }

    /// A new id: random, so unique in the world; one `isTaken` says is
    /// taken (for a feature of `points` parts, any of theirs) is drawn again.
    static func newID(points: Int?, isTaken: (String) -> Bool) -> String {
        while true {
            let id = UUID().uuidString.lowercased()
            let all = points.map { n in (0..<n).map { "\(id):\($0)" } } ?? [id]
            if !isTaken(id), !all.contains(where: isTaken) { return id }
        }
    }
}

/// Something an import left at its default, or skipped: the feature's
/// place in the input (`index` from 0, and its `line` in NDJSON), its id,
/// and the property.
struct ImportWarning: Encodable, Equatable {
    let index: Int
    let line: Int?
    let id: String?
    let property: String
    let why: String

    enum CodingKeys: String, CodingKey { case index, line, id, property, why }

    func encode(to encoder: any Encoder) throws {
        var o = encoder.container(keyedBy: CodingKeys.self)
        try o.encode(index, forKey: .index)
        try o.encodeIfPresent(line, forKey: .line)
        try o.encodeIfPresent(id, forKey: .id)
        try o.encode(property, forKey: .property)
        try o.encode(why, forKey: .why)
    }
}
