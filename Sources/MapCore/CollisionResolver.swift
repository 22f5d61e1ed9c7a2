import MapGeometry

/// How an annotation view's shape counts when views collide (MapKit's
/// `MKAnnotationViewCollisionMode`).
public enum CollisionMode: Sendable {
    /// The view's frame.
    case rectangle
    /// The circle inscribed in the frame: round pins may overlap at their corners.
    case circle
    /// Never collides, never hides.
    case none
}

/// Decides which annotation views show when their screen shapes overlap,
/// as MapKit does with `displayPriority`: forced views (required or
/// selected) always show, the others are placed from the highest priority
/// down, and one that would overlap something already placed hides.
///
/// Placed shapes go into a uniform grid, so each candidate is checked only
/// against its neighbours: the pass is linear in the number of views for
/// any realistic density, not quadratic.
package struct CollisionResolver {
    /// One view's say in the pass.
    package struct Candidate: Sendable {
        package var rect: Rect
        package var mode: CollisionMode
        package var priority: Float
        /// Required or selected: shows whatever it overlaps.
        package var isForced: Bool

        package init(rect: Rect, mode: CollisionMode, priority: Float, isForced: Bool) {
            self.rect = rect
            self.mode = mode
            self.priority = priority
            self.isForced = isForced
        }
    }

    /// Side of a grid cell, px: about a pin's size, so a shape spans few cells.
    package var cellSize: Double

    package init(cellSize: Double = 64) {
        self.cellSize = cellSize
    }

    /// Which candidates show, in the order given. Among equal priorities the
    /// earlier candidate wins, so callers pass front-most first.
    package func resolve(_ candidates: [Candidate]) -> [Bool] {
        var shown = [Bool](repeating: true, count: candidates.count)
        // Required views (MapKit's default priority) all show: with no view
        // that could hide there is nothing to place.
        guard candidates.contains(where: { !$0.isForced && $0.mode != .none }) else { return shown }
        let order = candidates.indices.sorted { a, b in
            let ca = candidates[a], cb = candidates[b]
            if ca.isForced != cb.isForced { return ca.isForced }
            if ca.priority != cb.priority { return ca.priority > cb.priority }
            return a < b
        }
        let cells = candidates.map { cellRange($0.rect) }
        var placed = CellLists(capacity: zip(candidates, cells).reduce(0) { total, pair in
            pair.0.mode == .none ? total : total + pair.1.count
        })
        for i in order {
            let c = candidates[i]
            guard c.mode != .none else { continue }
            let range = cells[i]
            if !c.isForced {
                var hit = false
                search: for cy in range.y0...range.y1 {
                    for cx in range.x0...range.x1 {
                        var entry = placed.first(in: Self.key(cx, cy))
                        while entry >= 0 {
                            if Self.overlap(c, candidates[placed.candidate(at: entry)]) {
                                hit = true
                                break search
                            }
                            entry = placed.next(after: entry)
                        }
                    }
                }
                if hit {
                    shown[i] = false
                    continue
                }
            }
            for cy in range.y0...range.y1 {
                for cx in range.x0...range.x1 { placed.append(i, to: Self.key(cx, cy)) }
            }
        }
        return shown
    }

    /// The grid cells a rect covers, inclusive.
    private struct CellRange {
        var x0: Int, x1: Int, y0: Int, y1: Int
        var count: Int { (x1 - x0 + 1) * (y1 - y0 + 1) }
    }

    private func cellRange(_ r: Rect) -> CellRange {
        let x0 = Int((r.minX / cellSize).rounded(.down)), x1 = max(x0, Int((r.maxX / cellSize).rounded(.down)))
        let y0 = Int((r.minY / cellSize).rounded(.down)), y1 = max(y0, Int((r.maxY / cellSize).rounded(.down)))
        return CellRange(x0: x0, x1: x1, y0: y0, y1: y1)
    }

    private static func key(_ x: Int, _ y: Int) -> Int64 {
        Int64(x) << 32 | Int64(UInt32(truncatingIfNeeded: y))
    }

    /// True when the two shapes share area (touching edges do not count).
    static func overlap(_ a: Candidate, _ b: Candidate) -> Bool {
        guard a.rect.intersects(b.rect) else { return false }
        switch (a.mode, b.mode) {
        case (.none, _), (_, .none):
            return false
        case (.rectangle, .rectangle):
            return true
        case (.circle, .circle):
            let ra = min(a.rect.width, a.rect.height) / 2, rb = min(b.rect.width, b.rect.height) / 2
            return a.rect.center.distance(to: b.rect.center) < ra + rb
        case (.circle, .rectangle):
            return circle(a.rect, overlaps: b.rect)
        case (.rectangle, .circle):
            return circle(b.rect, overlaps: a.rect)
        }
    }

    /// The circle inscribed in `circleFrame` against a rectangle: nearest point of the rectangle to the centre.
    private static func circle(_ circleFrame: Rect, overlaps rect: Rect) -> Bool {
        let c = circleFrame.center, r = min(circleFrame.width, circleFrame.height) / 2
        let nx = min(max(c.x, rect.minX), rect.maxX), ny = min(max(c.y, rect.minY), rect.maxY)
        return c.distance(to: Point(x: nx, y: ny)) < r
    }
}

/// The candidates placed in each grid cell, as linked lists in flat arrays
/// under an open-addressed table of cells: a pass makes four arrays,
/// where a dictionary of arrays made one array for every cell it touched,
/// and every frame that moved a view runs a pass.
private struct CellLists {
    /// Cell keys and the newest entry of each (-1: an empty slot).
    private var keys: [Int64]
    private var heads: [Int32]
    /// Each entry's candidate and the entry placed before it in the same cell (-1: none).
    private var candidates: [Int32] = []
    private var older: [Int32] = []
    private let mask: Int

    /// Room for `capacity` entries without growing: at most that many cells, the table kept half empty.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = [Int64](repeating: 0, count: size)
        heads = [Int32](repeating: -1, count: size)
        mask = size - 1
        candidates.reserveCapacity(capacity)
        older.reserveCapacity(capacity)
    }

    /// The slot that holds `key`, or the empty one where it would go.
    private func slot(of key: Int64) -> Int {
        var i = Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while heads[i] >= 0 && keys[i] != key { i = (i + 1) & mask }
        return i
    }

    /// The newest entry in the cell `key`, or -1.
    func first(in key: Int64) -> Int32 { heads[slot(of: key)] }

    func next(after entry: Int32) -> Int32 { older[Int(entry)] }

    func candidate(at entry: Int32) -> Int { Int(candidates[Int(entry)]) }

    mutating func append(_ candidate: Int, to key: Int64) {
        let i = slot(of: key)
        keys[i] = key
        older.append(heads[i])
        heads[i] = Int32(candidates.count)
        candidates.append(Int32(candidate))
    }
}
