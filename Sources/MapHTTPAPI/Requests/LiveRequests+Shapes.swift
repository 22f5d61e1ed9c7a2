import Foundation
import JSONScanning
import LiveWorld
import MapGeometry
import SessionTransport

/// The JSON bodies about lines and areas: one added with
/// `POST /api/annotations`, an edit of one, and positions appended to a line.
/// Each is one explicit change, so a value that is not one is a 400 naming
/// the field (an import, which carries many, is lenient instead).
extension LiveRequests {
    /// The style keys of a shape, simplestyle's spelling first and the API's camel case second.
    static let strokeWidthKeys = ["stroke-width", "strokeWidth"]
    static let strokeOpacityKeys = ["stroke-opacity", "strokeOpacity"]
    static let fillOpacityKeys = ["fill-opacity", "fillOpacity"]
    /// A shape's second line: `subtitle` as for annotations, or GeoJSON's `description`.
    static let subtitleKeys = ["subtitle", "description"]
    /// Widest line, points: wider would cover the map rather than draw on it.
    static let maxStrokeWidth = 100.0
    /// Most positions a trail may keep (`"trail": {"max": N}`).
    static let maxTrail = 100_000

    static let shapeStyleKeys =
        ["title", "stroke", "fill"] + subtitleKeys + strokeWidthKeys + strokeOpacityKeys + fillOpacityKeys
    static let newShapeKeys = Set(["id", "kind", "geometry", "trail"] + shapeStyleKeys)
    static let shapeEditKeys = Set(["geometry"] + shapeStyleKeys)

