import Foundation

@testable import VectorTiles

/// A JSON value as fixtures/tiles/reference.json holds it, and as our decoding
/// is written for comparison: the shapes scripts/make_tile_fixtures.py writes.
indirect enum ReferenceJSON: Equatable, Decodable {
    case int(Int64)
    case number(Double)
    case string(String)
    case bool(Bool)
    case array([ReferenceJSON])
    case object([String: ReferenceJSON])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ReferenceJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: ReferenceJSON].self))
        }
    }

    subscript(key: String) -> ReferenceJSON? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    var list: [ReferenceJSON] {
        if case .array(let items) = self { return items }
        return []
    }

    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var integer: Int? {
        if case .int(let value) = self { return Int(value) }
        return nil
    }

    /// A property value as the reference tags it, floats made Double whether JSON wrote them with a point or not.
    var normalizedProperty: ReferenceJSON {
        if case .object(let fields) = self, case .int(let whole)? = fields["float"] {
            return .object(["float": .number(Double(whole))])
        }
        return self
    }
}

/// Our decoding of a feature in the reference's shapes: mapbox_vector_tile's
/// dictionaries, with values tagged by kind as the fixtures script tags them.
enum ReferenceShape {
    static func property(_ value: VectorTileValue) -> ReferenceJSON {
        switch value {
        case .string(let text): .object(["string": .string(text)])
        case .float(let number): .object(["float": .number(Double(number))])
        case .double(let number): .object(["float": .number(number)])
        case .int(let number), .sint(let number): .object(["int": .string(String(number))])
        case .uint(let number): .object(["int": .string(String(number))])
        case .bool(let flag): .object(["bool": .bool(flag)])
        }
    }

    /// GeoJSON-like, as the reference decoder writes it: one part is Point,
    /// LineString or Polygon, several the Multi form; rings closed.
    static func geometry(_ geometry: VectorTileGeometry) -> ReferenceJSON {
        func point(_ p: TilePoint) -> ReferenceJSON { .array([.int(Int64(p.x)), .int(Int64(p.y))]) }
        func path(_ points: [TilePoint]) -> ReferenceJSON { .array(points.map(point)) }
        func ring(_ points: [TilePoint]) -> ReferenceJSON {
            path(points.first == points.last ? points : points + points.prefix(1))
        }
        func polygon(_ p: TilePolygon) -> ReferenceJSON { .array(([p.exterior] + p.interiors).map(ring)) }
        func shape(_ type: String, _ coordinates: ReferenceJSON) -> ReferenceJSON {
            .object(["type": .string(type), "coordinates": coordinates])
        }
        switch geometry {
        case .points(let points) where points.count == 1: return shape("Point", point(points[0]))
        case .points(let points): return shape("MultiPoint", path(points))
        case .lines(let lines) where lines.count == 1: return shape("LineString", path(lines[0]))
        case .lines(let lines): return shape("MultiLineString", .array(lines.map(path)))
        case .polygons(let polygons) where polygons.count == 1: return shape("Polygon", polygon(polygons[0]))
        case .polygons(let polygons): return shape("MultiPolygon", .array(polygons.map(polygon)))
        case .unknown: return .object([:])
        }
    }

    static func feature(_ feature: VectorTileFeature, in layer: VectorTileLayer) throws -> ReferenceJSON {
        var properties: [String: ReferenceJSON] = [:]
        // Later tags win, as in the reference decoder's dictionary.
        for (key, value) in layer.properties(of: feature) { properties[key] = property(value) }
        return .object([
            "id": .int(Int64(bitPattern: feature.id ?? 0)),
            "type": .int(Int64(feature.type.rawValue)),
            "properties": .object(properties),
            "geometry": geometry(try feature.decodeGeometry()),
        ])
    }
}
