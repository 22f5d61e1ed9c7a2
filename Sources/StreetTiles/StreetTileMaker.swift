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
    /// Whether the tile paints the style's background: only the bottom archive's tiles do.
    let paintsBackground: Bool
    /// The archive's credits' places in the source's `attributions`.
    let credits: [Int]
    /// The archive's place among the source's, bottom first.
    let archive: Int

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

    /// The tile's drawing; nil: the archive has none there, and only the background shows.
    func make(_ tile: VectorTile?) -> StreetTile {
        let rect = tileRect
        var sourceLayers: [String: LayerGeometry] = [:]
        for layer in tile?.layers ?? [] where sourceLayers[layer.name] == nil {
            sourceLayers[layer.name] = LayerGeometry(layer: layer, style: style, tile: rect)
        }
        let zoom = Double(level)
        var items: [StreetTile.Item] = []
        var labels: [StreetLabel] = []
        for shared in layers where shows(shared.layer) {
            let styleLayer = shared.layer
            switch styleLayer.type {
            case .background:
                guard paintsBackground else { continue }
                // Past the tile's square where the archive covers all of it: the painter cuts the square on
                // whole pixels, and an edge of the fill's own would leave a pale seam between tiles.
                let margin = rect.width / 16
                let area =
                    Self.intersection(rect, coverage) == rect
                    ? rect.insetBy(dx: -margin, dy: -margin) : Self.intersection(rect, coverage)
                guard !area.isEmpty else { continue }
                let ring = [
                    Point(x: area.minX, y: area.minY), Point(x: area.maxX, y: area.minY),
                    Point(x: area.maxX, y: area.maxY), Point(x: area.minX, y: area.maxY),
                    Point(x: area.minX, y: area.minY),
                ]
                let paint = StyleLayerPaint(
                    shared: shared, feature: TileStyleFeature(geometryType: .polygon, featureID: .null))
                items.append(StreetTile.Item(itemID: ItemID.next(), path: path([ring]), paint: paint))
            case .fill, .line:
                guard let name = styleLayer.sourceLayer, let geometry = sourceLayers[name] else { continue }
                items += groups(of: shared, in: geometry, zoom: zoom)
            case .symbol:
                guard let name = styleLayer.sourceLayer, let geometry = sourceLayers[name] else { continue }
                labels += symbolLabels(of: shared, priority: index(of: shared), in: geometry, zoom: zoom)
            }
        }
        return StreetTile(clip: self.clip, items: items, labels: labels, credits: credits, archive: archive)
    }

    /// Whether a style layer shows anywhere in the levels the tile draws: from `level` up to the next, or
    /// to the deepest zoom for a tile drawn past its own. The paint says at each frame whether it shows then.
    private func shows(_ layer: StyleLayer) -> Bool {
        let top = isOverZoomed ? Double.infinity : Double(level + 1)
        return layer.isVisibleByLayout && layer.minZoom < top && layer.maxZoom > Double(level)
    }

    /// The layer's features in `geometry` that it takes, one item for each paint they share, in first-seen order.
    /// A paint is worked out once for each distinct set of the feature values it reads (a road layer's
    /// usually reads none, so once a layer), and features that read alike are painted alike at every zoom.
    private func groups(of shared: SharedStyleLayer, in geometry: LayerGeometry, zoom: Double) -> [StreetTile.Item] {
        let layer = shared.layer
        var groups: [(paint: StyleLayerPaint, rings: [[Point]], features: [Int])] = []
        var groupOfPaint: [ItemProperties: Int] = [:]
        var groupOfInputs: [FeatureInputs: Int] = [:]
        var onlyGroup: Int?
        let reads = shared.paintReads
        let readsNothing = reads.isEmpty
        var groupOfPacked: [Int: Int] = [:]
        var filterMemo: [Int: Bool] = [:]
        func group(for feature: TileStyleFeature) -> Int {
            let paint = StyleLayerPaint(shared: shared, feature: feature)
            let key = paint.properties(zoom: zoom)
            if let known = groupOfPaint[key] { return known }
            groups.append((paint, [], []))
            groupOfPaint[key] = groups.count - 1
            return groups.count - 1
        }
        for index in candidates(of: shared, in: geometry) {
            guard let feature = geometry.feature(at: index) else { continue }
            if layer.type == .fill && feature.geometryType != .polygon { continue }
            guard matches(feature, shared, zoom: zoom, memo: &filterMemo) else { continue }
            let rings = geometry.rings(of: index)
            guard !rings.isEmpty else { continue }
            let chosen: Int
            if readsNothing {
                chosen = onlyGroup ?? group(for: feature)
                onlyGroup = chosen
            } else if let packed = feature.packedInputs(reads) {
                chosen = groupOfPacked[packed] ?? group(for: feature)
                groupOfPacked[packed] = chosen
            } else {
                let inputs = reads.inputs(of: feature)
                chosen = groupOfInputs[inputs] ?? group(for: feature)
                groupOfInputs[inputs] = chosen
            }
            groups[chosen].rings += rings
            groups[chosen].features.append(index)
        }
        let isArea = layer.type == .fill
        return groups.map { group in
            // A road's casing and its fill take the same roads: the second layer shares the first's path.
            let key = LayerGeometry.PathKey(features: group.features, isArea: isArea)
            if let made = geometry.paths[key] {
                return StreetTile.Item(itemID: ItemID.next(), path: made, paint: group.paint)
            }
            // Past the archive's deepest zoom every point counts: the tile is all the data there is.
            let rings =
                isOverZoomed ? nil : ShapeSimplification.simplify(group.rings, tolerance: tolerance, isArea: isArea)
            let made = path(rings ?? group.rings)
            geometry.paths[key] = made
            return StreetTile.Item(itemID: ItemID.next(), path: made, paint: group.paint)
        }
    }

    /// Whether the layer's filter takes `feature`, decided once for the features of a tile layer that
    /// agree on what it reads (`memo`, by `TileStyleFeature.packedInputs`): a road layer's filter reads
    /// a few properties of a thousand roads.
    private func matches(
        _ feature: TileStyleFeature, _ shared: SharedStyleLayer, zoom: Double, memo: inout [Int: Bool]
    ) -> Bool {
        guard let packed = feature.packedInputs(shared.filterReads) else {
            return shared.layer.matches(feature, zoom: zoom)
        }
        if let known = memo[packed] { return known }
        let taken = shared.layer.matches(feature, zoom: zoom)
        memo[packed] = taken
        return taken
    }

    /// The features of `geometry` that the layer's filter may take, in the tile's order: where the filter
    /// pins properties to sets of strings (a road layer's classes, a tunnel's `brunnel`), those with one
    /// of them by the property that leaves fewest; the filter still decides each of them.
    private func candidates(of shared: SharedStyleLayer, in geometry: LayerGeometry) -> [Int] {
        var fewest: [Int]?
        for (key, strings) in shared.narrowing {
            let found = geometry.features(with: key, in: strings)
            if found.count < fewest?.count ?? .max { fewest = found }
        }
        return fewest ?? Array(geometry.layer.features.indices)
    }

    /// The names a symbol layer places: along its features' lines (roads,
    /// rivers), or at their points (countries, cities, shops, lakes).
    private func symbolLabels(
        of shared: SharedStyleLayer, priority: Int, in geometry: LayerGeometry, zoom: Double
    ) -> [StreetLabel] {
        let layer = shared.layer
        var out: [StreetLabel] = []
        var filterMemo: [Int: Bool] = [:]
        for index in candidates(of: shared, in: geometry) {
            guard let feature = geometry.feature(at: index), matches(feature, shared, zoom: zoom, memo: &filterMemo),
                let text = layer.textField(for: feature, zoom: zoom)
            else { continue }
            let paint = StyleLabelPaint(shared: shared, feature: feature)
            switch (layer.symbolPlacement(for: feature, zoom: zoom), feature.geometryType) {
            case (.line, .lineString):
                let lines = geometry.rings(of: index)
                guard !lines.isEmpty else { continue }
                out.append(StreetLabel(text: text, lines: lines, paint: paint, priority: priority))
            case (.point, .point):
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

    private func index(of shared: SharedStyleLayer) -> Int {
        layers.firstIndex { $0 === shared } ?? 0
    }

    private static func intersection(_ a: Rect, _ b: Rect) -> Rect {
        let minX = max(a.minX, b.minX), minY = max(a.minY, b.minY)
        return Rect(x: minX, y: minY, width: min(a.maxX, b.maxX) - minX, height: min(a.maxY, b.maxY) - minY)
    }

    /// World units a point may move when simplification leaves it out: half a CSS px at the tile's
    /// zoom, a pixel at the next. Tiles are simplified to a sixteenth of their 256 px, finer than any
    /// screen tells apart, and every point left out is bytes no first frame sends.
    private var tolerance: Double {
        Self.toleranceInPixels / Mercator.pixelsPerUnit(zoom: Double(level))
    }
    static let toleranceInPixels = 0.5

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
    private var decoded: [[[Point]]?]
    /// Whether the tile's west or east side is the world's (180°), and how far data there is carried past it.
    private let atWestEdge: Bool, atEastEdge: Bool
    private let edgeMargin: Double
    /// Each feature as the style reads it, once asked for; nil before, `.some(nil)` for one of unknown type.
    private var features: [TileStyleFeature??]
    /// The paths made of this layer's features, by which features and whether they are areas: layers
    /// that draw the same features (a casing and its fill) share one path, encoded and sent once.
    var paths: [PathKey: PathResource] = [:]
    struct PathKey: Hashable {
        let features: [Int]
        let isArea: Bool
    }
    /// The features by the string value of a property (`class`, `brunnel`), by the key's index, made when
    /// a layer first asks.
    private var byString: [Int: [String: [Int]]] = [:]

    init(layer: VectorTileLayer, style: MapStyle, tile: Rect) {
        self.layer = layer
        reader = TileFeatureReader(layer: layer, style: style)
        origin = tile.origin
        scale = tile.width / Double(layer.extent)
        atWestEdge = tile.minX <= 0
        atEastEdge = tile.maxX >= Mercator.worldSize
        edgeMargin = tile.width / 16
        features = Array(repeating: nil, count: layer.features.count)
        decoded = Array(repeating: nil, count: layer.features.count)
    }

    /// The features whose `key` property is one of `strings`, in the tile's order.
    func features(with key: StylePropertyKey, in strings: Set<String>) -> [Int] {
        let index = byString[key.index] ?? makeIndex(key)
        var found: [Int] = []
        for string in strings { found += index[string] ?? [] }
        return strings.count > 1 ? found.sorted() : found
    }

    private func makeIndex(_ key: StylePropertyKey) -> [String: [Int]] {
        var index: [String: [Int]] = [:]
        for i in layer.features.indices {
            if let value = reader.string(key, at: i) { index[value, default: []].append(i) }
        }
        byString[key.index] = index
        return index
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
        // One loop and one array for each line or ring: a dense tile decodes thousands of features.
        var made: [[Point]] = []
        switch try? layer.features[index].decodeGeometry() {
        case .lines(let lines):
            made.reserveCapacity(lines.count)
            for line in lines where line.count > 1 { made.append(world(line, closed: false)) }
        case .polygons(let polygons):
            for polygon in polygons {
                if polygon.exterior.count > 2 { made.append(world(polygon.exterior, closed: true)) }
                for hole in polygon.interiors where hole.count > 2 { made.append(world(hole, closed: true)) }
            }
        case .points, .unknown, nil:
            break
        }
        decoded[index] = made
        return made
    }

    /// The feature's points, world units; empty for any other geometry.
    func points(of index: Int) -> [Point] {
        guard case .points(let points)? = try? layer.features[index].decodeGeometry() else { return [] }
        return world(points, closed: false)
    }

    /// `points` in world units; a `closed` ring ends on its first point.
    private func world(_ points: [TilePoint], closed: Bool) -> [Point] {
        var out: [Point] = []
        out.reserveCapacity(points.count + (closed ? 1 : 0))
        let extent = Int32(clamping: layer.extent)
        for p in points {
            var x = origin.x + Double(p.x) * scale
            // A tile at 180° has its data cut there (nothing lies past the world's edge), but the map
            // repeats the world: a fill that stopped at the edge would show a seam between two copies.
            // Carried past it, it is cut by the tile's square on whole pixels like any other edge.
            if atWestEdge, p.x <= 0 { x -= edgeMargin }
            if atEastEdge, p.x >= extent { x += edgeMargin }
            out.append(Point(x: x, y: origin.y + Double(p.y) * scale))
        }
        if closed, let first = out.first, first != out[out.count - 1] { out.append(first) }
        return out
    }
}
