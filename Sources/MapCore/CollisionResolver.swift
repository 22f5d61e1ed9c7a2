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
        var grid: [Int64: [Int32]] = [:]
        grid.reserveCapacity(candidates.count)
        for i in order {
            let c = candidates[i]
            guard c.mode != .none else { continue }
            let cells = cellRange(c.rect)
            if !c.isForced {
                var hit = false
                search: for cy in cells.y {
                    for cx in cells.x {
                        guard let placed = grid[key(cx, cy)] else { continue }
                        for j in placed where Self.overlap(c, candidates[Int(j)]) {
                            hit = true
                            break search
                        }
                    }
                }
                if hit {
                    shown[i] = false
                    continue
                }
            }
            for cy in cells.y {
                for cx in cells.x { grid[key(cx, cy), default: []].append(Int32(i)) }
            }
        }
        return shown
    }

    private func cellRange(_ r: Rect) -> (x: ClosedRange<Int>, y: ClosedRange<Int>) {
        let x0 = Int((r.minX / cellSize).rounded(.down)), x1 = max(x0, Int((r.maxX / cellSize).rounded(.down)))
        let y0 = Int((r.minY / cellSize).rounded(.down)), y1 = max(y0, Int((r.maxY / cellSize).rounded(.down)))
        return (x0...x1, y0...y1)
    }

    private func key(_ x: Int, _ y: Int) -> Int64 {
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
