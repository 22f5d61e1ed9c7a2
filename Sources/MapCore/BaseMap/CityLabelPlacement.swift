import MapGeometry
import Synchronization

/// The city names placed at one whole zoom level over the whole world,
/// shared by every map: greedily by priority (rank, then population), each
/// name kept only if its dot and name overlap none placed before it.
///
/// Placing the world once per level, not each viewport, makes a name depend
/// on the cities around it and nothing else: a pan never knocks out a name
/// because a more important city came into view, and zooming within a level
/// (scales up to twice the level's, so placed names only move apart) keeps
/// the same names. Built on first use of a level (a few milliseconds for the
/// whole world at the closest levels) and kept for the process.
package final class CityLabelLevel: Sendable {
    /// Placed cities bucketed by a 64 x 64 grid of the world, each bucket in
    /// priority order (city index order).
    private let buckets: [Int: [Int32]]
    /// How many names were placed.
    package let count: Int
    static let grid = 64

    init(labels: CityLabels, level: Int, maxRank: Int) {
        let k = Mercator.pixelsPerUnit(zoom: Double(level))
        // Each name's dot and label, grown by half the spacing kept between
        // two names, as collision candidates of one priority in city order:
        // the resolver keeps the earlier of two that overlap.
        let candidates = labels.points.withUnsafeBufferPointer { points in
            (0..<labels.count(upToRank: maxRank)).map { i in
                // World points scaled, not offset by any viewport: only differences matter.
                let box = Rect(x: points[i].x * k - 4, y: points[i].y * k - 9, width: labels.widths[i] + 12, height: 18)
                return CollisionResolver.Candidate(
                    rect: box.insetBy(dx: -2, dy: -1), mode: .rectangle,
                    priority: 0, isForced: false)
            }
        }
        var shown = CollisionResolver(cellSize: 128).resolve(candidates)
        Self.clearSeam(of: candidates.map(\.rect), shown: &shown, worldWidth: WorldWrap.width * k)
        var buckets: [Int: [Int32]] = [:]
        var count = 0
        for (i, placed) in shown.enumerated() where placed {
            let p = labels.points[i]
            buckets[Self.bucket(x: Self.cell(p.x), y: Self.cell(p.y)), default: []].append(Int32(i))
            count += 1
        }
        self.buckets = buckets
        self.count = count
    }

    /// Names on both sides of 180° meet there, in every copy of the world,
    /// but the placement above saw them a world apart: of two that overlap
    /// across it, the less important goes. Only names within the widest
    /// box of the edges are compared.
    static func clearSeam(of boxes: [Rect], shown: inout [Bool], worldWidth: Double) {
        let reach = boxes.reduce(0) { max($0, $1.width) }
        let near = boxes.indices.filter {
            shown[$0] && (boxes[$0].minX < reach || boxes[$0].maxX > worldWidth - reach)
        }
        for (a, i) in near.enumerated() where shown[i] {
            for j in near[(a + 1)...] where shown[j] {
                let b = boxes[j]
                if boxes[i].offsetBy(dx: worldWidth, dy: 0).intersects(b)
                    || boxes[i].offsetBy(dx: -worldWidth, dy: 0).intersects(b)
                {
                    shown[j] = false
                }
            }
        }
    }

    private static func cell(_ v: Double) -> Int {
        min(max(Int(v / Mercator.worldSize * Double(grid)), 0), grid - 1)
    }

    private static func bucket(x: Int, y: Int) -> Int { y * grid + x }

    /// The placed cities whose point lies in `rect` (in any copy of the world), in priority order.
    func placed(in rect: Rect, points: [Point]) -> [Int32] {
        var out: [Int32] = []
        for piece in WorldWrap.pieces(of: rect) {
            for y in Self.cell(piece.minY)...Self.cell(piece.maxY) {
                for x in Self.cell(piece.minX)...Self.cell(piece.maxX) {
                    for i in buckets[Self.bucket(x: x, y: y)] ?? [] where piece.contains(points[Int(i)]) {
                        out.append(i)
                    }
                }
            }
        }
        out.sort()
        return out
    }
}

/// Which city names one map shows: the level's placed names in a region
/// around the viewport (half a viewport more on each side), taken once, and
/// among them the ones in and just around the viewport, taken again only
/// when the viewport nears their edge, so most pans cost a comparison. The
/// rects are the camera's, in whatever copy of the world it looks at; the
/// names are the world's as stored, which the base map draws in every copy.
struct CityLabelPlacement {
    /// The closest level placed; closer zooms show the same names.
    static let maxLevel = 20

    private(set) var level = -1
    /// The region taken; empty before the first frame.
    private(set) var region = Rect.zero
    /// The level's names in `region`, in priority order.
    private(set) var inRegion: [Int32] = []

    /// The region taken around `visible`.
    static func region(around visible: Rect) -> Rect {
        visible.insetBy(dx: -visible.width / 2, dy: -visible.height / 2)
    }

    /// The whole level whose names show at `zoom`.
    static func level(zoom: Double) -> Int {
        min(max(Int(zoom.rounded(.down)), 0), maxLevel)
    }

    /// How far past each edge of the viewport names are drawn, as a share of
    /// its size. The names drawn are kept while the viewport stays at least
    /// half that far inside them: a pan then draws exactly the names the frame
    /// before drew. A name that joined or left the scene whenever its city
    /// crossed the edge of the viewport changed the shape of the scene, and
    /// the differ compared the whole tree of a map of a thousand markers for it.
    static let margin = 0.15

    /// Where the names drawn were taken (empty before the first frame), and those names.
    private(set) var drawnRect = Rect.zero
    private var drawn: [Int32] = []

    /// The names to draw around `visible` at `zoom`: the level's names in the
    /// viewport grown by `margin` on each side, in priority order, at most
    /// `limit` for each viewport's area; the same as last time while the
    /// viewport stays well inside them and the zoom within the level.
    /// `maxRank(level)` is the least important rank a level names.
    mutating func names(
        visible: Rect, zoom: Double, labels: CityLabels, limit: Int,
        maxRank: (Int) -> Int
    ) -> [Int32] {
        let level = Self.level(zoom: zoom)
        let slack = visible.insetBy(dx: -visible.width * Self.margin / 2, dy: -visible.height * Self.margin / 2)
        // Zoomed in, the names drawn would reach far past the viewport: take them again.
        if level == self.level, !drawnRect.isEmpty, drawnRect.contains(slack),
            drawnRect.width < visible.width * (1 + 2 * Self.margin) * 1.01
        {
            return drawn
        }
        let near = visible.insetBy(dx: -visible.width * Self.margin, dy: -visible.height * Self.margin)
        if level != self.level || !region.contains(near) {
            self.level = level
            region = Self.region(around: visible)
            inRegion = labels.level(level, maxRank: maxRank(level)).placed(in: region, points: labels.points)
        }
        let cap = Int((Double(limit) * (1 + 2 * Self.margin) * (1 + 2 * Self.margin)).rounded())
        drawnRect = near
        drawn = []
        labels.points.withUnsafeBufferPointer { points in
            for index in inRegion where WorldWrap.contains(near, points[Int(index)]) {
                drawn.append(index)
                if drawn.count == cap { break }
            }
        }
        return drawn
    }
}

extension CityLabels {
    /// The names placed at `level` (built on first use, then shared).
    package func level(_ level: Int, maxRank: Int) -> CityLabelLevel {
        builtOnce(in: levels, key: level << 8 | maxRank) {
            CityLabelLevel(labels: self, level: level, maxRank: maxRank)
        }
    }
}
