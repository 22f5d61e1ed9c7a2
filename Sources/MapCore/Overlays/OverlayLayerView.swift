import DisplayList
import MapGeometry
import ViewKit

/// The overlays of one level of a map, in drawing order, each a world path
/// item: the geometry goes to a browser once and a pan moves none of it.
/// The item repeats in every copy of the world the map shows, as the base
/// map does.
final class OverlayLayerView: View {
    struct Entry {
        let overlay: Overlay
        let renderer: OverlayRenderer
        /// The overlay's item on this map.
        let itemID: UInt32
    }

    /// Bottom first, as `MapView.overlays(in:)` lists them.
    var entries: [Entry] = [] { didSet { renderersChanged = true } }
    /// Each entry's item as its renderer draws it, but for the path, which depends on the zoom.
    private var drawings: [ItemProperties?] = []
    /// The entries' overlays and items, read with `drawings`.
    private var entryOverlays: [Overlay] = []
    private var entryItemIDs: [UInt32] = []
    /// A renderer or the entries changed since `drawings` were read.
    var renderersChanged = true
    /// How the overlays are drawn at the last zoom level drawn.
    private var plan: OverlayDrawPlan?
    /// Where the map looks; set before each render.
    var camera = Camera(center: .zero, zoom: 1)
    /// The shared world's shapes, drawn under this layer's own (the layer above roads only).
    var shared: SharedOverlaySource? { didSet { lastDrawn = nil } }
    /// The shared shapes' version the last render drew.
    private(set) var renderedSharedVersion: UInt64?
    /// Whether the shared shapes changed since the last render drew them.
    var sharedChangedSinceRender: Bool { shared.map { $0.overlayVersion != renderedSharedVersion } ?? false }
    /// What the last render drew, so an unchanged layer costs the differ nothing.
    /// Its `items` are nil after a patch of some of them: the next render then compares nothing.
    private var lastDrawn: (layer: ItemProperties, items: [ItemProperties]?, labels: [String?], generation: UInt64)?

    /// Lets go of what only makes the next frames cheaper (a map at rest):
    /// the last render, the drawings and the batches' paths.
    func forgetRender() {
        lastDrawn = nil
        plan = nil
        drawings = []
        entryOverlays = []
        entryItemIDs = []
        renderersChanged = true
    }

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    override func itemProperties() -> ItemProperties {
        var p = super.itemProperties()
        p.repeatsWorld = true
        return p
    }

    override func renderSubviews(into context: inout RenderContext) {
        // `render(parent:into:)` appended the layer's own item just before its children.
        let own = context.scene.items.count - 1
        let drawn = drawItems(into: &context)
        let layer = context.scene.items[own].properties
        if let last = lastDrawn, context.scene.items[own].id == id, last.generation + 1 == context.generation,
            last.layer == layer, last.items == drawn.items, last.labels == drawn.labels
        {
            context.markUnchanged(own..<context.scene.items.count)
        }
        lastDrawn = (layer, drawn.items, drawn.labels, context.generation)
    }

    /// Appends the layer's items: the shared shapes', then its own entries', those near the screen.
    private func drawItems(into context: inout RenderContext) -> DrawnOverlays {
        let level = min(max(Int(camera.zoom.rounded(.down)), 0), Int(Camera.maxZoom))
        if renderersChanged {
            // The path is the zoom's, set when drawn: without it, overlays drawn alike have equal drawings.
            drawings = entries.map { entry in
                guard entry.overlay is OverlayShape, var p = entry.renderer.itemProperties() else { return nil }
                p.path = 0
                return p
            }
            entryOverlays = entries.map(\.overlay)
            entryItemIDs = entries.map(\.itemID)
            renderersChanged = false
            plan = nil
        }
        if plan?.level != level {
            plan = OverlayDrawPlan(overlays: entryOverlays, drawings: drawings, level: level)
        }
        // Shapes near the screen only: one far away costs a browser nothing until a pan brings it near.
        let visible = camera.visibleWorldRect(viewport: frame.size)
        let near = visible.insetBy(dx: -visible.width / 2, dy: -visible.height / 2)
        var drawn = DrawnOverlays()
        if let shared {
            renderedSharedVersion = shared.overlayVersion
            let layer = shared.overlayLayer()
            draw(
                layer.plan(level: level), overlays: layer.overlays, drawings: layer.drawings,
                itemIDs: layer.itemIDs, near: near, into: &context, &drawn)
        }
        if let plan, !entries.isEmpty {
            draw(
                plan, overlays: entryOverlays, drawings: drawings, itemIDs: entryItemIDs,
                near: near, into: &context, &drawn)
        }
        return drawn
    }