    /// Whether a JSON add's body is a shape: an object with `geometry`. Read
    /// only when the bytes hold that key, so a point's add parses once.
    static func isShape(_ body: [UInt8]) -> Bool {
        guard contains(body, #""geometry""#) else { return false }
        return ((try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any])?["geometry"] != nil
    }

    /// The body of `POST /api/annotations` that adds one line or area.
    static func newShape(_ body: [UInt8]) throws(APIError) -> LiveShape {
        let what = "shape"
        let o = try object(json(body, what), "the body")
        try refuseUnknownKeys(
            o, allowed: newShapeKeys, what,
            takes: "id, geometry, kind, trail, title, subtitle (or description), stroke, stroke-width, "
                + "stroke-opacity, fill and fill-opacity")
        let (id, idIsNumber) = try shapeID(o["id"], what)
        try AnnotationFieldRules.checkID(id, what)
        guard let g = o["geometry"], !(g is NSNull) else { throw .badRequest("\(what): missing \"geometry\"") }
        let geometry = try geometry(g, "geometry")
        let kind = try optionalString(o, "kind", what)
        try AnnotationFieldRules.checkText(kind, field: "kind", limit: AnnotationFieldRules.maxKindBytes, what)
        let edit = try shapeStyle(o, isArea: geometry.kind.isArea, what)
        var look = LiveShape.Look()
        edit.apply(to: &look)
        let trail = try trailLimit(o["trail"], kind: geometry.kind, what)
        return LiveShape(id: id, kind: kind, geometry: geometry, look: look, trailLimit: trail, idIsNumber: idIsNumber)
    }

    /// The body of `PATCH /api/annotations/{id}` for a shape: its geometry
    /// (a line for a line, an area for an area), texts and style.
    static func shapeEdit(_ body: [UInt8], isArea: Bool) throws(APIError) -> ShapeEdit {
        let what = "edit"
        let o = try object(json(body, what), "the body")
        try refuseUnknownKeys(
            o, allowed: shapeEditKeys, what,
            takes: "geometry, title, subtitle (or description), stroke, stroke-width, stroke-opacity"
                + (isArea ? ", fill, fill-opacity" : ""))
        guard !o.isEmpty else {
            throw .badRequest("\(what): the body changes nothing; give geometry, a text or a style")
        }
        var edit = try shapeStyle(o, isArea: isArea, what)
        if let g = o["geometry"] {
            guard !(g is NSNull) else { throw .badRequest("\(what): \"geometry\" cannot be removed") }
            let geometry = try geometry(g, "geometry")
            guard geometry.kind.isArea == isArea else {
                throw .badRequest(
                    "geometry: the shape is \(isArea ? "an area" : "a line"); give a "
                        + (isArea ? "Polygon or MultiPolygon" : "LineString or MultiLineString")
                        + ", not a \(geometry.kind.rawValue)")
            }
            edit.geometry = geometry
        }
        return edit
    }

    /// The body of `POST /api/annotations/{id}/coordinates`: `{"coordinates": [[lon, lat], ...]}`.
    static func append(_ body: [UInt8], id: String) throws(APIError) -> AnnotationStore.TrailAppend {
        let what = "append"
        let o = try object(json(body, what), "the body")
        try refuseUnknownKeys(o, allowed: ["coordinates"], what, takes: "coordinates")
        let (coordinates, altitudes) = try positions(o["coordinates"], what)
        return AnnotationStore.TrailAppend(id: id, coordinates: coordinates, altitudes: altitudes)
    }

    /// Texts and style from an object, each checked; absent keys are left alone.
    static func shapeStyle(_ o: [String: Any], isArea: Bool, _ what: String) throws(APIError) -> ShapeEdit {
        typealias Rules = AnnotationFieldRules
        if !isArea {
            for key in ["fill"] + fillOpacityKeys where o[key] != nil && !(o[key] is NSNull) {
                throw .badRequest("\(what): \"\(key)\" is an area's; a line has no fill")
            }
        }
        var e = ShapeEdit()
        e.title = try edit(o, ["title"], what)
        e.subtitle = try edit(o, subtitleKeys, what)
        if case .set(let t) = e.title {
            try Rules.checkText(t, field: "title", limit: Rules.maxTextBytes, allowsControls: true, what)
        }
        if case .set(let t) = e.subtitle {
            let key = subtitleKeys.first { o[$0] != nil }!
            try Rules.checkText(t, field: key, limit: Rules.maxTextBytes, allowsControls: true, what)
        }
        e.stroke = try edit(o, ["stroke"], what)
        e.fill = try edit(o, ["fill"], what)
        if case .set(let c) = e.stroke { try Rules.checkMarkerColor(c, field: "stroke", what) }
        if case .set(let c) = e.fill { try Rules.checkMarkerColor(c, field: "fill", what) }
        e.strokeWidth = try numberEdit(o, strokeWidthKeys, in: 0...maxStrokeWidth, unit: "points", what)
        e.strokeOpacity = try numberEdit(o, strokeOpacityKeys, in: 0...1, unit: nil, what)
        e.fillOpacity = try numberEdit(o, fillOpacityKeys, in: 0...1, unit: nil, what)
        return e
    }

    /// What a body says about a number that may be cleared: within `range` or null.
    static func numberEdit(
        _ o: [String: Any], _ keys: [String], in range: ClosedRange<Double>, unit: String?, _ what: String
    ) throws(APIError) -> ShapeEdit.NumberEdit {
        let present = keys.filter { o[$0] != nil }
        guard let key = present.first else { return .unchanged }
        guard present.count == 1 else {
            throw .badRequest("\(what): give either \"\(keys[0])\" or \"\(keys[1])\", not both")
        }
        if o[key] is NSNull { return .set(nil) }
        let rangeText = "\(range.lowerBound.formatted)...\(range.upperBound.formatted)\(unit.map { " \($0)" } ?? "")"
        guard let n = o[key] as? NSNumber, !(o[key] is String), !isBoolean(n), n.doubleValue.isFinite else {
            throw .badRequest("\(what): \"\(key)\" must be a number in \(rangeText), or null")
        }
        guard range.contains(n.doubleValue) else {
            throw .badRequest("\(what): \"\(key)\" \(n.doubleValue.formatted) is outside \(rangeText)")
        }
        return .set(n.doubleValue)
    }

    /// A shape's id: a string, or a number (written back as one in GeoJSON).
    static func shapeID(_ value: Any?, _ what: String) throws(APIError) -> (id: String, isNumber: Bool) {
        switch value {
        case let s as String: return (s, false)
        case let n as NSNumber where !isBoolean(n):
            let d = n.doubleValue
            guard d.isFinite else { throw .badRequest("\(what): \"id\" must be finite") }
            if let i = Int64(exactly: d) { return (String(i), true) }
            return ("\(d)", true)
        case nil: throw .badRequest("\(what): missing \"id\"")
        default: throw .badRequest("\(what): \"id\" must be a string or a number")
        }
    }

    /// `"trail": {"max": N}`: a line keeps its newest N positions as they are appended.
    static func trailLimit(_ value: Any?, kind: WorldGeometry.Kind, _ what: String) throws(APIError) -> Int? {
        guard let value, !(value is NSNull) else { return nil }
        guard kind == .lineString else {
            throw .badRequest(
                "\(what): \"trail\" is for a LineString, which positions are appended to, not a \(kind.rawValue)")
        }
        let usage = "\"trail\" must be {\"max\": N}, N a whole number from 2 to \(maxTrail)"
        guard let o = value as? [String: Any], o.count == 1, let n = o["max"] as? NSNumber, !isBoolean(n),
            let max = Int(exactly: n.doubleValue), (2...maxTrail).contains(max)
        else { throw .badRequest("\(what): \(usage)") }
        return max
    }

    static func refuseUnknownKeys(
        _ o: [String: Any], allowed: Set<String>, _ what: String, takes: String
    ) throws(APIError) {
        let unknown = o.keys.filter { !allowed.contains($0) }.sorted()
        guard !unknown.isEmpty else { return }
        throw .badRequest(
            "\(what): unknown \(unknown.map { "\"\($0.prefix(40))\"" }.joined(separator: ", ")); it takes \(takes)")
    }

