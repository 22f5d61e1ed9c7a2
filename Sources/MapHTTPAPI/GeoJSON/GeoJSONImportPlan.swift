import Foundation
import JSONScanning
import LiveWorld
import MapCore

/// The annotations an import adds, checked by the rules of the JSON API,
/// with their ids in input order and what was left at its default.
///
/// What refuses the whole import: an id that is bad or given twice, a
/// position out of range, a text over its limit. What does not: a style
/// value that is not one (the feature keeps the default for it, and a
/// warning says so), and a feature with a null geometry (skipped, with a
/// warning). A feature without an id gets a new random one; each point of
/// a `MultiPoint` or `GeometryCollection` is an annotation of its own,
/// `<id>:0`, `<id>:1`, and so on.
struct GeoJSONImportPlan {
    var annotations: [LiveAnnotation] = []
    /// The feature each annotation came from.
    var featureOf: [Int] = []
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
        // Only when an id is to be made: the given ones it must not be.
        var given = Set<String>()
        if features.contains(where: { $0.id == nil }) {
            given = Set(features.lazy.compactMap(\.id))
        }
        var seen = [String: Int](minimumCapacity: features.count)
        for (i, f) in features.enumerated() {
            guard !f.positions.isEmpty else {
                let why =
                    f.geometryType.map { "a \($0) without points; the feature is skipped" }
                    ?? "null geometry; the feature has no place on the map and is skipped"
                warn(i, id: f.id, "geometry", why)
                continue
            }
            let what = GeoJSONImport.place(batch.name(i), id: f.id).dropLast(2).description
            let isSingle = f.geometryType == "Point"
            let base: String
            if let id = f.id {
                base = id
                try Rules.checkID(id, what)
            } else {
                base = Self.newID(points: isSingle ? nil : f.positions.count) { id in
                    given.contains(id) || seen[id] != nil || isTaken(id)
                }
            }
            let kind = f.kind ?? "point"
            try Rules.checkText(kind, field: "properties.kind", limit: Rules.maxKindBytes, what)
            try Rules.checkText(
                f.title, field: "properties.title", limit: Rules.maxTextBytes, allowsControls: true, what)
            try Rules.checkText(
                f.subtitle, field: "properties.subtitle", limit: Rules.maxTextBytes, allowsControls: true, what)
            try Rules.checkText(
                f.clusteringIdentifier, field: "properties.clusteringIdentifier",
                limit: Rules.maxClusteringIdentifierBytes, what)
            let look = self.look(of: f, i, id: base)
            for (k, p) in f.positions.enumerated() {
                let id = isSingle ? base : "\(base):\(k)"
                let point = isSingle ? what : "\(what), point \(k)"
                if !isSingle { try Rules.checkID(id, point) }
                if let first = seen.updateValue(i, forKey: id) {
                    throw .badRequest(
                        "\(point): id \"\(id.prefix(80))\" is also the id of \(batch.name(first)); ids must be unique")
                }
                guard p.latitude.isFinite, p.longitude.isFinite, p.altitude?.isFinite ?? true else {
                    throw .badRequest("\(point): \"geometry.coordinates\" must be finite numbers")
                }
                let coordinate = try LiveRequests.coordinate(latitude: p.latitude, longitude: p.longitude, point)
                annotations.append(
                    LiveAnnotation(
                        id: id, kind: kind, coordinate: coordinate, isDraggable: f.draggable,
                        clusteringIdentifier: f.clusteringIdentifier, look: look, altitude: p.altitude,
                        idIsNumber: isSingle && f.idIsNumber))
                featureOf.append(i)
            }
        }
    }

    /// The ids of the annotations, in input order.
    var ids: [String] { annotations.map(\.id) }

    /// The place of `id` in the import, for an id the store refused.
    func name(of id: String) -> String? {
        annotations.firstIndex { $0.id == id }.map { batch.name(featureOf[$0]) }
    }

    /// A new id: random, so unique in the world; one `isTaken` says is
    /// taken (for a feature of `points` points, any of theirs) is drawn again.
    static func newID(points: Int?, isTaken: (String) -> Bool) -> String {
        while true {
            let id = UUID().uuidString.lowercased()
            let all = points.map { n in (0..<n).map { "\(id):\($0)" } } ?? [id]
            if !isTaken(id), !all.contains(where: isTaken) { return id }
        }
    }

    // MARK: Style

    /// Title, subtitle and marker style: a style value that is not one
    /// leaves the default, and a warning.
    private mutating func look(of f: GeoJSONFeature, _ i: Int, id: String) -> LiveAnnotation.Look {
        for key in f.notText {
            let rest = key == "description" ? "it is left out" : "the default is drawn"
            warn(i, id: id, key, "must be a string; \(rest)")
        }
        var look = LiveAnnotation.Look(title: f.title, subtitle: f.subtitle)
        if look.subtitle == nil, let description = f.description {
            let bytes = description.utf8.count
            if bytes <= Rules.maxTextBytes {
                look.subtitle = description
            } else {
                warn(
                    i, id: id, "description",
                    "is \(bytes) bytes; a subtitle is at most \(Rules.maxTextBytes), so it is left out")
            }
        }
        if let color = f.markerColor {
            if let why = Rules.markerColorProblem(color) {
                warn(i, id: id, "marker-color", "\(why); the default red is drawn")
            } else {
                look.markerColor = color
            }
        }
        if let symbol = f.markerSymbol {
            if let problem = Rules.markerSymbolProblem(symbol) {
                if problem.isUnknownIcon {
                    look.markerSymbol = symbol
                    warn(i, id: id, "marker-symbol", "\(problem.why); unknown icon, the default glyph is drawn")
                } else {
                    warn(i, id: id, "marker-symbol", "\(problem.why); the default glyph is drawn")
                }
            } else {
                look.markerSymbol = symbol
            }
        }
        if let size = f.markerSize {
            if let why = Rules.markerSizeProblem(size) {
                warn(i, id: id, "marker-size", "\(why); the usual size is drawn")
            } else {
                look.markerSize = MarkerSize(rawValue: size)
            }
        }
        return look
    }

    private mutating func warn(_ i: Int, id: String?, _ property: String, _ why: String) {
        warnings.append(
            ImportWarning(index: i, line: batch.lines?[i], id: id, property: property, why: why))
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