    /// The items of the shared shapes that grew since the render of
    /// `generation` drawn afresh (trails), for a frame in which nothing else
    /// changed: the differ patches them in place of a whole frame. Nil when
    /// that render did not draw this layer, or a shape came, went or changed
    /// otherwise.
    func renderPatch(lastRender generation: UInt64) -> OverlayLayerPatch? {
        guard let last = lastDrawn, last.generation == generation, let shared else { return nil }
        var context = RenderContext()
        var scene = ScenePatch(parent: id)
        // Only trails grew: their pieces alone, a few items of the hundreds the layer may hold. Any other
        // change may take items away, which a patch cannot say: a whole render then.
        // The version first: a shape that grows in between is then drawn now and again next frame, never missed.
        let version = shared.overlayVersion
        guard let drawnVersion = renderedSharedVersion, let grown = shared.grownShapes(since: drawnVersion) else {
            return nil
        }
        renderedSharedVersion = version
        drawGrown(grown, from: shared.overlayLayer(), into: &context)
        scene.scene = context.scene
        return OverlayLayerPatch(scene: scene)
    }

    /// Takes in a patch the differ took: it drew some items afresh, so the
    /// next render compares with nothing.
    func commit(_ patch: OverlayLayerPatch) {
        guard let last = lastDrawn else { return }
        lastDrawn = (last.layer, nil, [], last.generation)
    }

    /// The pieces of the growing shapes in `grown` that the layer draws near the screen.
    private func drawGrown(_ grown: [Overlay], from layer: SharedOverlayLayer, into context: inout RenderContext) {
        let visible = camera.visibleWorldRect(viewport: frame.size)
        let near = visible.insetBy(dx: -visible.width / 2, dy: -visible.height / 2)
        var drawn = DrawnOverlays()
        for overlay in grown {
            guard let trail = overlay as? ChangingShape, let index = layer.index(of: overlay),
                let drawing = layer.drawings[index], WorldWrap.intersects(trail.boundingMapRect, near)
            else { continue }
            _ = drawPieces(of: trail, drawing, into: &context, &drawn)
        }
    }

    /// What a render drew, to tell the next one whether anything changed.
    struct DrawnOverlays {
        var items: [ItemProperties] = []
        var labels: [String?] = []
    }

    /// Draws the units of `plan` near the screen.
    private func draw(
        _ plan: OverlayDrawPlan, overlays: [Overlay], drawings: [ItemProperties?], itemIDs: [UInt32], near: Rect,
        into context: inout RenderContext, _ drawn: inout DrawnOverlays
    ) {
        for (i, unit) in plan.units.enumerated() where plan.unit(i, meets: near, overlays: overlays) {
            switch unit {
            case .single(let index):
                let overlay = overlays[index]
                guard var p = drawings[index], let shape = overlay as? OverlayShape else { continue }
                if let trail = overlay as? ChangingShape, drawPieces(of: trail, p, into: &context, &drawn) { continue }
                let path = shape.path(forZoom: camera.zoom)
                context.use(path)
                p.path = path.id
                let title = overlay.title.flatMap { $0.isEmpty ? nil : $0 }
                if title != nil { p = labelled(p, bounds: overlay.boundingMapRect) }
                context.scene.append(itemIDs[index], parent: id, kind: .worldPath, p)
                if let title {
                    context.scene.accessibility.append(
                        AccessibilityElement(item: itemIDs[index], role: .text, flags: [], name: title))
                }
                drawn.items.append(p)
                drawn.labels.append(title)
            case .tiled(let k):
                let tiled = plan.tiled[k]
                guard let p = drawings[tiled.index], let shape = overlays[tiled.index] as? OverlayShape else {
                    continue
                }
                drawPieces(of: shape, tiled, p, near: near, into: &context, &drawn)
            case .batch(let index):
                let batch = plan.batches[index]
                let path = plan.path(of: batch, overlays: overlays)
                context.use(path)
                var p = batch.drawing
                p.path = path.id
                context.scene.append(batch.itemID, parent: id, kind: .worldPath, p)
                drawn.items.append(p)
                drawn.labels.append(nil)
            }
        }
    }

