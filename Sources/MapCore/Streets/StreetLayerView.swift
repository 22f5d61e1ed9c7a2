import DisplayList
import MapGeometry
import ViewKit

/// The street tiles near a map's view, each item a world path: a tile's
/// geometry goes to a browser once, and a pan moves none of it. Drawn by
/// the base map over its land, under the overlays.
final class StreetLayerView: View {
    /// Where the tiles come from; nil draws nothing.
    var source: StreetTileSource? {
        didSet {
            lastDrawn = nil
            paints = nil
            made = nil
            lastAsked = nil
        }
    }
    /// Where the map looks; set before each render.
    var camera = Camera(center: .zero, zoom: 1)
    /// The tiles the last render drew: their names are drawn over the overlays (`StreetLabelView`).
    private(set) var drawnTiles: [StreetTile] = []
    /// The tiles the next render draws, found by `prepare()`.
    private var prepared: [StreetTile]?
    /// The tiles the last render drew, and at which zoom, so an unchanged layer costs the differ nothing.
    /// Held, not just named: a tile the source drops stays the one drawn, and its identity is not reused.
    private var lastDrawn: (layer: ItemProperties, tiles: [StreetTile], zoom: Double, generation: UInt64)?
    /// Each drawn tile's paints at `zoom`: a pan at one zoom evaluates no style expression again.
    private var paints: (zoom: Double, byTile: [ObjectIdentifier: [ItemProperties?]])?

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Lets go of what only makes the next frames cheaper (a map at rest).
    func forgetRender() {
        lastDrawn = nil
        paints = nil
        made = nil
        lastAsked = nil
        drawnTiles = []
    }

    override func itemProperties() -> ItemProperties {
        var p = super.itemProperties()
        p.repeatsWorld = true
        return p
    }

    /// Finds the tiles the next render draws for the camera, near the
    /// screen (a quarter of a screen around it, so a short pan finds its
    /// tiles already sent; more makes a first frame pay for tiles few pans
    /// reach).
    @discardableResult
    func prepare() -> [StreetTile] {
        let found = tiles()
        prepared = found
        return found
    }

    private func tiles() -> [StreetTile] {
        guard let source else { return [] }
        let visible = camera.visibleWorldRect(viewport: frame.size)
        let near = visible.insetBy(dx: -visible.width / 4, dy: -visible.height / 4)
        let key = source.tilesKey(covering: near, zoom: camera.zoom)
        if let key, let asked = lastAsked, asked.key == key { return asked.tiles }
        let tiles = source.tiles(covering: near, zoom: camera.zoom)
        lastAsked = key.map { ($0, tiles) }
        return tiles
    }

    /// The tiles the source last answered and its name for them: the source's lock is not taken again
    /// while a pan stays over the same tiles.
    private var lastAsked: (key: [Int], tiles: [StreetTile])?

    /// The tiles' items as the scene takes them (each a tile's path in its paint at the zoom, cut to the
    /// tile's square), and the paths they draw: a pan over the same tiles appends both whole, a copy of
    /// each array rather than an item built and a path declared one at a time.
    private struct Drawings {
        var items: [SceneItem] = []
        var paths: [PathResource] = []
    }
    /// The items of the tiles last drawn, at the zoom they were made for.
    private var made: (zoom: Double, tiles: [StreetTile], drawings: Drawings)?

    /// The tiles' items at `zoom`; a tile drawn at this zoom before keeps its paints.
    private func drawings(of tiles: [StreetTile], zoom: Double) -> Drawings {
        if paints?.zoom != zoom { paints = (zoom, [:]) }
        let byTile = paints?.byTile ?? [:]
        var next: [ObjectIdentifier: [ItemProperties?]] = [:]
        var made = Drawings()
        for tile in tiles {
            let key = ObjectIdentifier(tile)
            let drawings = byTile[key] ?? tile.items.map { $0.paint.itemProperties(zoom: zoom) }
            next[key] = drawings
            for (item, drawing) in zip(tile.items, drawings) {
                guard var p = drawing else { continue }
                p.path = item.path.id
                p.worldClip = tile.clip
                made.items.append(SceneItem(id: item.itemID, parent: id, kind: .worldPath, properties: p))
                made.paths.append(item.path)
            }
        }
        paints = (zoom, next)
        return made
    }

    override func renderSubviews(into context: inout RenderContext) {
        let own = context.scene.items.count - 1
        let tiles = prepared ?? tiles()
        prepared = nil
        drawnTiles = tiles
        let zoom = camera.zoom
        let drawings: Drawings
        if let made, made.zoom == zoom, made.tiles.elementsEqual(tiles, by: ===) {
            // A pan over the same tiles: the same items, made once.
            drawings = made.drawings
        } else {
            drawings = self.drawings(of: tiles, zoom: zoom)
            made = (zoom, tiles, drawings)
        }
        context.use(paths: drawings.paths)
        context.scene.items.append(contentsOf: drawings.items)
        // The items depend only on the tiles and the zoom: most pans draw the same ones.
        let drawn = (
            layer: context.scene.items[own].properties, tiles: tiles, zoom: zoom, generation: context.generation
        )
        if let last = lastDrawn, context.scene.items[own].id == id, last.generation + 1 == drawn.generation,
            last.layer == drawn.layer, last.zoom == drawn.zoom, last.tiles.elementsEqual(drawn.tiles, by: ===)
        {
            context.markUnchanged(own..<context.scene.items.count)
        }
        lastDrawn = drawn
    }
}
