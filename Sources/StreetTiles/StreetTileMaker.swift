import DisplayList
import MapCore
import MapGeometry
import MapStyle
import VectorTiles

/// Makes one tile's drawing: for each style layer in order, the features it
/// takes, projected from tile coordinates to world units and grouped by the
/// paint they share into one path each.
struct StreetTileMaker {
    let style: MapStyle
    /// The style's layers, in order, as paints hold them.
    let layers: [SharedStyleLayer]
    /// The tile's place: its zoom, column and row.
    let z: Int, x: Int, y: Int
    /// The zoom level drawn: the tile's own, or the next for a tile drawn
    /// past the archive's deepest zoom, at every zoom from there on.
    /// Filters and groups are decided at it.
    let level: Int

    /// Whether the tile is drawn past its own zoom: at `level` and every level deeper.
    private var isOverZoomed: Bool { level > z }
    /// Where the archive has data (world units): the background is not painted past it.
    let coverage: Rect

    /// The tile's square in world units.
    var tileRect: Rect {
        let size = Mercator.worldSize / Double(1 << z)
        return Rect(x: Double(x) * size, y: Double(y) * size, width: size, height: size)
    }

    /// The tile's square as the painter cuts a world path to it.
    var clip: WorldClip {
        let rect = tileRect
        return WorldClip(
            x: Int32(rect.minX), y: Int32(rect.minY), width: Int32(rect.width), height: Int32(rect.height))
    }

    func make(_ tile: VectorTile) -> StreetTile {
        let rect = tileRect
        var sourceLayers: [String: LayerGeometry] = [:]
        for layer in tile.layers where sourceLayers[layer.name] == nil {
            sourceLayers[layer.name] = LayerGeometry(layer: layer, style: style, tile: rect)
        }
        let zoom = Double(level)
        var items: [StreetTile.Item] = []
        var labels: [StreetLabel] = []
        for shared in layers where shows(shared.layer) {
            let styleLayer = shared.layer
            switch styleLayer.type {
            case .background:
                let area = Self.intersection(rect, coverage)
                guard !area.isEmpty else { continue }
                let ring = [
                    Point(x: area.minX, y: area.minY), Point(x: area.maxX, y: area.minY),
                    Point(x: area.maxX, y: area.maxY), Point(x: area.minX, y: area.maxY),
                    Point(x: area.minX, y: area.minY),
                ]
                let paint = StyleLayerPaint(
                    shared: shared, feature: TileStyleFeature(geometryType: .polygon, featureID: .null, values: []))
                items.append(StreetTile.Item(itemID: ItemID.next(), path: path([ring]), paint: paint))
            case .fill, .line:
                guard let name = styleLayer.sourceLayer, let geometry = sourceLayers[name] else { continue }
                items += groups(of: shared, in: geometry, zoom: zoom)
            case .symbol:
                guard let name = styleLayer.sourceLayer, let geometry = sourceLayers[name] else { continue }
                labels += symbolLabels(of: shared, priority: index(of: shared), in: geometry, zoom: zoom)
            }
        }
        return StreetTile(clip: self.clip, items: items, labels: labels)
    }

    /// Whether a style layer shows anywhere in the levels the tile draws: from `level` up to the next, or
    /// to the deepest zoom for a tile drawn past its own. The paint says at each frame whether it shows then.
    private func shows(_ layer: StyleLayer) -> Bool {
        let top = isOverZoomed ? Double.infinity : Double(level + 1)
        return layer.isVisibleByLayout && layer.minZoom < top && layer.maxZoom > Double(level)
    }

    /// The layer's features in `geometry` that it takes, one item for each paint they share, in first-seen order.
    private func groups(of shared: SharedStyleLayer, in geometry: LayerGeometry, zoom: Double) -> [StreetTile.Item] {
        let layer = shared.layer
        var order: [ItemProperties] = []
        var groups: [ItemProperties: (paint: StyleLayerPaint, rings: [[Point]])] = [:]
        for index in geometry.layer.features.indices {
            guard let feature = geometry.feature(at: index) else { continue }
            if layer.type == .fill && feature.geometryType != .polygon { continue }
            guard layer.matches(feature, zoom: zoom) else { continue }
            let paint = StyleLayerPaint(shared: shared, feature: feature)
            let key = paint.properties(zoom: zoom)
            let rings = geometry.rings(of: index)
            guard !rings.isEmpty else { continue }
            if groups[key] == nil {
                order.append(key)
                groups[key] = (paint, rings)
            } else {
                groups[key]?.rings += rings
            }
        }
        return order.compactMap { key in
            guard let group = groups[key] else { return nil }
            return StreetTile.Item(itemID: ItemID.next(), path: path(group.rings), paint: group.paint)
        }
    }