    /// Draws the tile pieces of a large shape near the screen: each tile's
    /// fill, then its outline, every one cut to its tile by the painter.
    private func drawPieces(
        of shape: OverlayShape, _ tiled: TiledShape, _ drawing: ItemProperties, near: Rect,
        into context: inout RenderContext, _ drawn: inout DrawnOverlays
    ) {
        var title = shape.title.flatMap { $0.isEmpty ? nil : $0 }
        for piece in tiled.pieces(meeting: near, of: shape, drawing: drawing) {
            for (item, fills) in [(piece.fill, true), (piece.outline, false)] {
                guard let (itemID, path) = item else { continue }
                var p = drawing
                if fills {
                    p.stroke = .none
                    p.line = nil
                } else {
                    p.fill = .clear
                    p.evenOdd = false
                }
                p.path = path.id
                p.worldClip = piece.clip
                context.use(path)
                // The first piece drawn names the whole shape in the accessibility mirror, over its bounds.
                let names = title
                if names != nil { p = labelled(p, bounds: shape.boundingMapRect) }
                context.scene.append(itemID, parent: id, kind: .worldPath, p)
                if let names {
                    context.scene.accessibility.append(
                        AccessibilityElement(item: itemID, role: .text, flags: [], name: names))
                    title = nil
                }
                drawn.items.append(p)
                drawn.labels.append(names)
            }
        }
    }

    /// Draws a growing line piece by piece; false when it has no pieces.
    private func drawPieces(
        of trail: ChangingShape, _ drawing: ItemProperties, into context: inout RenderContext,
        _ drawn: inout DrawnOverlays
    ) -> Bool {
        let pieces = trail.pieces()
        guard !pieces.isEmpty else { return false }
        let title = trail.title.flatMap { $0.isEmpty ? nil : $0 }
        for (k, piece) in pieces.enumerated() {
            context.use(piece.path)
            var p = drawing
            p.path = piece.path.id
            // The first piece names the whole line in the accessibility mirror, over the line's bounds.
            let names = k == 0 ? title : nil
            if names != nil { p = labelled(p, bounds: trail.boundingMapRect) }
            context.scene.append(piece.itemID, parent: id, kind: .worldPath, p)
            if let names {
                context.scene.accessibility.append(
                    AccessibilityElement(item: piece.itemID, role: .text, flags: [], name: names))
            }
            drawn.items.append(p)
            drawn.labels.append(names)
        }
        return true
    }

    /// A titled overlay's item anchored at its bounds' north-west corner and
    /// as large as its bounds on screen: the painter draws a world path from
    /// its path alone, and places the overlay's element in the accessibility
    /// mirror over that frame. Only a zoom changes it.
    private func labelled(_ properties: ItemProperties, bounds: Rect) -> ItemProperties {
        var p = properties
        let scale = Mercator.pixelsPerUnit(zoom: camera.zoom)
        p.anchor = WorldAnchor(Point(x: bounds.minX, y: bounds.minY))
        p.frame = Rect32(x: 0, y: 0, width: Float(bounds.width * scale), height: Float(bounds.height * scale))
        return p
    }

    /// The overlays topmost first that `point` (map points) touches, within
    /// `slop` points of a line: what a tap there selects. The layer's own
    /// lie above the shared ones.
    func overlays(at point: Point, slop: Double, map: MapView) -> [Overlay] {
        let world = map.camera.worldPoint(forScreen: point, viewport: map.frame.size)
        let unitsPerPoint = 1 / Mercator.pixelsPerUnit(zoom: map.camera.zoom)
        let own = entries.reversed().filter { entry in
            guard let shape = entry.overlay as? OverlayShape,
                let p = entry.renderer.itemProperties(), p.alpha > 0
            else { return false }
            let halfWidth = p.stroke.color.alpha > 0 ? Double(p.stroke.width) / 2 : 0
            let reach = (halfWidth + slop) * unitsPerPoint
            return OverlayHitTest.touches(shape, at: world, reach: reach)
        }
        let shared = shared?.overlayLayer().overlays(at: world) { width in (width / 2 + slop) * unitsPerPoint }
        return own.map(\.overlay) + (shared ?? [])
    }
}

/// The items of the overlay layer's growing shapes drawn afresh (`MapView.renderOverlayPatch`),
/// for the differ to patch in place of a whole frame.
package struct OverlayLayerPatch {
    /// What the differ takes.
    package var scene: ScenePatch
}
