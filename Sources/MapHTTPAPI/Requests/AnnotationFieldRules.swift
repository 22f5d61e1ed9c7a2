import Foundation
import JSONScanning
import LiveWorld
import MapCore
import SessionTransport

/// What the live API accepts in each field of an annotation or a move, so no
/// request can plant an id that can never be addressed again, a megabyte title
/// that every list then carries, or a timestamp that makes every later move of
/// a pin look stale (docs/security.md, "Input validation").
enum AnnotationFieldRules {
    /// Longest id, in UTF-8 bytes. Ids travel in paths, lists and every move.
    static let maxIDBytes = 256
    /// Longest title and subtitle, in UTF-8 bytes.
    static let maxTextBytes = 1024
    /// Longest kind, in UTF-8 bytes: a short word such as "point" or "bus".
    static let maxKindBytes = 64
    /// Longest clustering identifier, in UTF-8 bytes.
    static let maxClusteringIdentifierBytes = 256
    /// Most characters (grapheme clusters) of a marker symbol: it fits the balloon's head.
    static let maxSymbolCharacters = 3
    /// Longest marker symbol, in UTF-8 bytes (an emoji family is one character of 25 bytes).
    static let maxSymbolBytes = 32
    /// How far past the server's clock (Unix seconds) a timestamp may be.
    static let maxTimestampLead: Double = 24 * 60 * 60

    /// An id is 1 to 256 UTF-8 bytes with no control characters and no `/`:
    /// it must fit in one path segment of `/api/annotations/{id}`.
    static func checkID(_ id: String, _ what: String) throws(APIError) {
        let bytes = id.utf8
        guard !bytes.isEmpty else { throw .badRequest("\(what): \"id\" must be a non-empty string") }
        guard bytes.count <= maxIDBytes else {
            throw .badRequest("\(what): \"id\" is \(bytes.count) bytes; ids are at most \(maxIDBytes) bytes of UTF-8")
        }
        if bytes.contains(UInt8(ascii: "/")) {
            throw .badRequest("\(what): \"id\" must not contain '/' (ids are one path segment)")
        }
        if id.unicodeScalars.contains(where: isControl) {
            throw .badRequest("\(what): \"id\" must not contain control characters")
        }
    }

    /// A text field (`title`, `subtitle`, `kind`, `clusteringIdentifier`) within its limit.
    static func checkText(
        _ value: String?, field: String, limit: Int, allowsControls: Bool = false,
        _ what: String
    ) throws(APIError) {
        guard let value else { return }
        let count = value.utf8.count
        guard count <= limit else {
            throw .badRequest("\(what): \"\(field)\" is \(count) bytes; at most \(limit) bytes of UTF-8 are allowed")
        }
        if !allowsControls, value.unicodeScalars.contains(where: isControl) {
            throw .badRequest("\(what): \"\(field)\" must not contain control characters")
        }
    }

    /// Longest icon name a marker symbol may be, in UTF-8 bytes (the longest known is about 20).
    static let maxIconNameBytes = 64

    /// A marker colour is `#rgb` or `#rrggbb` (hex digits, either case), the `#` optional.
    static func checkMarkerColor(_ value: String?, field: String, _ what: String) throws(APIError) {
        guard let value, let why = markerColorProblem(value) else { return }
        throw .badRequest("\(what): \"\(field)\" \(why)")
    }

    /// A marker symbol is one to three characters of text without control
    /// characters, such as `A`, `12` or one emoji (the glyph in the balloon's
    /// head), or the name of an icon a marker draws (`MarkerIcon`).
    static func checkMarkerSymbol(_ value: String?, field: String, _ what: String) throws(APIError) {
        guard let value, let problem = markerSymbolProblem(value) else { return }
        throw .badRequest("\(what): \"\(field)\" \(problem.why)")
    }

    /// A marker size is `small`, `medium` or `large`.
    static func checkMarkerSize(_ value: String?, field: String, _ what: String) throws(APIError) {
        guard let value, let why = markerSizeProblem(value) else { return }
        throw .badRequest("\(what): \"\(field)\" \(why)")
    }

    /// Why `value` is not a marker colour, or nil when it is one.
    static func markerColorProblem(_ value: String) -> String? {
        guard MarkerColor.color(value) == nil else { return nil }
        return "\(shown(value)) is not a colour; use #rgb or #rrggbb (the # may be left out), e.g. #e63946"
    }

    /// Why `value` is not a marker symbol, or nil when it is one; `isUnknownIcon`
    /// when it could be an icon name, only not one a marker draws.
    static func markerSymbolProblem(_ value: String) -> (why: String, isUnknownIcon: Bool)? {
        let forms = "a symbol is 1 to \(maxSymbolCharacters) characters or an icon name"
        guard !value.isEmpty else { return ("is empty; \(forms) (null removes it)", false) }
        if value.unicodeScalars.contains(where: isControl) { return ("must not contain control characters", false) }
        if MarkerIcon.isText(value) {
            guard value.utf8.count <= maxSymbolBytes else {
                return ("is \(value.utf8.count) bytes; \(forms), and text at most \(maxSymbolBytes) bytes", false)
            }
            return nil
        }
        if MarkerIcon.isKnown(value) { return nil }
        guard value.utf8.count <= maxIconNameBytes else { return ("is too long; \(forms)", false) }
        return ("\(shown(value)) is an unknown icon name; \(forms) (docs/http-api.md lists the icons)", true)
    }

    /// Why `value` is not a marker size, or nil when it is one.
    static func markerSizeProblem(_ value: String) -> String? {
        guard MarkerSize(rawValue: value) == nil else { return nil }
        return "\(shown(value)) is not a size; use small, medium or large"
    }

    /// Why `width` is not a line's width (simplestyle's `stroke-width`, points), or nil when it is one:
    /// the range a JSON add takes, so an import keeps no width the API would not answer.
    static func strokeWidthProblem(_ width: Double) -> String? {
        let widest = LiveRequests.maxStrokeWidth
        guard !(0...widest).contains(width) else { return nil }
        return "\(width) is not a width; use a number of points from 0 to \(Int(widest))"
    }

    /// Why `value` is not an opacity (`stroke-opacity`, `fill-opacity`), or nil when it is one.
    static func opacityProblem(_ value: Double) -> String? {
        (0...1).contains(value) ? nil : "\(value) is not an opacity; use a number from 0 to 1"
    }

    /// A value as a message quotes it: at most 20 characters.
    private static func shown(_ value: String) -> String {
        "\"" + (value.count > 20 ? String(value.prefix(20)) + "…" : value) + "\""
    }

    /// A timestamp is finite and at most a day ahead of the server's clock in
    /// Unix seconds, so a producer counting seconds from any start fits while
    /// `1e308` (or milliseconds) cannot freeze a pin.
    static func checkTimestamp(
        _ timestamp: Double?, _ what: String,
        now: Double = Date().timeIntervalSince1970
    ) throws(APIError) {
        guard let timestamp else { return }
        guard timestamp.isFinite else { throw .badRequest("\(what): \"timestamp\" must be finite") }
        let latest = now + maxTimestampLead
        guard timestamp <= latest else {
            throw .badRequest(
                "\(what): \"timestamp\" \(timestamp) is more than a day ahead of the server clock "
                    + "(\(Int(now)) Unix seconds); timestamps are seconds, at most \(Int(latest))")
        }
    }

    /// C0 and C1 controls and DEL; tabs and newlines included.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
