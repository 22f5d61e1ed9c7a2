import DisplayList
import MapGeometry
import ViewKit

/// The street tiles' names along their lines (roads), drawn over the
/// overlays and under the annotation views, as a street map names its roads:
/// each name laid along its line for the zoom (`LineLabelLayout`), none over
/// another, and none under a pin or its title (the pins win, as in MapKit).
/// A name is anchored to the world: a pan moves it with the map, and only a
/// zoom lays the names out again.
final class StreetLabelView: View {
    /// The tiles whose names are drawn: those the street layer drew.
    weak var streets: StreetLayerView?
    let typeface: Typeface
    /// Where the map looks; set before each render.
    var camera = Camera(center: .zero, zoom: 1)
    /// Screen rects of the annotation views and their titles: names under them are not drawn.
    var obstacles: [Rect] = []
    /// The names of `tiles` in the order they are placed, kept while a pan draws the same tiles at one zoom.
    private var placingOrder: (zoom: Double, tiles: [ObjectIdentifier], candidates: [StreetNameCandidate])?
    /// What the last render drew, so an unchanged layer costs the differ nothing.
    private var lastDrawn: (layer: ItemProperties, names: [UInt32], hidden: [Bool], zoom: Double, generation: UInt64)?

    /// The screen boxes of the names the last placement weighed, one after another, and where each
    /// name's end with whether a pin kept it off: what a frame that only moves pins checks its names
    /// against. `weighedShift`: how far the screen moved since (a pan keeps the placement).
    private var weighedBoxes: [Rect] = []
    private var weighed: [(end: Int, blocked: Bool)] = []
    private var weighedShift = Point.zero

    /// The names placed, and for which view: a pan at one zoom keeps them while the screen stays
    /// within the quarter screen they were placed around and the pins are where they were on the map.
    private struct Placement {
        let zoom: Double
        let order: Int
        let viewport: Size
        /// The screen's top left, the zoom's world pixels.
        let origin: Point
        /// The pins' rects on the screen of then.
        let obstacles: [Rect]
        let names: [StreetNameCandidate]
        /// By `names`: left out for a pin over it, drawn hidden.
        let hidden: [Bool]

        func holds(zoom: Double, order: Int, viewport: Size, origin: Point) -> Bool {
            zoom == self.zoom && order == self.order && viewport == self.viewport
                && abs(origin.x - self.origin.x) <= viewport.width / 4
                && abs(origin.y - self.origin.y) <= viewport.height / 4
        }
    }
    private var lastPlacement: Placement?
    /// Moves each time the names' placing order is made again (new tiles, a new zoom).
    private var orderGeneration = 0
    /// How many times the names were placed anew rather than kept: what a frame's pins cost the names.
    private(set) var placements = 0
    /// The placement a patch of `patch(under:)` draws, until the differ takes it (`commitPatch()`).
    private var patched: Placement?

    init(typeface: Typeface) {
        self.typeface = typeface
        super.init(frame: .zero)
        isUserInteractionEnabled = false
    }

    /// Lets go of the layout (a map at rest).
    func forgetRender() {
        placingOrder = nil
        lastDrawn = nil
        weighedBoxes = []
        weighed = []
        lastPlacement = nil
        patched = nil
    }

    /// Whether any of `shapes` (screen points) covers a name the last render
    /// drew, or left out for a pin over it.
    func namesMeet(_ shapes: [Rect]) -> Bool {
        guard !shapes.isEmpty else { return false }
        return meetsWeighedBoxes(shapes.map { $0.offsetBy(dx: weighedShift.x, dy: weighedShift.y) })
    }

    /// Whether any of `rects` (on the screen the last placement was made for) covers a box it weighed.
    private func meetsWeighedBoxes(_ rects: [Rect]) -> Bool {
        weighedBoxes.contains { box in rects.contains { $0.intersects(box) } }
    }

    /// Whether the last render would draw the same names with pins at
    /// `obstacles`: the names it left out for a pin are exactly those
    /// `obstacles` cover. A frame that only moves pins (a patch of an epoch)
    /// may keep the names as they are only then.
    func drawsTheSameNames(under obstacles: [Rect]) -> Bool {
        let obstacles = obstacles.map { $0.offsetBy(dx: weighedShift.x, dy: weighedShift.y) }
        // Each name weighed is left out exactly where the placement's pins cover it: only the names the
        // pins that moved since meet can have changed (a few among hundreds under a glide).
        if let kept = lastPlacement, let moved = Self.moved(obstacles, from: kept.obstacles) {
            return moved.isEmpty || leavesOutTheSameNames(touchedBy: moved, pins: obstacles)
        }
        var start = 0
        for (end, blocked) in weighed {
            let covered = weighedBoxes[start..<end].contains { box in obstacles.contains { $0.intersects(box) } }
            if covered != blocked { return false }
            start = end
        }
        return true
    }

