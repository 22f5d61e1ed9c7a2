/// Reads GeoJSON features straight from their bytes: one NDJSON line or
/// GeoJSON text sequence record, or a whole `FeatureCollection` document.
///
/// An import is up to 200,000 features, and Foundation's `JSONDecoder`
/// would spend most of the import's time on them (docs/performance.md,
/// "Importing GeoJSON and NDJSON"). This reads them with `JSONByteScanner`,
/// keeps only the fields `GeoJSONFeature` has and skips the rest. Its
/// problems name the property, and in a document the feature.
package enum GeoJSONLineScanner {
    /// A line that is not JSON, or not a feature as an import reads it.
    typealias Failure = JSONByteScanner.Failure

    /// Why a document cannot be imported, naming the feature and the property.
    package struct DocumentProblem: Error, Equatable {
        package var message: String
    }

    /// The features of a document, and whether it was a `FeatureCollection`
    /// (rather than one `Feature`).
    package struct Document {
        package var features: [GeoJSONFeature]
        package var isCollection: Bool
    }

    /// The feature on the line; nothing but whitespace may follow it.
    static func feature(_ line: UnsafeBufferPointer<UInt8>) throws(Failure) -> GeoJSONFeature {
        var scanner = JSONByteScanner(line)
        return try scanner.feature(toEnd: true)
    }

    /// A `FeatureCollection` or a single `Feature`. A problem in a feature
    /// is named `features[3]` (with the id when it was read first); a
    /// `crs` that is not longitude and latitude on WGS 84 is refused.
    /// `document` must be followed in memory by a byte that ends a number.
    package static func document(_ document: UnsafeBufferPointer<UInt8>) throws(DocumentProblem) -> Document {
        var s = JSONByteScanner(document)
        var type: String?
        var features: [GeoJSONFeature]?
        var crs: GeoJSONCRS?
        // The feature being read, while the scanner is in `features`.
        var index: Int?
        do throws(Failure) {
            s.skipSpace()
            guard s.peek == UInt8(ascii: "{") else {
                try s.skipValue()
                s.skipSpace()
                guard s.i == document.count else { throw s.invalid("unexpected text after the value") }
                throw .problem(.init(message: expectedObject))
            }
            try s.object { (s: inout JSONByteScanner, key: String) throws(Failure) in
                switch key {
                case "type": type = try s.stringOrSkip()
                case "crs": crs = try s.crs()
                case "features":
                    guard s.peek == UInt8(ascii: "[") else { return try s.skipValue() }
                    var list: [GeoJSONFeature] = []
                    try s.array { (s: inout JSONByteScanner) throws(Failure) in
                        index = list.count
                        list.append(try s.feature(toEnd: false))
                    }
                    index = nil
                    features = list
                default: try s.skipValue()
                }
            }
            s.skipSpace()
            guard s.i == document.count else { throw s.invalid("unexpected text after the document") }
        } catch {
            throw describe(error, in: document, feature: index)
        }
        switch type {
        case "FeatureCollection":
            guard let features else {
                throw DocumentProblem(message: "a FeatureCollection needs a \"features\" array")
            }
            if let crs, !crs.isLongitudeLatitude { throw DocumentProblem(message: crs.refusal) }
            return Document(features: features, isCollection: true)
        case "Feature":
            // Read again as a feature: its members may have come before its type.
            var again = JSONByteScanner(document)
            do throws(Failure) {
                return Document(features: [try again.feature(toEnd: true)], isCollection: false)
            } catch {
                throw describe(error, in: document, feature: nil)
            }
        case nil: throw DocumentProblem(message: expectedObject)
        case let other?:
            throw DocumentProblem(
                message: "GeoJSON type \"\(other.prefix(40))\" is not supported; send a "
                    + "FeatureCollection of features, or one Feature")
        }
    }

    private static let expectedObject =
        "expected a GeoJSON object with \"type\" \"FeatureCollection\" or \"Feature\""

    /// The message of a failure of `document`, naming the feature.
    private static func describe(
        _ failure: Failure, in document: UnsafeBufferPointer<UInt8>, feature index: Int?
    ) -> DocumentProblem {
        switch failure {
        case .invalidJSON(let what): return DocumentProblem(message: "invalid JSON: \(what)")
        case .invalidUTF8(let what):
            guard let invalid = InvalidUTF8.find(in: document) else {
                return DocumentProblem(message: "invalid JSON: \(what)")
            }
            guard invalid.path.count >= 2, invalid.path.first == .key("features"), case .index(let i) = invalid.path[1]
            else { return DocumentProblem(message: invalid.message()) }
            return DocumentProblem(message: invalid.message(in: "features[\(i)]", dropping: 2))
        case .problem(let p):
            guard let index else { return DocumentProblem(message: p.message) }
            return DocumentProblem(message: p.place("features[\(index)]") + p.message)
        }
    }
}

extension JSONByteScanner {
    // MARK: The feature

