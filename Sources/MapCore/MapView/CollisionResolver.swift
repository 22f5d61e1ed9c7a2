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
        let order = placingOrder(candidates)
        let cells = candidates.map { cellRange($0.rect) }
        var total = 0
        var box: CellRange?
        for (c, range) in zip(candidates, cells) where c.mode != .none {
            total += range.count
            box =
                box.map {
                    CellRange(
                        x0: min($0.x0, range.x0), x1: max($0.x1, range.x1),
                        y0: min($0.y0, range.y0), y1: max($0.y1, range.y1))
                } ?? range
        }
        var placed = CellLists(capacity: total, box: box)
        for i in order {
            let c = candidates[i]
            guard c.mode != .none else { continue }
            let range = cells[i]
            if !c.isForced {
                var hit = false
                search: for cy in range.y0...range.y1 {
                    for cx in range.x0...range.x1 {
                        var entry = placed.first(inX: cx, y: cy)
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
                for cx in range.x0...range.x1 { placed.append(i, toX: cx, y: cy) }
            }
        }
        return shown
    }

    /// Forced candidates first, then by priority from the highest, ties in the order given. Most passes give
    /// one priority to all the others (a layer of markers, their titles): no sort then.
    private func placingOrder(_ candidates: [Candidate]) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(candidates.count)
        for i in candidates.indices where candidates[i].isForced { order.append(i) }
        let forced = order.count
        var descending = true
        for i in candidates.indices where !candidates[i].isForced {
            if descending, order.count > forced, candidates[order[order.count - 1]].priority < candidates[i].priority {
                descending = false
            }
            order.append(i)
        }
        if !descending {
            order[forced...].sort { a, b in
                let pa = candidates[a].priority, pb = candidates[b].priority
                return pa != pb ? pa > pb : a < b
            }
        }
        return order
    }

    private func cellRange(_ r: Rect) -> CellRange {
        let x0 = Int((r.minX / cellSize).rounded(.down)), x1 = max(x0, Int((r.maxX / cellSize).rounded(.down)))
        let y0 = Int((r.minY / cellSize).rounded(.down)), y1 = max(y0, Int((r.maxY / cellSize).rounded(.down)))
        return CellRange(x0: x0, x1: x1, y0: y0, y1: y1)
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

/// The grid cells a rect covers, inclusive.
private struct CellRange {
    var x0: Int, x1: Int, y0: Int, y1: Int
    var count: Int { (x1 - x0 + 1) * (y1 - y0 + 1) }
}

/// The candidates placed in each grid cell, as linked lists in flat arrays.
/// The cells of a pass's box are one array when the box is not much larger
/// than the cells the candidates cover (a map's views, a screen or two
/// across); else an open-addressed table of the cells used: a far-off view
/// must not make the box huge.
private struct CellLists {
    /// The box's first cell and width when the cells are one array.
    private let box: (x0: Int, y0: Int, width: Int)?
    /// Cell keys and the newest entry of each (-1: an empty slot), for the table.
    private var keys: [Int64] = []
    private var heads: [Int32]
    /// Each entry's candidate and the entry placed before it in the same cell (-1: none).
    private var candidates: [Int32] = []
    private var older: [Int32] = []
    private let mask: Int

    /// Room for `capacity` entries in the cells of `box` without growing.
    init(capacity: Int, box: CellRange?) {
        candidates.reserveCapacity(capacity)
        older.reserveCapacity(capacity)
        let limit = max(4 * capacity, 4_096)
        if let box, case let (width, false) = box.x1.subtractingReportingOverflow(box.x0), width < limit,
            case let (height, false) = box.y1.subtractingReportingOverflow(box.y0), height < limit,
            (width + 1) * (height + 1) <= limit
        {
            self.box = (box.x0, box.y0, width + 1)
            heads = [Int32](repeating: -1, count: (width + 1) * (height + 1))
            mask = 0
            return
        }
        // At most `capacity` cells, the table kept half empty.
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        self.box = nil
        keys = [Int64](repeating: 0, count: size)
        heads = [Int32](repeating: -1, count: size)
        mask = size - 1
    }

    /// The slot of cell (x, y), or in the table the empty one where it would go.
    private func slot(_ x: Int, _ y: Int) -> Int {
        if let box { return (y - box.y0) * box.width + (x - box.x0) }
        let key = Int64(x) << 32 | Int64(UInt32(truncatingIfNeeded: y))
        var i = Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while heads[i] >= 0 && keys[i] != key { i = (i + 1) & mask }
        return i
    }

    /// The newest entry in cell (x, y), or -1.
    func first(inX x: Int, y: Int) -> Int32 { heads[slot(x, y)] }

    func next(after entry: Int32) -> Int32 { older[Int(entry)] }

    func candidate(at entry: Int32) -> Int { Int(candidates[Int(entry)]) }

    mutating func append(_ candidate: Int, toX x: Int, y: Int) {
        let i = slot(x, y)
        if box == nil { keys[i] = Int64(x) << 32 | Int64(UInt32(truncatingIfNeeded: y)) }
        older.append(heads[i])
        heads[i] = Int32(candidates.count)
        candidates.append(Int32(candidate))
    }
}