    override func itemProperties() -> ItemProperties {
        var p = super.itemProperties()
        p.repeatsWorld = true
        return p
    }

    override func renderSubviews(into context: inout RenderContext) {
        let own = context.scene.items.count - 1
        let zoom = camera.zoom
        let ordered = candidatesInPlacingOrder(zoom: zoom)
        let viewport = frame.size
        let origin = screenOrigin
        let placed: [StreetNameCandidate]
        let hidden: [Bool]
        if let kept = lastPlacement, kept.holds(zoom: zoom, order: orderGeneration, viewport: viewport, origin: origin),
            let moved = movedPins(since: kept, origin: origin)
        {
            (placed, hidden) = (kept.names, kept.hidden)
            if !moved.isEmpty {
                lastPlacement = Placement(
                    zoom: kept.zoom, order: kept.order, viewport: viewport, origin: kept.origin,
                    obstacles: obstacles.map {
                        $0.offsetBy(dx: origin.x - kept.origin.x, dy: origin.y - kept.origin.y)
                    },
                    names: kept.names, hidden: kept.hidden)
            }
        } else {
            placements += 1
            (placed, hidden) = place(ordered, viewport: viewport)
            lastPlacement = Placement(
                zoom: zoom, order: orderGeneration, viewport: viewport, origin: origin, obstacles: obstacles,
                names: placed, hidden: hidden)
        }
        patched = nil
        weighedShift = origin - (lastPlacement?.origin ?? origin)
        for (candidate, hidden) in zip(placed, hidden) { append(candidate, hidden: hidden, into: &context) }
        let names = placed.map(\.itemID)
        if !names.isEmpty { context.use(typeface.descriptor) }
        let layer = context.scene.items[own].properties
        if let last = lastDrawn, context.scene.items[own].id == id, last.generation + 1 == context.generation,
            last.layer == layer, last.zoom == zoom, last.names == names, last.hidden == hidden
        {
            context.markUnchanged(own..<context.scene.items.count)
        }
        lastDrawn = (layer, names, hidden, zoom, context.generation)
    }

    /// The names drawn again for pins at `obstacles` (screen points, the
    /// camera as the last render had it), as a patch of the layer: when the
    /// placement draws the same items in the same order and only which of
    /// them a pin hides changed, the items that changed with their `hidden`.
    /// Nil, having let go of the placement, when names came or went (one
    /// uncovered now pushes out another): the whole frame that follows
    /// places them. A patch the differ takes must be handed to
    /// `commitPatch()`, one it refuses to `dropPatch()`.
    func patch(under obstacles: [Rect]) -> ScenePatch? {
        let (zoom, viewport, origin) = (camera.zoom, frame.size, screenOrigin)
        // The placing order made for the placement kept (the same generation) is the one the patch weighs again.
        guard let drawn = lastDrawn, let kept = lastPlacement, let order = placingOrder,
            kept.holds(zoom: zoom, order: orderGeneration, viewport: viewport, origin: origin)
        else { return nil }
        self.obstacles = obstacles
        placements += 1
        let (names, hidden) = place(order.candidates, viewport: viewport)
        guard names.count == drawn.names.count, zip(names, drawn.names).allSatisfy({ $0.itemID == $1 }) else {
            dropPatch()
            return nil
        }
        var patch = ScenePatch(parent: id)
        for (i, name) in names.enumerated() where hidden[i] != drawn.hidden[i] {
            patch.scene.append(name.itemID, parent: id, kind: .curvedText, name.properties(hidden: hidden[i]))
        }
        patched = Placement(
            zoom: zoom, order: orderGeneration, viewport: viewport, origin: origin, obstacles: obstacles, names: names,
            hidden: hidden)
        return patch
    }

    /// The screen's top left in the zoom's world pixels: a pan moves it, and the names and pins with it.
    private var screenOrigin: Point {
        let k = camera.pixelsPerUnit
        return Point(x: camera.center.x * k - frame.width / 2, y: camera.center.y * k - frame.height / 2)
    }

    /// Takes the placement of the patch the differ took as what is drawn.
    func commitPatch() {
        guard let patched else { return }
        lastPlacement = patched
        lastDrawn?.hidden = patched.hidden
        weighedShift = .zero
        self.patched = nil
    }

