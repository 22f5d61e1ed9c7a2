import MapStyle
import VectorTiles

/// A tile's feature as a style reads it: its properties in an array by the
/// style's key index, filled once from the tile layer's tag tables, so a
/// filter or a paint expression reads a property without hashing its name.
struct TileStyleFeature: StyleFeature, Sendable {
    var geometryType: StyleGeometryType
    var featureID: StyleValue
    /// By `StylePropertyKey.index`; nil where the feature lacks the property.
    var values: [StyleValue?]

    func property(_ key: StylePropertyKey) -> StyleValue? {
        key.index < values.count ? values[key.index] : nil
    }
}

/// Turns one tile layer's features into `TileStyleFeature`s for a style:
/// the layer's key table is matched to the style's keys once, and keys the
/// style never reads are left out.
struct TileFeatureReader {
    private let layer: VectorTileLayer
    /// The style key index of each of the layer's keys, -1 for one the style does not read.
    private let styleIndexes: [Int]
    private let keyCount: Int
    /// The layer's values as the style compares them, converted once.
    private let values: [StyleValue]

    init(layer: VectorTileLayer, style: MapStyle) {
        self.layer = layer
        styleIndexes = layer.keys.map { style.propertyKey(named: $0)?.index ?? -1 }
        keyCount = style.propertyKeys.count
        values = layer.values.map(Self.styleValue)
    }

    /// The feature as the style sees it; nil for a feature of unknown type.
    func feature(at index: Int) -> TileStyleFeature? {
        let feature = layer.features[index]
        let type: StyleGeometryType
        switch feature.type {
        case .lineString: type = .lineString
        case .polygon: type = .polygon
        case .point: type = .point
        case .unknown: return nil
        }
        var properties = [StyleValue?](repeating: nil, count: keyCount)
        for tag in feature.tags {
            let styleIndex = styleIndexes[Int(tag.key)]
            if styleIndex >= 0 { properties[styleIndex] = values[Int(tag.value)] }
        }
        let id: StyleValue = feature.id.map { .number(Double($0)) } ?? .null
        return TileStyleFeature(geometryType: type, featureID: id, values: properties)
    }

    static func styleValue(_ value: VectorTileValue) -> StyleValue {
        switch value {
        case .string(let s): .string(s)
        case .float(let f): .number(Double(f))
        case .double(let d): .number(d)
        case .int(let i), .sint(let i): .number(Double(i))
        case .uint(let u): .number(Double(u))
        case .bool(let b): .bool(b)
        }
    }
}
