import MapGeometry

/// Douglas–Peucker line simplification in world units: the points of a
/// line or ring a zoom can tell apart, so a frame at the world's zoom does
/// not carry every bend a city's zoom shows.
package enum ShapeSimplification {
    /// `ring` with every point dropped that lies within `tolerance` of the
    /// line between the points kept around it; the ends always stay.
    static func simplify(_ ring: [Point], tolerance: Double) -> [Point] {
        var scratch = Scratch()
        return simplify(ring, tolerance: tolerance, scratch: &scratch)
    }

    /// The working arrays of one simplification, kept for the next ring: a tile's thousands of short
    /// lines would otherwise allocate them for each.
    struct Scratch {
        var keep: [Bool] = []
        var spans: [(Int, Int)] = []
    }

    static func simplify(_ ring: [Point], tolerance: Double, scratch: inout Scratch) -> [Point] {
        guard ring.count > 2, tolerance > 0 else { return ring }
        let limit = tolerance * tolerance
        scratch.keep.removeAll(keepingCapacity: true)
        scratch.keep.append(contentsOf: repeatElement(false, count: ring.count))
        scratch.keep[0] = true
        scratch.keep[ring.count - 1] = true
        // An explicit stack of spans rather than recursion: a route of a million points must not overflow.
        scratch.spans.removeAll(keepingCapacity: true)
        scratch.spans.append((0, ring.count - 1))
        while let (first, last) = scratch.spans.popLast() {
            guard last > first + 1 else { continue }
            var farthest = first
            var distance = -1.0
            for i in (first + 1)..<last {
                let d = OverlayHitTest.squaredDistance(ring[i], toSegment: ring[first], ring[last])
                if d > distance {
                    distance = d
                    farthest = i
                }
            }
            guard distance > limit else { continue }
            scratch.keep[farthest] = true
            scratch.spans.append((first, farthest))
            scratch.spans.append((farthest, last))
        }
        var kept = 0
        for flag in scratch.keep where flag { kept += 1 }
        if kept == ring.count { return ring }
        var out: [Point] = []
        out.reserveCapacity(kept)
        for i in ring.indices where scratch.keep[i] { out.append(ring[i]) }
        return out
    }

    /// `rings` as a zoom draws them: each simplified to `tolerance`, and
    /// the rings of an area smaller than `tolerance` across left out (an
    /// island less than a pixel wide). Nil when that keeps nearly every
    /// point: the full geometry then draws as well and costs no second path.
    package static func simplify(_ rings: [[Point]], tolerance: Double, isArea: Bool) -> [[Point]]? {
        var kept: [[Point]] = []
        var before = 0
        var after = 0
        var scratch = Scratch()
        for ring in rings {
            before += ring.count
            if isArea, span(of: ring) < tolerance { continue }
            let simple = simplify(ring, tolerance: tolerance, scratch: &scratch)
            after += simple.count
            kept.append(simple)
        }
        return after * 10 >= before * 9 ? nil : kept
    }

    /// The larger side of the box around `ring`, world units (its points as given, not wrapped).
    static func span(of ring: [Point]) -> Double {
        guard let first = ring.first else { return 0 }
        var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
        for p in ring {
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        return max(maxX - minX, maxY - minY)
    }
}