    /// Lets go of a patch the differ refused, and of the placement its
    /// weighing replaced: the next render places the names again.
    func dropPatch() {
        patched = nil
        lastPlacement = nil
    }

    /// The names placed where the screen is: a later one only where no
    /// earlier one, and no pin, covers it; each box it weighed is kept for
    /// the frames that only move pins. A name a pin covers, where no earlier
    /// name is, is placed hidden (and takes no room): a pin moving off it
    /// shows it with a patch of `hidden` rather than a name that comes.
    private func place(
        _ ordered: [StreetNameCandidate], viewport: Size
    ) -> (names: [StreetNameCandidate], hidden: [Bool]) {
        // The street layer's reach: a short pan finds the names there already sent.
        let near = Rect(
            x: -viewport.width / 4, y: -viewport.height / 4, width: viewport.width * 1.5,
            height: viewport.height * 1.5)
        var taken = BoxGrid(region: near)
        var pointNames: [String: Int] = [:]
        var placed: [StreetNameCandidate] = []
        var hidden: [Bool] = []
        weighedBoxes.removeAll(keepingCapacity: true)
        weighed.removeAll(keepingCapacity: true)
        for candidate in ordered {
            let at = camera.screenPoint(forWorld: nearestCopy(of: candidate.placement.anchor), viewport: viewport)
            // Past the deepest zoom of the archive one tile spans many screens: names far off cost a frame
            // collision tests for nothing.
            guard near.contains(at) else { continue }
            // The world's tiles and a city's both name the city, a little apart: the first placed stands
            // for both. One archive's two places of one name are two places.
            if candidate.isPoint, let archive = pointNames[candidate.text], archive != candidate.archive { continue }
            var blocked = false
            for box in candidate.placement.boxes {
                let box = box.offsetBy(dx: at.x, dy: at.y)
                weighedBoxes.append(box)
                if !blocked, obstacles.contains(where: { $0.intersects(box) }) { blocked = true }
            }
            weighed.append((weighedBoxes.count, blocked))
            let boxes = weighedBoxes[(weighedBoxes.count - candidate.placement.boxes.count)...]
            if boxes.contains(where: { taken.intersects($0) }) { continue }
            placed.append(candidate)
            hidden.append(blocked)
            if blocked { continue }
            for box in boxes { taken.insert(box) }
            if candidate.isPoint, pointNames[candidate.text] == nil { pointNames[candidate.text] = candidate.archive }
        }
        return (placed, hidden)
    }

    /// The pins (their rects on the placement's screen, before and after) that moved on the map since
    /// `kept` was placed, when every name they touch is left out for a pin as it was: a name is left out
    /// only where a pin covers it, so the same names stand. Nil when one is not, or pins came or went:
    /// place again. Live pins move every frame, most where no name is, and one on a name mostly stays on it.
    private func movedPins(since kept: Placement, origin: Point) -> [Rect]? {
        let shift = origin - kept.origin
        let pins = obstacles.map { $0.offsetBy(dx: shift.x, dy: shift.y) }
        guard let moved = Self.moved(pins, from: kept.obstacles) else { return nil }
        if moved.isEmpty || !meetsWeighedBoxes(moved) { return moved }
        return leavesOutTheSameNames(touchedBy: moved, pins: pins) ? moved : nil
    }

    /// The rects of the pins `now` (on the placement's screen) that are not where `then` had them, each
    /// before and after; nil when pins came or went.
    private static func moved(_ now: [Rect], from then: [Rect]) -> [Rect]? {
        guard now.count == then.count else { return nil }
        var moved: [Rect] = []
        for (now, then) in zip(now, then) {
            if abs(now.minX - then.minX) < 0.01, abs(now.minY - then.minY) < 0.01, abs(now.width - then.width) < 0.01,
                abs(now.height - then.height) < 0.01
            {
                continue
            }
            moved.append(now)
            moved.append(then)
        }
        return moved
    }

    /// Whether each name the last placement weighed that `touched` (rects on its screen) meets is covered
    /// by one of `pins` exactly when the placement left it out for a pin. The names no moved pin meets
    /// keep their answer, so the placement, made from those answers in one order, is the same.
    private func leavesOutTheSameNames(touchedBy touched: [Rect], pins: [Rect]) -> Bool {
        var start = 0
        for (end, blocked) in weighed {
            defer { start = end }
            let boxes = weighedBoxes[start..<end]
            guard boxes.contains(where: { box in touched.contains { $0.intersects(box) } }) else { continue }
            let covered = boxes.contains { box in pins.contains { $0.intersects(box) } }
            if covered != blocked { return false }
        }
        return true
    }

