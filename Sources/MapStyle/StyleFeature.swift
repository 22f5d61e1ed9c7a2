/// A feature property's value, as vector tiles carry them.
package enum StyleValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
}

/// The geometry kinds filters tell apart (`$type`, `geometry-type`).
/// Multi-geometries count as their single kind, as in MapLibre's legacy filters.
package enum StyleGeometryType: UInt8, Sendable {
    case point, lineString, polygon

    /// The name expressions compare against.
    package var name: String {
        switch self {
        case .point: "Point"
        case .lineString: "LineString"
        case .polygon: "Polygon"
        }
    }
}

/// A property name the style reads, interned once when the style is parsed:
/// evaluating reads properties by `index`, never by hashing the name.
package struct StylePropertyKey: Hashable, Sendable {
    /// Dense, from 0 up to the style's `propertyKeys.count`.
    package let index: Int
    package let name: String
}

/// What the renderer feeds a style for each feature of a tile. The renderer
/// maps each tile layer's key table to the style's keys once
/// (`MapStyle.propertyKey(named:)`), so `property(_:)` can be an array read.
package protocol StyleFeature {
    var geometryType: StyleGeometryType { get }
    /// The feature id, `.null` when the tile has none.
    var featureID: StyleValue { get }
    /// The property's value, or nil when the feature does not have it
    /// (`has` tells absent from present).
    func property(_ key: StylePropertyKey) -> StyleValue?
}

/// A feature from a name-to-value dictionary: for tests, tools and callers
/// that already hold one. Reads hash the key's name.
package struct StyleFeatureValues: StyleFeature, Sendable {
    package var geometryType: StyleGeometryType
    package var featureID: StyleValue
    package var properties: [String: StyleValue]

    package init(_ geometryType: StyleGeometryType, id: StyleValue = .null, properties: [String: StyleValue] = [:]) {
        self.geometryType = geometryType
        self.featureID = id
        self.properties = properties
    }

    package func property(_ key: StylePropertyKey) -> StyleValue? {
        properties[key.name]
    }
}

/// Interns property names while a style compiles.
package struct PropertyKeyTable: Sendable {
    package private(set) var keys: [StylePropertyKey] = []
    private var indexByName: [String: Int] = [:]

    package init() {}

    package mutating func intern(_ name: String) -> StylePropertyKey {
        if let index = indexByName[name] { return keys[index] }
        let key = StylePropertyKey(index: keys.count, name: name)
        indexByName[name] = key.index
        keys.append(key)
        return key
    }

    package func key(named name: String) -> StylePropertyKey? {
        indexByName[name].map { keys[$0] }
    }
}
