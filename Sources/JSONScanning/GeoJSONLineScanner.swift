import Foundation

/// Reads one NDJSON line as a GeoJSON `Feature`, straight from its bytes.
///
/// An NDJSON import is up to 200,000 lines, and Foundation's `JSONDecoder`
/// would spend most of the import's time on them (docs/performance.md,
/// "Importing GeoJSON and NDJSON"). This reads the line with
/// `JSONByteScanner`, keeps only the fields `GeoJSONFeature` has and skips
/// the rest. Its problems read as the decoder's do: they name the property.
package enum GeoJSONLineScanner {
    /// A line that is not JSON, or not a feature as an import reads it.
    typealias Failure = JSONByteScanner.Failure

    /// The feature on the line; nothing but whitespace may follow it.
    static func feature(_ line: UnsafeBufferPointer<UInt8>) throws(Failure) -> GeoJSONFeature {
        var scanner = JSONByteScanner(line)
        return try scanner.feature(toEnd: true)
    }

    /// The features of a `FeatureCollection` document, or nil when the
    /// document is anything else or has any problem: the caller then reads
    /// it with `JSONDecoder`, whose messages name the problem. Only a
    /// well-formed collection, the common case, takes this fast way.
    package static func collection(_ document: UnsafeBufferPointer<UInt8>) -> [GeoJSONFeature]? {
        var s = JSONByteScanner(document)
        var type: String?
        var features: [GeoJSONFeature]?
        do throws(Failure) {
            s.skipSpace()
            guard s.peek == UInt8(ascii: "{") else { return nil }
            try s.object { (s: inout JSONByteScanner, key: String) throws(Failure) in
                switch key {
                case "type": type = try s.stringOrSkip()
                case "features":
                    guard s.peek == UInt8(ascii: "[") else { return try s.skipValue() }
                    var list: [GeoJSONFeature] = []
                    try s.array { (s: inout JSONByteScanner) throws(Failure) in
                        list.append(try s.feature(toEnd: false))
                    }
                    features = list
                default: try s.skipValue()
                }
            }
            s.skipSpace()
        } catch {
            return nil
        }
        guard s.i == document.count, type == "FeatureCollection" else { return nil }
        return features
    }

}

extension JSONByteScanner {
    // MARK: The feature

