import MapGeometry

/// Grid cells alone do not keep clustered views apart (two pins a pixel
/// apart across a cell border each show on their own), so after the index
/// has found the cells near the viewport, the cells whose views would
/// overlap on screen are gathered into one cluster, again and again while
/// the merged clusters' new centres bring them onto a neighbour. What is
/// left shows as views no two of which overlap by more than `tolerance`.
package enum ClusterSpacing {
    /// One cell's worth of clustered annotations: where it shows and how many it holds.
    package struct Item: Sendable {
        package var point: Point
        package var count: Int
        /// Shows as itself whatever it overlaps (the selected pin keeps its
        /// callout rather than vanish into a neighbour's cluster).
        package var staysApart: Bool
        package init(point: Point, count: Int, staysApart: Bool = false) {
            self.point = point
            self.count = count
            self.staysApart = staysApart
        }
    }

    /// The rect a view takes around its anchor on screen: a marker's balloon
    /// stands on its point; a cluster's round badge (sized by its count, as
    /// `ClusterAnnotationView` is) sits centred on it.
    package static func footprint(count: Int) -> Rect {
        if count <= 1 {
            let w = Double(MarkerBalloon.width), h = Double(MarkerBalloon.height)
            return Rect(x: -w / 2, y: -h, width: w, height: h)
        }
        let side = ClusterAnnotationView.side(forCount: count)
        return Rect(x: -side / 2, y: -side / 2, width: side, height: side)
    }

    /// Overlaps of at most this many px are allowed (anti-aliased edges touching).
    package static let tolerance = 2.0
    /// No footprint reaches further than this from its anchor, px.
    static let reach = 70.0

    /// The items gathered into groups (indices into `items`) that show as one
    /// view each; `pixelsPerUnit` is the screen scale of world units.
    package static func groups(_ items: [Item], pixelsPerUnit: Double) -> [[Int]] {
        var apart: [[Int]] = []
        var groups: [(members: [Int], point: Point, count: Int)] = []
        for i in items.indices {
            if items[i].staysApart {
                apart.append([i])
            } else {
                groups.append(([i], items[i].point * pixelsPerUnit, items[i].count))
            }
        }
        // Each pass merges what overlaps; centres then move, so pass again until nothing does.
        for _ in 0..<16 {
            let order = groups.indices.sorted { a, b in
                let ga = groups[a], gb = groups[b]
                if ga.count != gb.count { return ga.count > gb.count }
                if ga.point.x != gb.point.x { return ga.point.x < gb.point.x }
                return ga.point.y < gb.point.y
            }
            var buckets: [Int64: [Int]] = [:]
            for g in groups.indices { buckets[bucket(groups[g].point), default: []].append(g) }
            var absorbed = [Bool](repeating: false, count: groups.count)
            var next: [(members: [Int], point: Point, count: Int)] = []
            var merged = false
            for g in order where !absorbed[g] {
                absorbed[g] = true
                var group = groups[g]
                let box = footprint(count: group.count).offsetBy(dx: group.point.x, dy: group.point.y)
                var sum = group.point * Double(group.count)
                let (bx, by) = bucketCoordinates(group.point)
                for dy in -1...1 {
                    for dx in -1...1 {
                        for other in buckets[key(bx + dx, by + dy)] ?? [] where !absorbed[other] {
                            let o = groups[other]
                            let obox = footprint(count: o.count).offsetBy(dx: o.point.x, dy: o.point.y)
                            guard overlaps(box, obox) else { continue }
                            absorbed[other] = true
                            group.members += o.members
                            sum = sum + o.point * Double(o.count)
                            group.count += o.count
                            merged = true
                        }
                    }
                }
                group.point = sum * (1 / Double(group.count))
                next.append(group)
            }
            groups = next
            if !merged { break }
        }
        return groups.map(\.members) + apart
    }

    /// Whether two screen rects overlap by more than `tolerance` both ways.
    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        min(a.maxX, b.maxX) - max(a.minX, b.minX) > tolerance && min(a.maxY, b.maxY) - max(a.minY, b.minY) > tolerance
    }

    private static func bucketCoordinates(_ p: Point) -> (Int, Int) {
        (Int((p.x / reach).rounded(.down)), Int((p.y / reach).rounded(.down)))
    }

    private static func key(_ x: Int, _ y: Int) -> Int64 { Int64(x) << 32 | Int64(UInt32(truncatingIfNeeded: y)) }

    private static func bucket(_ p: Point) -> Int64 {
        let (x, y) = bucketCoordinates(p)
        return key(x, y)
    }
}
