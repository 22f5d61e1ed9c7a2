import DisplayList
import MapGeometry
import Synchronization

/// A large shape at one zoom level, drawn in the pieces that the level's
/// 512-point tiles cut from it: a map sends the pieces near its view, not
/// the whole shape, however far a country's border or a continent's route
/// runs off screen. A piece is made when a map first draws its tile and is
/// shared by every map after.
///
/// A piece is cut a little wider than its tile and the painter cuts it
/// again to the tile on whole device pixels (`ItemProperties.worldClip`):
/// each pixel then belongs to one piece, so neighbours meet without a seam
/// under a translucent fill, and the ends of the wider cut never show. An
/// area's fill and its outline are cut apart (the fill as rings, the
/// outline as lines), so the edges the cut makes are never stroked.
final class TiledShape: Sendable {
    /// One tile's part of the shape.
    struct Piece: Sendable {
        /// The tile, as the painter cuts the piece to it.
        let clip: WorldClip
        /// The fill's item and path (an area drawn filled, and meeting the tile).
        let fill: (itemID: UInt32, path: PathResource)?
        /// The outline's item and path (a line, or an area drawn stroked).
        let outline: (itemID: UInt32, path: PathResource)?
    }

    /// The overlay's place in the layer's list.
    let index: Int
    let level: Int
    /// World units across a tile at `level`.
    let tileSide: Double
    /// How far past its tile a piece is cut, world units: a stroke's half
    /// width and its joins, and the fill's antialiasing, stay inside it.
    let margin: Double
    private let made = Mutex<[TileKey: Piece]>([:])

    /// A shape whose paths at `level` hold more points than this, across
    /// more than two tiles, is cut into pieces.
    static let fewestPoints = 256

    init(index: Int, level: Int, strokeWidth: Float) {
        self.index = index
        self.level = level
        let unitsPerPoint = 1 / Mercator.pixelsPerUnit(zoom: Double(level))
        tileSide = OverlayDrawPlan.tileSize * unitsPerPoint
        // Miter joins reach out several widths; the painter's cut hides the rest.
        margin = (4 + 6 * Double(max(strokeWidth, 0))) * unitsPerPoint
    }

    /// Whether `shape` drawn as `drawing` is cut into tiles at `level`:
    /// large and detailed there, fixed, and stroked whole and solid (a
    /// dash or a stretch would restart in every piece).
    static func wanted(_ shape: OverlayShape, _ drawing: ItemProperties, level: Int) -> Bool {
        if (shape as? ChangingShape)?.isGrowing == true { return false }
        if let line = drawing.line, !line.dashPattern.isEmpty || line.strokeStart > 0 || line.strokeEnd < 1 {
            return false
        }
        let side = OverlayDrawPlan.tileSize / Mercator.pixelsPerUnit(zoom: Double(level))
        let bounds = shape.boundingMapRect
        guard bounds.width > 2 * side || bounds.height > 2 * side else { return false }
        var points = 0
        for ring in shape.rings {
            points += ring.count
            if points > fewestPoints { return true }
        }
        return false
    }

    /// The pieces of the tiles that `rect` (world units, in any copy of the
    /// world) meets, made now for tiles no map drew before.
    func pieces(meeting rect: Rect, of shape: OverlayShape, drawing: ItemProperties) -> [Piece] {
        let bounds = shape.boundingMapRect
        var keys: [TileKey] = []
        for copy in [-1.0, 0, 1] {
            let r = rect.offsetBy(dx: copy * WorldWrap.width, dy: 0)
            let minX = max(r.minX, bounds.minX), maxX = min(r.maxX, bounds.maxX)
            let minY = max(r.minY, bounds.minY), maxY = min(r.maxY, bounds.maxY)
            guard minX <= maxX, minY <= maxY else { continue }
            for ty in Int((minY / tileSide).rounded(.down))...Int((maxY / tileSide).rounded(.down)) {
                for tx in Int((minX / tileSide).rounded(.down))...Int((maxX / tileSide).rounded(.down)) {
                    keys.append(TileKey(x: tx, y: ty))
                }
            }
        }
        let known = made.withLock { all in keys.map { all[$0] } }
        var out: [Piece] = []
        out.reserveCapacity(keys.count)
        for (key, piece) in zip(keys, known) {
            if let piece {
                out.append(piece)
                continue
            }
            let new = cut(shape, drawing, tile: key)
            // Two maps may cut one tile at once: the first kept wins, so every map draws the same items.
            out.append(
                made.withLock { all in
                    if let first = all[key] { return first }
                    all[key] = new
                    return new
                })
        }
        return out
    }

    /// How many tiles have been cut so far.
    var pieceCount: Int { made.withLock { $0.count } }

    private func cut(_ shape: OverlayShape, _ drawing: ItemProperties, tile: TileKey) -> Piece {
        let origin = Point(x: Double(tile.x) * tileSide, y: Double(tile.y) * tileSide)
        let wide = Rect(
            x: origin.x - margin, y: origin.y - margin, width: tileSide + 2 * margin, height: tileSide + 2 * margin)
        let rings = shape.rings(forZoom: Double(level))
        let shift = ShapeGeometry.shift(level: level)
        var fill: (UInt32, PathResource)?
        if shape.isArea, drawing.fill.alpha > 0 {
            let cut = rings.map { ShapeClipping.clip(ring: $0, to: wide) }.filter { !$0.isEmpty }
            if !cut.isEmpty { fill = (ItemID.next(), PathResource(rings: cut, shift: shift)) }
        }
        var outline: (UInt32, PathResource)?
        if drawing.stroke.color.alpha > 0, drawing.stroke.width > 0 {
            let cut = rings.flatMap { ShapeClipping.clip(line: $0, to: wide) }
            if !cut.isEmpty { outline = (ItemID.next(), PathResource(rings: cut, shift: shift)) }
        }
        let clip = WorldClip(
            x: Int32(clamping: Int(origin.x.rounded())), y: Int32(clamping: Int(origin.y.rounded())),
            width: Int32(clamping: Int(tileSide.rounded())), height: Int32(clamping: Int(tileSide.rounded())))
        return Piece(clip: clip, fill: fill, outline: outline)
    }

    private struct TileKey: Hashable {
        let x: Int
        let y: Int
    }
}