    /// A feature object; with `toEnd`, nothing but whitespace may follow it.
    fileprivate mutating func feature(toEnd: Bool) throws(Failure) -> GeoJSONFeature {
        var f = GeoJSONFeature()
        var type: String?
        var propertiesID: String?
        var geometryType: String??
        var position: [Double]?
        func problem(_ message: String) -> Failure { .problem(Problem(message: message, id: f.id ?? propertiesID)) }
        skipSpace()
        guard peek == UInt8(ascii: "{") else {
            if peek == nil { throw invalid("empty line") }
            try skipValue()
            skipSpace()
            guard i == bytes.count else { throw invalid("unexpected text after the value") }
            throw problem("a feature must be a JSON object")
        }
        try object { (s: inout JSONByteScanner, key: String) throws(Failure) in
            switch key {
            case "type": type = try s.stringOrSkip()
            case "id": f.id = try s.identifier("id", problem)
            case "geometry":
                if s.peek == UInt8(ascii: "{") {
                    var t: String?
                    try s.object { (s: inout JSONByteScanner, key: String) throws(Failure) in
                        switch key {
                        case "type": t = try s.stringOrSkip()
                        case "coordinates": position = try s.numbersOrSkip()
                        default: try s.skipValue()
                        }
                    }
                    geometryType = .some(t)
                } else {
                    try s.skipValue()
                    geometryType = .none
                }
            case "properties":
                if s.peek == UInt8(ascii: "n") {
                    try s.literal("null")
                    return
                }
                guard s.peek == UInt8(ascii: "{") else {
                    try s.skipValue()
                    throw problem("\"properties\" must be an object or null")
                }
                try s.object { (s: inout JSONByteScanner, key: String) throws(Failure) in
                    switch key {
                    case "id": propertiesID = try s.identifier("id", problem)
                    case "title":
                        // `title` wins over `name`, whichever comes first.
                        if let title = try s.text("title", problem) { f.title = title }
                    case "name":
                        let name = try s.text("name", problem)
                        if f.title == nil { f.title = name }
                    case "subtitle": f.subtitle = try s.text("subtitle", problem)
                    case "kind": f.kind = try s.text("kind", problem)
                    case "clusteringIdentifier": f.clusteringIdentifier = try s.text("clusteringIdentifier", problem)
                    case "marker-color": f.markerColor = try s.text("marker-color", problem)
                    case "marker-symbol": f.markerSymbol = try s.text("marker-symbol", problem)
                    case "draggable":
                        switch s.peek {
                        case UInt8(ascii: "t"):
                            try s.literal("true")
                            f.draggable = true
                        case UInt8(ascii: "f"):
                            try s.literal("false")
                            f.draggable = false
                        case UInt8(ascii: "n"): try s.literal("null")
                        default:
                            try s.skipValue()
                            throw problem("\"properties.draggable\" must be true or false")
                        }
                    default: try s.skipValue()
                    }
                }
            default: try s.skipValue()
            }
        }
        if toEnd {
            skipSpace()
            guard i == bytes.count else { throw invalid("unexpected text after the feature") }
        }
        if f.id == nil { f.id = propertiesID }
        guard let type else { throw problem("\"type\" must be \"Feature\"") }
        guard type == "Feature" else {
            throw problem("\"type\" is \"\(type.prefix(40))\"; each item must be a \"Feature\" (with a Point geometry)")
        }
        guard case .some(let gt) = geometryType else {
            throw problem("\"geometry\" must be a Point object; it is missing or null")
        }
        guard gt == "Point" else {
            throw problem(
                "geometry type \"\((gt ?? "").prefix(40))\" is not supported; "
                    + "only Point geometries (\"coordinates\": [longitude, latitude]) can be imported")
        }
        guard let position, (2...3).contains(position.count) else {
            throw problem("\"geometry.coordinates\" must be [longitude, latitude] (numbers)")
        }
        (f.longitude, f.latitude) = (position[0], position[1])
        return f
    }

    /// A string property; nil for null. Anything else is the caller's problem, named.
    fileprivate mutating func text(_ key: String, _ problem: (String) -> Failure) throws(Failure) -> String? {
        if peek == UInt8(ascii: "n") {
            try literal("null")
            return nil
        }
        guard peek == UInt8(ascii: "\"") else {
            try skipValue()
            throw problem("\"properties.\(key)\" must be a string")
        }
        return try string()
    }

    /// An id: a string, or a number written as its digits.
    fileprivate mutating func identifier(_ key: String, _ problem: (String) -> Failure) throws(Failure) -> String? {
        switch peek {
        case UInt8(ascii: "\""): return try string()
        case UInt8(ascii: "n"):
            try literal("null")
            return nil
        case _ where atNumber:
            let d = try number()
            if let n = Int64(exactly: d) { return String(n) }
            return "\(d)"
        default:
            try skipValue()
            throw problem("\"\(key)\" must be a string or a number")
        }
    }

    fileprivate mutating func stringOrSkip() throws(Failure) -> String? {
        if peek == UInt8(ascii: "\"") { return try string() }
        try skipValue()
        return nil
    }

    /// A flat array of numbers, or nil (skipped) for anything else.
    fileprivate mutating func numbersOrSkip() throws(Failure) -> [Double]? {
        guard peek == UInt8(ascii: "[") else {
            try skipValue()
            return nil
        }
        var out: [Double]? = []
        try array { (s: inout JSONByteScanner) throws(Failure) in
            if out != nil, s.atNumber {
                out?.append(try s.number())
            } else {
                // Not flat numbers: the rest is only checked.
                out = nil
                try s.skipValue()
            }
        }
        return out
    }
}