    /// `point` in the copy of the world nearest the camera: the layer repeats in every copy, and a
    /// name is weighed where the screen shows it (a camera panned round the world, one over 180°).
    private func nearestCopy(of point: Point) -> Point {
        let copies = ((camera.center.x - point.x) / Mercator.worldSize).rounded()
        return Point(x: point.x + copies * Mercator.worldSize, y: point.y)
    }

    /// The names of the tiles drawn, laid out at `zoom`, in the order they
    /// are placed: a later style layer's first (places over roads), then a
    /// later archive's (a city's own name for itself over the world's), each
    /// in tile order. Sorted again only when the tiles or the zoom change.
    private func candidatesInPlacingOrder(zoom: Double) -> [StreetNameCandidate] {
        let tiles = (streets?.drawnTiles ?? []).filter { !$0.labels.isEmpty }
        let keys = tiles.map(ObjectIdentifier.init)
        if let kept = placingOrder, kept.zoom == zoom, kept.tiles == keys { return kept.candidates }
        // Each tile's names at the zoom, laid out once for every map (`StreetTile.nameLayouts`).
        var all: [StreetNameCandidate] = []
        for tile in tiles {
            all += tile.nameLayouts.names(zoom: zoom, font: typeface.descriptor.id) { layOut(tile, zoom: zoom) }
        }
        let ordered = all.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if x.priority != y.priority { return x.priority > y.priority }
            if x.archive != y.archive { return x.archive > y.archive }
            return a.offset < b.offset
        }.map(\.element)
        placingOrder = (zoom, keys, ordered)
        orderGeneration += 1
        return ordered
    }

    /// The places of a tile's names at `zoom`, in the tile's order: each
    /// line's, kept where the name begins inside the tile (the line runs a
    /// little past it, and the next tile names its own part).
    private func layOut(_ tile: StreetTile, zoom: Double) -> [StreetNameCandidate] {
        let square = Rect(
            x: Double(tile.clip.x), y: Double(tile.clip.y), width: Double(tile.clip.width),
            height: Double(tile.clip.height))
        var out: [StreetNameCandidate] = []
        let font = typeface.descriptor.id
        for label in tile.labels {
            guard let look = label.paint.look(zoom: zoom), look.size > 0 else { continue }
            let clusters = LineLabelLayout.clusters(of: label.text) { typeface.font.width(of: $0, size: look.size) }
            if label.isPoint {
                guard let point = label.lines.first?.first, square.contains(point) else { continue }
                let placement = Self.level(clusters, height: look.size, at: point)
                out.append(
                    StreetNameCandidate(
                        label, itemID: label.firstItemID, look: look, placement: placement, archive: tile.archive,
                        font: font))
                continue
            }
            var place = 0
            for line in label.lines {
                let placed = LineLabelLayout.place(
                    clusters, height: look.size, along: line, zoom: zoom, spacing: look.spacing,
                    maxAngle: look.maxAngle)
                for placement in placed where square.contains(placement.anchor) {
                    guard let itemID = label.itemID(place) else { break }
                    place += 1
                    out.append(
                        StreetNameCandidate(
                            label, itemID: itemID, look: look, placement: placement, archive: tile.archive, font: font))
                }
            }
        }
        return out
    }

    /// A point's name: level, centred on it.
    private static func level(
        _ clusters: [LineLabelLayout.Cluster], height: Double, at point: Point
    ) -> LineLabelLayout.Placement {
        let width = clusters.reduce(0) { $0 + $1.advance }
        var x = -width / 2
        var glyphs: [GlyphRun.Glyph] = []
        for cluster in clusters {
            glyphs.append(GlyphRun.Glyph(length: cluster.length, x: Float(x + cluster.advance / 2), y: 0, angle: 0))
            x += cluster.advance
        }
        // One box for the whole name, with room around it (MapLibre's text-padding): names of points
        // stand apart rather than interleave.
        let box = Rect(x: -width / 2, y: -height / 2, width: width, height: height).insetBy(dx: -4, dy: -2)
        return LineLabelLayout.Placement(anchor: point, glyphs: GlyphRun(glyphs), boxes: [box])
    }

    private func append(_ candidate: StreetNameCandidate, hidden: Bool, into context: inout RenderContext) {
        context.scene.append(candidate.itemID, parent: id, kind: .curvedText, candidate.properties(hidden: hidden))
    }
}
