import Foundation
import JSONScanning
import LiveWorld
import MapCore
import SessionTransport

/// The marker style and the edits of `PATCH /api/annotations/{id}`.
extension LiveRequests {
    /// The style keys, each in the simplestyle spelling GeoJSON uses and the
    /// camel case of the rest of the API; a body may use either, not both.
    static let colorKeys = ["marker-color", "markerColor"]
    static let symbolKeys = ["marker-symbol", "markerSymbol"]
    static let sizeKeys = ["marker-size", "markerSize"]

    /// What a body says about one field that may be cleared.
    enum FieldEdit: Equatable {
        case unchanged
        case set(String?)
    }

    /// The value under one of `keys`: `.unchanged` when none is there,
    /// `.set(nil)` for JSON null.
    static func edit(_ o: [String: Any], _ keys: [String], _ what: String) throws(APIError) -> FieldEdit {
        let present = keys.filter { o[$0] != nil }
        guard let key = present.first else { return .unchanged }
        guard present.count == 1 else {
            throw .badRequest("\(what): give either \"\(keys[0])\" or \"\(keys[1])\", not both")
        }
        let value = o[key]!
        if value is NSNull { return .set(nil) }
        guard let s = value as? String else { throw .badRequest("\(what): \"\(key)\" must be a string or null") }
        return .set(s)
    }

    /// Marker colour, symbol and size from an object, checked; nil where not given.
    static func style(
        _ o: [String: Any], _ what: String
    ) throws(APIError) -> (color: String?, symbol: String?, size: MarkerSize?) {
        var color: String?
        var symbol: String?
        var size: String?
        if case .set(let c) = try edit(o, colorKeys, what) { color = c }
        if case .set(let s) = try edit(o, symbolKeys, what) { symbol = s }
        if case .set(let s) = try edit(o, sizeKeys, what) { size = s }
        try AnnotationFieldRules.checkMarkerColor(color, field: colorKeys.first { o[$0] != nil } ?? "", what)
        try AnnotationFieldRules.checkMarkerSymbol(symbol, field: symbolKeys.first { o[$0] != nil } ?? "", what)
        try AnnotationFieldRules.checkMarkerSize(size, field: sizeKeys.first { o[$0] != nil } ?? "", what)
        return (color, symbol, size.flatMap(MarkerSize.init(rawValue:)))
    }

    /// The fields `PATCH` may change; anything else in the body is refused,
    /// so a misspelt key does not look like it worked.
    static let editableKeys: Set<String> = Set(["title", "subtitle"] + colorKeys + symbolKeys + sizeKeys)

    /// The body of `PATCH /api/annotations/{id}` as an edit of a look.
    static func annotationEdit(_ body: [UInt8]) throws(APIError) -> AnnotationEdit {
        let what = "edit"
        let o = try object(json(body, what), "the body")
        let unknown = o.keys.filter { !editableKeys.contains($0) }.sorted()
        if !unknown.isEmpty {
            throw .badRequest(
                "\(what): cannot change \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")); "
                    + "PATCH takes title, subtitle, marker-color, marker-symbol and marker-size")
        }
        guard !o.isEmpty else {
            throw .badRequest(
                "\(what): the body changes nothing; give title, subtitle, marker-color, marker-symbol or marker-size")
        }
        typealias Rules = AnnotationFieldRules
        let title = try edit(o, ["title"], what)
        let subtitle = try edit(o, ["subtitle"], what)
        let color = try edit(o, colorKeys, what)
        let symbol = try edit(o, symbolKeys, what)
        let size = try edit(o, sizeKeys, what)
        if case .set(let t) = title {
            try Rules.checkText(t, field: "title", limit: Rules.maxTextBytes, allowsControls: true, what)
        }
        if case .set(let t) = subtitle {
            try Rules.checkText(t, field: "subtitle", limit: Rules.maxTextBytes, allowsControls: true, what)
        }
        if case .set(let c) = color {
            try Rules.checkMarkerColor(c, field: colorKeys.first { o[$0] != nil }!, what)
        }
        if case .set(let s) = symbol {
            try Rules.checkMarkerSymbol(s, field: symbolKeys.first { o[$0] != nil }!, what)
        }
        if case .set(let s) = size {
            try Rules.checkMarkerSize(s, field: sizeKeys.first { o[$0] != nil }!, what)
        }
        return AnnotationEdit(
            title: title, subtitle: subtitle, markerColor: color, markerSymbol: symbol, markerSize: size)
    }
}

/// A checked `PATCH`: each field left alone, set, or cleared.
struct AnnotationEdit: Equatable {
    var title: LiveRequests.FieldEdit
    var subtitle: LiveRequests.FieldEdit
    var markerColor: LiveRequests.FieldEdit
    var markerSymbol: LiveRequests.FieldEdit
    /// Checked to be a size's name when set.
    var markerSize: LiveRequests.FieldEdit

    func apply(to look: inout LiveAnnotation.Look) {
        if case .set(let v) = title { look.title = v }
        if case .set(let v) = subtitle { look.subtitle = v }
        if case .set(let v) = markerColor { look.markerColor = v }
        if case .set(let v) = markerSymbol { look.markerSymbol = v }
        if case .set(let v) = markerSize { look.markerSize = v.flatMap(MarkerSize.init(rawValue:)) }
    }
}