    /// A feature object; with `toEnd`, nothing but whitespace may follow it.
    mutating func feature(toEnd: Bool) throws(Failure) -> GeoJSONFeature {
        var f = GeoJSONFeature()
        var type: String?
        var propertiesID: (text: String, isNumber: Bool)?
        // Absent (nil), null (.some(nil)) or read.
        var geometry: ScannedGeometry??
        func problem(_ message: String) -> Failure {
            .problem(Problem(message: message, id: f.id ?? propertiesID?.text))
        }
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
            case "id":
                if let (id, isNumber) = try s.identifier("id", problem) { (f.id, f.idIsNumber) = (id, isNumber) }
            case "crs": f.crs = try s.crs()
            case "geometry":
                switch s.peek {
                case UInt8(ascii: "n"):
                    try s.literal("null")
                    geometry = .some(nil)
                case UInt8(ascii: "{"): geometry = .some(try s.geometry())
                default:
                    try s.skipValue()
                    throw problem("\"geometry\" must be a geometry object or null")
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
                try s.properties(of: &f, id: &propertiesID)
            default: try s.skipValue()
            }
        }
        if toEnd {
            skipSpace()
            guard i == bytes.count else { throw invalid("unexpected text after the feature") }
        }
        if f.id == nil, let propertiesID { (f.id, f.idIsNumber) = propertiesID }
        guard let type else { throw problem("\"type\" must be \"Feature\"") }
        guard type == "Feature" else {
            throw problem("\"type\" is \"\(type.prefix(40))\"; each item must be a \"Feature\" (with a geometry)")
        }
        if let crs = f.crs, !crs.isLongitudeLatitude { throw problem(crs.refusal) }
        guard case .some(let read) = geometry else {
            throw problem("\"geometry\" is missing; a feature without a place has \"geometry\": null")
        }
        if let read {
            // Not `problem`, which reads `f` while `parts` changes it.
            let id = f.id
            try read.parts(into: &f) { .problem(Problem(message: $0, id: id)) }
            f.geometryType = read.type
        }
        return f
    }

    /// The members of `properties` an import reads.
    private mutating func properties(
        of f: inout GeoJSONFeature, id propertiesID: inout (text: String, isNumber: Bool)?
    ) throws(Failure) {
        // Its own, not the feature's: that one reads `f`, which is this function's to change meanwhile.
        func problem(_ message: String) -> Failure {
            .problem(Problem(message: message, id: f.id ?? propertiesID?.text))
        }
        try object { (s: inout JSONByteScanner, key: String) throws(Failure) in
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
            case "description": f.description = try s.optionalText(key, notText: &f.notText)
            case "marker-color": f.markerColor = try s.optionalText(key, notText: &f.notText)
            case "marker-symbol": f.markerSymbol = try s.optionalText(key, notText: &f.notText)
            case "marker-size": f.markerSize = try s.optionalText(key, notText: &f.notText)
            case "stroke": f.stroke = try s.optionalText(key, notText: &f.notText)
            case "fill": f.fill = try s.optionalText(key, notText: &f.notText)
            case "stroke-width": f.strokeWidth = try s.optionalNumber(key, notNumber: &f.notNumber)
            case "stroke-opacity": f.strokeOpacity = try s.optionalNumber(key, notNumber: &f.notNumber)
            case "fill-opacity": f.fillOpacity = try s.optionalNumber(key, notNumber: &f.notNumber)
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

    /// A string property an import can do without: anything but a string
    /// or null is skipped, its key noted in `notText`.
    fileprivate mutating func optionalText(_ key: String, notText: inout [String]) throws(Failure) -> String? {
        switch peek {
        case UInt8(ascii: "\""): return try string()
        case UInt8(ascii: "n"): try literal("null")
        default:
            try skipValue()
            notText.append(key)
        }
        return nil
    }

    /// A number property an import can do without: anything but a number
    /// or null is skipped, its key noted in `notNumber`.
    fileprivate mutating func optionalNumber(_ key: String, notNumber: inout [String]) throws(Failure) -> Double? {
        if atNumber { return try number() }
        if peek == UInt8(ascii: "n") {
            try literal("null")
        } else {
            try skipValue()
            notNumber.append(key)
        }
        return nil
    }

    /// An id: a string, or a number written as its digits (and said to be one).
    fileprivate mutating func identifier(
        _ key: String, _ problem: (String) -> Failure
    ) throws(Failure) -> (text: String, isNumber: Bool)? {
        switch peek {
        case UInt8(ascii: "\""): return (try string(), false)
        case UInt8(ascii: "n"):
            try literal("null")
            return nil
        case _ where atNumber:
            let d = try number()
            guard d.isFinite else { throw problem("\"\(key)\" \(d) is not a finite number") }
            if let n = Int64(exactly: d) { return (String(n), true) }
            return ("\(d)", true)
        default:
            try skipValue()
            throw problem("\"\(key)\" must be a string or a number")
        }
    }

    mutating func stringOrSkip() throws(Failure) -> String? {
        if peek == UInt8(ascii: "\"") { return try string() }
        try skipValue()
        return nil
    }
}
