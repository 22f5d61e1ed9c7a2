import MapGeometry

/// Whether a point touches a shape, in world units: inside an area (the
/// even-odd rule, so a hole is outside), or within `reach` of a line or of
/// an area's edge. Tested in every copy of the world, as the shape is drawn.
enum OverlayHitTest {
    static func touches(_ shape: OverlayShape, at point: Point, reach: Double) -> Bool {
        let bounds = shape.boundingMapRect.insetBy(dx: -reach, dy: -reach)
        for copy in [-1.0, 0, 1] {
            let p = Point(x: point.x + copy * WorldWrap.width, y: point.y)
            guard p.x >= bounds.minX, p.x <= bounds.maxX, p.y >= bounds.minY, p.y <= bounds.maxY else { continue }
            if shape.isArea, isInside(p, rings: shape.rings) { return true }
            if isNear(p, rings: shape.rings, closed: shape.isArea, reach: reach) { return true }
        }
        return false
    }

    /// The even-odd rule over every ring: inside an odd number of them.
    static func isInside(_ p: Point, rings: [[Point]]) -> Bool {
        var inside = false
        for ring in rings where ring.count > 2 {
            var j = ring.count - 1
            for i in ring.indices {
                let (a, b) = (ring[i], ring[j])
                if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
                    inside.toggle()
                }
                j = i
            }
        }
        return inside
    }

    /// Whether any segment of the rings passes within `reach` of `p`.
    static func isNear(_ p: Point, rings: [[Point]], closed: Bool, reach: Double) -> Bool {
        let limit = reach * reach
        for ring in rings {
            guard let first = ring.first else { continue }
            if ring.count == 1 { return squaredDistance(p, first) <= limit }
            var previous = first
            for next in ring.dropFirst() {
                if squaredDistance(p, toSegment: previous, next) <= limit { return true }
                previous = next
            }
            if closed, squaredDistance(p, toSegment: previous, first) <= limit { return true }
        }
        return false
    }

    static func squaredDistance(_ p: Point, _ q: Point) -> Double {
        (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)
    }

    static func squaredDistance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let length = dx * dx + dy * dy
        guard length > 0 else { return squaredDistance(p, a) }
        let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length))
        return squaredDistance(p, Point(x: a.x + t * dx, y: a.y + t * dy))
    }
}