    /// Whether `body` holds the bytes of `key`.
    static func contains(_ body: [UInt8], _ key: String) -> Bool {
        let needle = Array(key.utf8)
        guard body.count >= needle.count else { return false }
        return body.withUnsafeBufferPointer { b in
            var i = 0
            while i <= b.count - needle.count {
                if b[i] == needle[0], b[i..<(i + needle.count)].elementsEqual(needle) { return true }
                i += 1
            }
            return false
        }
    }
}

/// A checked edit of a shape: each field left alone, set, or cleared.
struct ShapeEdit: Equatable {
    enum NumberEdit: Equatable {
        case unchanged
        case set(Double?)
    }

    var geometry: WorldGeometry?
    var title = LiveRequests.FieldEdit.unchanged
    var subtitle = LiveRequests.FieldEdit.unchanged
    var stroke = LiveRequests.FieldEdit.unchanged
    var fill = LiveRequests.FieldEdit.unchanged
    var strokeWidth = NumberEdit.unchanged
    var strokeOpacity = NumberEdit.unchanged
    var fillOpacity = NumberEdit.unchanged

    func apply(to look: inout LiveShape.Look) {
        if case .set(let v) = title { look.title = v }
        if case .set(let v) = subtitle { look.subtitle = v }
        if case .set(let v) = stroke { look.stroke = v }
        if case .set(let v) = fill { look.fill = v }
        if case .set(let v) = strokeWidth { look.strokeWidth = v }
        if case .set(let v) = strokeOpacity { look.strokeOpacity = v }
        if case .set(let v) = fillOpacity { look.fillOpacity = v }
    }
}

extension Double {
    /// As a message writes a bound or a value: `1`, not `1.0`.
    fileprivate var formatted: String {
        let text = description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
