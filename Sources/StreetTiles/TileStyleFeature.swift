import MapStyle
import VectorTiles

/// A tile's feature as a style reads it: its own tags, read through its
/// layer's tables matched to the style's keys once, so a filter or a paint
/// expression reads a property without hashing its name, and making one
/// allocates nothing.
struct TileStyleFeature: StyleFeature, Sendable {
    var geometryType: StyleGeometryType
    var featureID: StyleValue
    /// Where its (key, value) index pairs are in `table.tags`, as the tile lists them.
    private let tagStart: Int32, tagEnd: Int32
    private let table: TileStyleTable

    init(
        geometryType: StyleGeometryType, featureID: StyleValue, tags: Range<Int> = 0..<0,
        table: TileStyleTable = .empty
    ) {
        self.geometryType = geometryType
        self.featureID = featureID
        tagStart = Int32(clamping: tags.lowerBound)
        tagEnd = Int32(clamping: tags.upperBound)
        self.table = table
    }

    /// The place of the feature's `key` value in its layer's value table, -1 when it has none: two
    /// features of one tile layer have equal values exactly when these are equal.
    func valueIndex(_ key: StylePropertyKey) -> Int {
        table.valueIndex(key, in: Int(tagStart)..<Int(tagEnd))
    }

    /// One number for what `reads` reads of the feature: two features of one tile layer get the same
    /// number exactly when they agree on it. Nil when it reads the id, or the number would not fit.
    func packedInputs(_ reads: FeatureReads) -> Int? {
        guard !reads.readsID else { return nil }
        let radix = table.values.count + 1
        var packed = 0
        for key in reads.keys {
            let (scaled, overflow) = packed.multipliedReportingOverflow(by: radix)
            guard !overflow else { return nil }
            packed = scaled + valueIndex(key) + 1
        }
        if reads.readsGeometryType {
            let (scaled, overflow) = packed.multipliedReportingOverflow(by: 4)
            guard !overflow else { return nil }
            packed = scaled + Int(geometryType.rawValue)
        }
        return packed
    }

    func property(_ key: StylePropertyKey) -> StyleValue? {
        let index = valueIndex(key)
        return index >= 0 ? table.values[index] : nil
    }
}

/// One tile layer's key and value tables as a style reads them, shared by
/// the layer's features: each key's style index (-1 for a key the style
/// never reads) and each value converted once.
final class TileStyleTable: Sendable {
    let styleIndexes: [Int]
    let values: [StyleValue]
    /// The layer's features' tags, one after another: a key index, then a value index.
    let tags: [UInt32]

    init(styleIndexes: [Int], values: [StyleValue], tags: [UInt32]) {
        self.styleIndexes = styleIndexes
        self.values = values
        self.tags = tags
    }

    static let empty = TileStyleTable(styleIndexes: [], values: [], tags: [])

    /// The value index of `key` among the tags at `range` of `tags`, -1 when they have none.
    func valueIndex(_ key: StylePropertyKey, in range: Range<Int>) -> Int {
        // A feature has a handful of tags: a scan beats any index built for it.
        var i = range.lowerBound
        while i < range.upperBound {
            if styleIndexes[Int(tags[i])] == key.index { return Int(tags[i + 1]) }
            i += 2
        }
        return -1
    }
}

/// Turns one tile layer's features into `TileStyleFeature`s for a style.
struct TileFeatureReader {
    private let layer: VectorTileLayer
    private let table: TileStyleTable

    init(layer: VectorTileLayer, style: MapStyle) {
        self.layer = layer
        table = TileStyleTable(
            styleIndexes: layer.keys.map { style.propertyKey(named: $0)?.index ?? -1 },
            values: layer.values.map(Self.styleValue), tags: layer.tagPool)
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
        let id: StyleValue = feature.id.map { .number(Double($0)) } ?? .null
        return TileStyleFeature(geometryType: type, featureID: id, tags: feature.tagRange, table: table)
    }

    /// The string value of the feature's `key` property, read straight from its tags; nil when it has none.
    func string(_ key: StylePropertyKey, at index: Int) -> String? {
        let value = table.valueIndex(key, in: layer.features[index].tagRange)
        guard value >= 0, case .string(let s) = table.values[value] else { return nil }
        return s
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
