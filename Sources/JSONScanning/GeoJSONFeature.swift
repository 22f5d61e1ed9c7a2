import Foundation

/// One RFC 7946 `Feature` with a `Point` geometry, read straight into the
/// fields of an annotation: `[longitude, latitude]`, the id from `id` or
/// `properties.id`, and from `properties` the title (`title` or `name`),
/// `subtitle`, `kind`, `clusteringIdentifier`, `draggable` and simplestyle's
/// `marker-color` and `marker-symbol`. Other properties are ignored.
///
/// Decoded by hand so every refusal names the property; the problems are
/// checked later by `GeoJSONImport`, which knows the feature's place.
package struct GeoJSONFeature: Decodable {
    package var id: String?
    package var longitude = 0.0
    package var latitude = 0.0
    package var title: String?
    package var subtitle: String?
    package var kind: String?
    package var clusteringIdentifier: String?
    package var draggable = false
    package var markerColor: String?
    package var markerSymbol: String?

    /// Why a feature cannot be read, with the id when it was read first.
    package struct Problem: Error {
        package var message: String
        package var id: String?
        /// The feature's place in its array, from the decoder's path.
        package var index: Int?
    }

    package init() {}

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ s: String) { stringValue = s }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package init(from decoder: any Decoder) throws {
        let index = decoder.codingPath.last?.intValue
        var readID: String?
        func problem(_ message: String) -> Problem { Problem(message: message, id: readID, index: index) }
        guard let o = try? decoder.container(keyedBy: Key.self) else {
            throw problem("a feature must be a JSON object")
        }
        guard let type = try? o.decode(String.self, forKey: Key("type")) else {
            throw problem("\"type\" must be \"Feature\"")
        }
        guard type == "Feature" else {
            throw problem("\"type\" is \"\(type.prefix(40))\"; each item must be a \"Feature\" (with a Point geometry)")
        }
        let properties = try? o.nestedContainer(keyedBy: Key.self, forKey: Key("properties"))
        if o.contains(Key("properties")), properties == nil, !((try? o.decodeNil(forKey: Key("properties"))) ?? false) {
            throw problem("\"properties\" must be an object or null")
        }
        readID = try Self.identifier(o, "id", problem)
        if readID == nil, let properties { readID = try Self.identifier(properties, "id", problem) }
        id = readID
        guard let geometry = try? o.nestedContainer(keyedBy: Key.self, forKey: Key("geometry")) else {
            throw problem("\"geometry\" must be a Point object; it is missing or null")
        }
        let geometryType = (try? geometry.decode(String.self, forKey: Key("type"))) ?? ""
        guard geometryType == "Point" else {
            throw problem(
                "geometry type \"\(geometryType.prefix(40))\" is not supported; "
                    + "only Point geometries (\"coordinates\": [longitude, latitude]) can be imported")
        }
        guard let position = try? geometry.decode([Double].self, forKey: Key("coordinates")),
            (2...3).contains(position.count)
        else {
            throw problem("\"geometry.coordinates\" must be [longitude, latitude] (numbers)")
        }
        (longitude, latitude) = (position[0], position[1])
        guard let properties else { return }
        title = try Self.text(properties, "title", problem) ?? Self.text(properties, "name", problem)
        subtitle = try Self.text(properties, "subtitle", problem)
        kind = try Self.text(properties, "kind", problem)
        clusteringIdentifier = try Self.text(properties, "clusteringIdentifier", problem)
        markerColor = try Self.text(properties, "marker-color", problem)
        markerSymbol = try Self.text(properties, "marker-symbol", problem)
        if properties.contains(Key("draggable")), !((try? properties.decodeNil(forKey: Key("draggable"))) ?? false) {
            guard let d = try? properties.decode(Bool.self, forKey: Key("draggable")) else {
                throw problem("\"properties.draggable\" must be true or false")
            }
            draggable = d
        }
    }

    /// A string property; nil when absent or null.
    private static func text(
        _ o: KeyedDecodingContainer<Key>, _ key: String,
        _ problem: (String) -> Problem
    ) throws -> String? {
        guard o.contains(Key(key)), !((try? o.decodeNil(forKey: Key(key))) ?? false) else { return nil }
        guard let s = try? o.decode(String.self, forKey: Key(key)) else {
            throw problem("\"properties.\(key)\" must be a string")
        }
        return s
    }

    /// An id: a string, or a whole number written as its digits.
    private static func identifier(
        _ o: KeyedDecodingContainer<Key>, _ key: String,
        _ problem: (String) -> Problem
    ) throws -> String? {
        guard o.contains(Key(key)), !((try? o.decodeNil(forKey: Key(key))) ?? false) else { return nil }
        if let s = try? o.decode(String.self, forKey: Key(key)) { return s }
        if let n = try? o.decode(Int64.self, forKey: Key(key)) { return String(n) }
        if let d = try? o.decode(Double.self, forKey: Key(key)), d.isFinite { return "\(d)" }
        throw problem("\"\(key)\" must be a string or a number")
    }
}

/// `{"type": "FeatureCollection", "features": [...]}`, or one feature alone.
package struct GeoJSONDocument: Decodable {
    package var features: [GeoJSONFeature]
    package var isCollection: Bool

    package init(from decoder: any Decoder) throws {
        typealias Key = GeoJSONFeature.Key
        guard let o = try? decoder.container(keyedBy: Key.self),
            let type = try? o.decode(String.self, forKey: Key("type"))
        else {
            throw GeoJSONFeature.Problem(
                message: "expected a GeoJSON object with \"type\" "
                    + "\"FeatureCollection\" or \"Feature\"")
        }
        switch type {
        case "FeatureCollection":
            isCollection = true
            guard var list = try? o.nestedUnkeyedContainer(forKey: Key("features")) else {
                throw GeoJSONFeature.Problem(message: "a FeatureCollection needs a \"features\" array")
            }
            var features: [GeoJSONFeature] = []
            features.reserveCapacity(list.count ?? 0)
            while !list.isAtEnd {
                let index = list.currentIndex
                do {
                    features.append(try list.decode(GeoJSONFeature.self))
                } catch var problem as GeoJSONFeature.Problem {
                    problem.index = index
                    throw problem
                }
            }
            self.features = features
        case "Feature":
            isCollection = false
            features = [try GeoJSONFeature(from: decoder)]
        default:
            throw GeoJSONFeature.Problem(
                message: "GeoJSON type \"\(type.prefix(40))\" is not supported; send a "
                    + "FeatureCollection of Point features, or one Feature")
        }
    }
}