    /// The names a symbol layer places: along its features' lines (roads,
    /// rivers), or at their points (neighbourhoods, shops, lakes). Cities,
    /// towns, states and countries are left to the base map, which names
    /// them at every zoom.
    private func symbolLabels(
        of shared: SharedStyleLayer, priority: Int, in geometry: LayerGeometry, zoom: Double
    ) -> [StreetLabel] {
        let layer = shared.layer
        var out: [StreetLabel] = []
        for index in geometry.layer.features.indices {
            guard let feature = geometry.feature(at: index), layer.matches(feature, zoom: zoom),
                let text = layer.textField(for: feature, zoom: zoom)
            else { continue }
            let paint = StyleLabelPaint(shared: shared, feature: feature)
            switch (layer.symbolPlacement(for: feature, zoom: zoom), feature.geometryType) {
            case (.line, .lineString):
                let lines = geometry.rings(of: index)
                guard !lines.isEmpty else { continue }
                out.append(StreetLabel(text: text, lines: lines, paint: paint, priority: priority))
            case (.point, .point):
                if geometry.layer.name == "place", namedByBaseMap(feature) { continue }
                for point in geometry.points(of: index) {
                    out.append(
                        StreetLabel(text: text, lines: [[point]], paint: paint, isPoint: true, priority: priority))
                }
            default:
                continue
            }
        }
        return out
    }

    private func namedByBaseMap(_ feature: TileStyleFeature) -> Bool {
        guard let key = style.propertyKey(named: "class"), case .string(let kind)? = feature.property(key) else {
            return false
        }
        return ["city", "town", "state", "province", "country"].contains(kind)
    }

    private func index(of shared: SharedStyleLayer) -> Int {
        layers.firstIndex { $0 === shared } ?? 0
    }

    private static func intersection(_ a: Rect, _ b: Rect) -> Rect {
        let minX = max(a.minX, b.minX), minY = max(a.minY, b.minY)
        return Rect(x: minX, y: minY, width: min(a.maxX, b.maxX) - minX, height: min(a.maxY, b.maxY) - minY)
    }

    /// Areas fill by the nonzero rule: the tile format winds exteriors one way and holes the other, so holes
    /// stay open and two areas of one group that overlap do not cut each other out, as even-odd would.
    private func path(_ rings: [[Point]]) -> PathResource {
        // A tile's own units are a sixteenth of its pixel (4096 across 256): two levels deeper, the grid is
        // as fine as the data, and no deeper level needs a finer one.
        PathResource(rings: rings, shift: ShapeGeometry.shift(level: min(level, z + 2)))
    }
}

/// One tile layer's features with their properties and geometry in world
/// units, decoded when a style layer first asks: the fourteen road layers of
/// a style read each road's properties once, a road's casing and its fill its geometry once.
private final class LayerGeometry {
    let layer: VectorTileLayer
    private let reader: TileFeatureReader
    private let origin: Point
    private let scale: Double
    private var decoded: [Int: [[Point]]] = [:]
    /// Each feature as the style reads it, once asked for; nil before, `.some(nil)` for one of unknown type.
    private var features: [TileStyleFeature??]

    init(layer: VectorTileLayer, style: MapStyle, tile: Rect) {
        self.layer = layer
        reader = TileFeatureReader(layer: layer, style: style)
        origin = tile.origin
        scale = tile.width / Double(layer.extent)
        features = Array(repeating: nil, count: layer.features.count)
    }

    /// The feature at `index` as the style reads it; nil for a feature of unknown type.
    func feature(at index: Int) -> TileStyleFeature? {
        if let made = features[index] { return made }
        let made = reader.feature(at: index)
        features[index] = .some(made)
        return made
    }

    /// The feature's lines, or its polygons' rings each closed; empty for
    /// geometry the tile gets wrong (it is left out, not the whole tile).
    func rings(of index: Int) -> [[Point]] {
        if let made = decoded[index] { return made }
        let made: [[Point]]
        switch try? layer.features[index].decodeGeometry() {
        case .lines(let lines):
            made = lines.filter { $0.count > 1 }.map(world)
        case .polygons(let polygons):
            made = polygons.flatMap { [$0.exterior] + $0.interiors }.filter { $0.count > 2 }.map { ring in
                let points = world(ring)
                return points.first == points.last ? points : points + [points[0]]
            }
        case .points, .unknown, nil:
            made = []
        }
        decoded[index] = made
        return made
    }

    /// The feature's points, world units; empty for any other geometry.
    func points(of index: Int) -> [Point] {
        guard case .points(let points)? = try? layer.features[index].decodeGeometry() else { return [] }
        return world(points)
    }

    private func world(_ points: [TilePoint]) -> [Point] {
        points.map { Point(x: origin.x + Double($0.x) * scale, y: origin.y + Double($0.y) * scale) }
    }
}
