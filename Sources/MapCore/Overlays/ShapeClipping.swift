import MapGeometry

/// Cutting a shape's rings to a rectangle: the pieces a large shape is
/// drawn in at deep zooms, one per tile, so a map sends the pieces near its
/// view rather than the whole shape.
enum ShapeClipping {
    /// The part of the closed `ring` inside `rect` (Sutherland–Hodgman),
    /// closed again; empty when none of it is. Where a concave ring leaves
    /// the rectangle and comes back, the piece runs along the rectangle's
    /// edge between: a fill shows nothing there, which is why pieces are
    /// filled and never stroked.
    static func clip(ring: [Point], to rect: Rect) -> [Point] {
        guard ring.count >= 3 else { return [] }
        if rect.contains(box(of: ring)) { return ring }
        // The ring as given may repeat its first point at the end; the cut works on distinct corners.
        var points = ring.first == ring.last ? Array(ring.dropLast()) : ring
        points = cut(points, keep: { $0.x >= rect.minX }, at: { a, b in cross(a, b, x: rect.minX) })
        points = cut(points, keep: { $0.x <= rect.maxX }, at: { a, b in cross(a, b, x: rect.maxX) })
        points = cut(points, keep: { $0.y >= rect.minY }, at: { a, b in cross(a, b, y: rect.minY) })
        points = cut(points, keep: { $0.y <= rect.maxY }, at: { a, b in cross(a, b, y: rect.maxY) })
        guard points.count >= 3 else { return [] }
        return points + [points[0]]
    }

    /// The runs of the open `line` inside `rect`, each a line of its own
    /// (Liang–Barsky per segment); a run goes on while consecutive segments
    /// stay inside.
    static func clip(line: [Point], to rect: Rect) -> [[Point]] {
        guard line.count >= 2 else { return [] }
        if rect.contains(box(of: line)) { return [line] }
        var runs: [[Point]] = []
        var run: [Point] = []
        for (a, b) in zip(line, line.dropFirst()) {
            guard let (t0, t1) = visibleStretch(from: a, to: b, in: rect) else {
                if run.count >= 2 { runs.append(run) }
                run = []
                continue
            }
            let start = t0 > 0 ? lerp(a, b, t0) : a
            let end = t1 < 1 ? lerp(a, b, t1) : b
            if run.isEmpty || t0 > 0 {
                if run.count >= 2 { runs.append(run) }
                run = [start]
            }
            run.append(end)
            if t1 < 1 {
                runs.append(run)
                run = []
            }
        }
        if run.count >= 2 { runs.append(run) }
        return runs
    }

    /// The box around `points` as given (not wrapped around the world).
    static func box(of points: [Point]) -> Rect {
        guard let first = points.first else { return .zero }
        var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
        for p in points {
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// One Sutherland–Hodgman pass: the polygon `points` cut by one edge's half-plane.
    private static func cut(_ points: [Point], keep: (Point) -> Bool, at: (Point, Point) -> Point) -> [Point] {
        guard var previous = points.last else { return [] }
        var out: [Point] = []
        out.reserveCapacity(points.count + 4)
        var previousInside = keep(previous)
        for p in points {
            let inside = keep(p)
            if inside != previousInside { out.append(at(previous, p)) }
            if inside { out.append(p) }
            previous = p
            previousInside = inside
        }
        return out
    }

    private static func cross(_ a: Point, _ b: Point, x: Double) -> Point {
        let t = (x - a.x) / (b.x - a.x)
        return Point(x: x, y: a.y + (b.y - a.y) * t)
    }

    private static func cross(_ a: Point, _ b: Point, y: Double) -> Point {
        let t = (y - a.y) / (b.y - a.y)
        return Point(x: a.x + (b.x - a.x) * t, y: y)
    }

    private static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    /// The stretch `t0...t1` of the segment from `a` to `b` inside `rect`, nil when none is.
    private static func visibleStretch(from a: Point, to b: Point, in rect: Rect) -> (Double, Double)? {
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        // Each edge as p·t ≤ q: the segment's parameter on the inner side of it.
        for (p, q) in [(-dx, a.x - rect.minX), (dx, rect.maxX - a.x), (-dy, a.y - rect.minY), (dy, rect.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let t = q / p
            if p < 0 {
                if t > t1 { return nil }
                t0 = max(t0, t)
            } else {
                if t < t0 { return nil }
                t1 = min(t1, t)
            }
        }
        return (t0, t1)
    }
}
