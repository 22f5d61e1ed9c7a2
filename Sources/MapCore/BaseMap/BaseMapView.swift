import DisplayList
import MapGeometry
import ViewKit

/// Draws the base map under the annotations: the band's land and border
/// tiles near the viewport as world paths (geometry sent once, never again on
/// pan), and city names chosen by rank so they fit the zoom without overlapping.
/// It draws them once, in the world as stored, and its item repeats them in
/// every copy of the world the view shows (`repeatsWorld`): panning across
/// 180° sends nothing new for the world east of it.
package final class BaseMapView: View {
    package static let landColor = Color(hex: 0xF2EFE6)
    package static let oceanColor = Color(hex: 0xA9D3EE)
    package static let borderColor = Color(hex: 0xA796B6)
    package static let cityColor = Color(hex: 0x3A3A3C)

    package let baseMap: BaseMap
    let typeface: Typeface
    static let labelSize = 12.0
    /// Camera and viewport the next render uses; set by the map's layout.
    var camera = Camera(center: .zero, zoom: 1)
    var viewport = Size.zero
    /// Screen rects of the annotation views and their titles shown this frame: names under them are not drawn.
    var labelObstacles: [Rect] = []
    /// The names the last render could draw, and those it drew (the rest were under a view).
    private var lastNameCandidates: [Int32] = []
    private var lastNamesDrawn: [Int32] = []
    /// Widths and rank prefixes, shared by every session's base map.
    let labels: CityLabels
    private var placement = CityLabelPlacement()
    /// The street tiles: drawn over land and borders, under the overlays.
    var streetsUnderOverlays: View?
    /// The map's overlays above roads: drawn over land and borders, under the names.
    var overlaysUnderNames: View?
    /// The street tiles' road names: over the overlays, under the city names.
    var streetNamesUnderNames: View?
    /// What the last render drew (not the items: a session keeps those once, in its differ).
    private var lastDrawn: Drawn?

    private struct Drawn {
        var tiles: [UInt32]
        var cities: [Int32]
        var generation: UInt64

        /// Same tiles and names, drawn in the render right before.
        func isSame(as next: Drawn) -> Bool {
            generation + 1 == next.generation && tiles == next.tiles && cities == next.cities
        }
    }
    /// At most this many names for each viewport's area, however many fit.
    static let maxLabels = 60

    package init(baseMap: BaseMap, typeface: Typeface) {
        self.baseMap = baseMap
        self.typeface = typeface
        labels = baseMap.cityLabels(typeface: typeface, size: Self.labelSize)
        super.init()
        isUserInteractionEnabled = false
    }

    /// Measures `baseMap`'s city names in the typeface maps use and places
    /// them at every zoom level, once for every map to come: at start-up
    /// rather than in the first browser's first frame.
    package static func prepareLabels(of baseMap: BaseMap, fonts: FontBook) {
        let labels = baseMap.cityLabels(typeface: fonts.regular, size: labelSize)
        for level in 0...CityLabelPlacement.maxLevel {
            _ = labels.level(level, maxRank: maxRank(zoom: Double(level)))
        }
    }

    /// The most important rank shown at `zoom`: a few capitals zoomed out, all
    /// the fixture's towns from zoom 7.
    static func maxRank(zoom: Double) -> Int {
        min(7, max(1, Int(zoom.rounded(.down)) - 0))
    }

    /// The base map's group, drawn in every copy of the world the view shows.
    package override func itemProperties() -> ItemProperties {
        var p = super.itemProperties()
        p.repeatsWorld = true
        return p
    }

    package override func renderSubviews(into context: inout RenderContext) {
        let visible = camera.visibleWorldRect(viewport: viewport)
        let margin = visible.insetBy(dx: -visible.width * 0.25, dy: -visible.height * 0.25)
        let band = baseMap.band(for: camera.zoom)
        // Land first, borders over it. By index: a tile copied to be tested took a retain and a release of its
        // path, and the band's tiles are tested twice a frame.
        let all = band?.tiles ?? []
        var tiles: [BaseMap.Tile] = []
        for layer in [BaseMap.Layer.land, .borders] {
            for i in all.indices where all[i].layer == layer && WorldWrap.intersects(all[i].worldRect, margin) {
                tiles.append(all[i])
            }
        }
        let candidates = placeCityLabels(visible: visible)
        let placed = candidates.filter { !isCovered($0, by: labelObstacles) }
        (lastNameCandidates, lastNamesDrawn) = (candidates, placed)
        for tile in tiles { context.use(tile.path) }
        context.use(typeface.descriptor)
        // Everything here is anchored to the world, so the items depend only
        // on which tiles and names are drawn: most pans draw the same ones,
        // and then the differ need not compare a single item.
        let first = context.scene.items.count
        for tile in tiles { appendTile(tile, into: &context) }
        let tilesEnd = context.scene.items.count
        streetsUnderOverlays?.render(parent: id, into: &context)
        overlaysUnderNames?.render(parent: id, into: &context)
        streetNamesUnderNames?.render(parent: id, into: &context)
        let namesStart = context.scene.items.count
        appendCityLabels(placed, into: &context)
        let drawn = Drawn(tiles: tiles.map(\.itemID), cities: placed, generation: context.generation)
        if let last = lastDrawn, last.isSame(as: drawn) {
            context.markUnchanged(first..<tilesEnd)
            context.markUnchanged(namesStart..<context.scene.items.count)
        }
        lastDrawn = drawn
    }

    private func appendTile(_ tile: BaseMap.Tile, into context: inout RenderContext) {
        var p = ItemProperties()
        p.path = tile.path.id
        if tile.layer == .land {
            p.fill = Self.landColor
            p.evenOdd = true
        } else {
            p.stroke = ItemStroke(color: Self.borderColor, width: 1)
        }
        context.scene.append(tile.itemID, parent: id, kind: .worldPath, p)
    }

    /// A city's dot and name in screen points, as `CityLabels` draws them.
    private func labelBox(_ index: Int32) -> Rect {
        let i = Int(index)
        let point = camera.screenPoint(forWorld: labels.points[i], viewport: viewport)
        return Rect(x: point.x - 4, y: point.y - 9, width: labels.widths[i] + 12, height: 18)
    }

    /// Whether an annotation view or its title covers a city's name: the name gives way.
    private func isCovered(_ index: Int32, by obstacles: [Rect]) -> Bool {
        guard !obstacles.isEmpty else { return false }
        let box = labelBox(index)
        return obstacles.contains { $0.intersects(box) }
    }

    /// Whether any of `shapes` (screen points) covers a name the last render
    /// placed, or left out for a view over it.
    func namesMeet(_ shapes: [Rect]) -> Bool {
        guard !shapes.isEmpty else { return false }
        return lastNameCandidates.contains { index in
            let box = labelBox(index)
            return shapes.contains { $0.intersects(box) }
        }
    }

    /// Whether the last render drew the names `obstacles` leave uncovered,
    /// at the same camera: a frame that only moves annotation views (a patch
    /// of an epoch) may keep the base map as it is only then.
    func drawsTheSameNames(under obstacles: [Rect]) -> Bool {
        var drawn = lastNamesDrawn.makeIterator()
        var next = drawn.next()
        for index in lastNameCandidates where !isCovered(index, by: obstacles) {
            guard index == next else { return false }
            next = drawn.next()
        }
        return next == nil
    }

    /// The cities to name: in and around the viewport, of a rank the zoom shows, not overlapping.
    private func placeCityLabels(visible: Rect) -> [Int32] {
        placement.names(visible: visible, zoom: camera.zoom, labels: labels, limit: Self.maxLabels) {
            Self.maxRank(zoom: Double($0))
        }
    }

    private func appendCityLabels(_ placed: [Int32], into context: inout RenderContext) {
        for index in placed {
            let i = Int(index)
            context.scene.append(labels.itemIDs[i].dot, parent: id, kind: .rect, labels.dots[i])
            context.scene.append(labels.itemIDs[i].name, parent: id, kind: .text, labels.names[i])
        }
    }
}
