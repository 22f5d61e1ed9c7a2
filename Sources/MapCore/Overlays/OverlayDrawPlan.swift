import DisplayList
import MapGeometry
import Synchronization

/// How a layer draws its overlays at one zoom level: each overlay its own
/// item, or, for a run of overlays drawn alike (the same renderer style,
/// no title, the whole line stroked), one item per 512-point tile of the
/// zoom holding all of their paths at once. A world view of ten thousand
/// routes then sends a few hundred paths and items, not ten thousand, and
/// its frames walk a few hundred units. A large and detailed overlay is
/// drawn in tile pieces instead (`TiledShape`). Made once per zoom level
/// and renderer change; a pan only chooses the units near the screen.
struct OverlayDrawPlan: Sendable {
    /// One item the layer draws: a single overlay (an index into the
    /// layer's entries) or a batch of them.
    enum Unit {
        case single(Int)
        case batch(Int)
        /// A large overlay in tile pieces: an index into `tiled`.
        case tiled(Int)
    }

    /// Overlays drawn alike in one tile, and the path of all of them once
    /// made (behind a lock: a shared layer's plan is drawn by every map).
    final class Batch: @unchecked Sendable {
        // Sendable by hand: members and bounds are set while the plan is made, before any map sees it.
        let itemID = ItemID.next()
        let drawing: ItemProperties
        var members: [Int] = []
        var bounds: Rect?
        let path = Mutex<PathResource?>(nil)

        init(drawing: ItemProperties) {
            var p = drawing
            // Alike areas may overlap: the non-zero rule over rings turned the same way fills both.
            p.evenOdd = false
            self.drawing = p
        }
    }

    let level: Int
    private(set) var units: [Unit] = []
    /// Each unit's bounds, world units: what a render tests against the view without asking an overlay.
    private(set) var unitBounds: [Rect] = []
    private(set) var batches: [Batch] = []
    private(set) var tiled: [TiledShape] = []
    /// The units that are growing shapes, whose bounds change while the plan lasts.
    private var growing: Set<Int> = []
    /// The side of a batch's tile, CSS px at the plan's zoom.
    static let tileSize = 512.0
    /// Fewer alike overlays in a tile than this are drawn one by one.
    static let smallestBatch = 2

    /// The plan for `overlays` drawn as `drawings` say, at whole zoom `level`.
    init(overlays entries: [Overlay], drawings: [ItemProperties?], level: Int) {
        self.level = level
        let tile = Self.tileSize / Mercator.pixelsPerUnit(zoom: Double(level))
        var index = 0
        while index < entries.count {
            if let drawing = drawings[index], Self.cutIntoTiles(entries[index], drawing, level: level) {
                units.append(.tiled(tiled.count))
                unitBounds.append(entries[index].boundingMapRect)
                tiled.append(TiledShape(index: index, level: level, strokeWidth: drawing.stroke.width))
                index += 1
                continue
            }
            guard let drawing = drawings[index], Self.batchable(entries[index], drawing) else {
                if drawings[index] != nil { append(.single(index), entries) }
                index += 1
                continue
            }
            // A run of overlays drawn alike: their order among themselves does not show.
            var tiles: [TileKey: Batch] = [:]
            var order: [TileKey] = []
            while index < entries.count, let next = drawings[index], next == drawing,
                Self.batchable(entries[index], next), !Self.cutIntoTiles(entries[index], next, level: level)
            {
                let center = entries[index].boundingMapRect.center
                let key = TileKey(x: Int((center.x / tile).rounded(.down)), y: Int((center.y / tile).rounded(.down)))
                if tiles[key] == nil {
                    tiles[key] = Batch(drawing: drawing)
                    order.append(key)
                }
                let batch = tiles[key]!
                batch.members.append(index)
                let box = entries[index].boundingMapRect
                batch.bounds = batch.bounds.map { $0.union(box) } ?? box
                index += 1
            }
            for key in order {
                let batch = tiles[key]!
                if batch.members.count < Self.smallestBatch {
                    for member in batch.members { append(.single(member), entries) }
                } else {
                    units.append(.batch(batches.count))
                    unitBounds.append(batch.bounds ?? .zero)
                    batches.append(batch)
                }
            }
        }
    }

    private mutating func append(_ unit: Unit, _ entries: [Overlay]) {
        guard case .single(let index) = unit else { return }
        units.append(unit)
        unitBounds.append(entries[index].boundingMapRect)
        if (entries[index] as? ChangingShape)?.isGrowing == true { growing.insert(units.count - 1) }
    }

    /// Whether a unit's bounds meet `rect`, in any copy of the world. A
    /// growing shape's are asked for again: a trail's grow.
    func unit(_ i: Int, meets rect: Rect, overlays: [Overlay]) -> Bool {
        if !growing.isEmpty, growing.contains(i), case .single(let index) = units[i] {
            return WorldWrap.intersects(overlays[index].boundingMapRect, rect)
        }
        return WorldWrap.intersects(unitBounds[i], rect)
    }

    /// The path of all of a batch's members at the plan's zoom, made when first drawn.
    func path(of batch: Batch, overlays entries: [Overlay]) -> PathResource {
        if let made = batch.path.withLock({ $0 }) { return made }
        var rings: [[Point]] = []
        for i in batch.members {
            guard let shape = entries[i] as? OverlayShape else { continue }
            let zoomed = shape.rings(forZoom: Double(level))
            rings += shape.isArea ? zoomed.map(Self.clockwise) : zoomed
        }
        let made = PathResource(rings: rings, shift: ShapeGeometry.shift(level: level))
        return batch.path.withLock { kept in
            if let first = kept { return first }
            kept = made
            return made
        }
    }

    private static func cutIntoTiles(_ overlay: Overlay, _ drawing: ItemProperties, level: Int) -> Bool {
        guard let shape = overlay as? OverlayShape else { return false }
        return TiledShape.wanted(shape, drawing, level: level)
    }

    /// Whether an overlay can share an item: untitled (a titled one is its
    /// own element of the accessibility mirror), one ring for an area (the
    /// even-odd rule would open holes where two overlap), and the whole
    /// line stroked.
    private static func batchable(_ overlay: Overlay, _ drawing: ItemProperties) -> Bool {
        guard let shape = overlay as? OverlayShape, (overlay as? ChangingShape)?.isGrowing != true,
            overlay.title?.isEmpty ?? true
        else { return false }
        if shape.isArea, shape.rings.count > 1 { return false }
        if let line = drawing.line, line.strokeStart > 0 || line.strokeEnd < 1 { return false }
        return true
    }

    /// `ring` turned clockwise on screen (y down), whichever way it was given.
    static func clockwise(_ ring: [Point]) -> [Point] {
        var twiceArea = 0.0
        for (a, b) in zip(ring, ring.dropFirst()) { twiceArea += a.x * b.y - b.x * a.y }
        return twiceArea < 0 ? ring.reversed() : ring
    }

    private struct TileKey: Hashable {
        let x: Int
        let y: Int
    }
}
