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
        // Kept as separate arrays: the pass sorts and compares by count and
        // point many times, and must not copy member lists to do so.
        var apart: [[Int]] = []
        var members: [[Int]] = [], points: [Point] = [], counts: [Int] = []
        for i in items.indices {
            if items[i].staysApart {
                apart.append([i])
            } else {
                members.append([i])
                points.append(items[i].point * pixelsPerUnit)
                counts.append(items[i].count)
            }
        }
        // Each pass merges what overlaps; centres then move, so pass again until nothing does.
        for _ in 0..<16 {
            let n = points.count
            var order = Array(0..<n)
            order.sort { a, b in
                if counts[a] != counts[b] { return counts[a] > counts[b] }
                if points[a].x != points[b].x { return points[a].x < points[b].x }
                return points[a].y < points[b].y
            }
            // Neighbours by bucket: one sorted array searched, not a table of arrays built.
            var buckets = (0..<n).map { (key: bucket(points[$0]), index: $0) }
            buckets.sort { $0.key != $1.key ? $0.key < $1.key : $0.index < $1.index }
            let keys = buckets.map(\.key)
            var absorbed = [Bool](repeating: false, count: n)
            var nextMembers: [[Int]] = [], nextPoints: [Point] = [], nextCounts: [Int] = []
            var merged = false
            for g in order where !absorbed[g] {
                absorbed[g] = true
                var groupMembers = members[g]
                var total = counts[g]
                var sum = points[g] * Double(counts[g])
                let box = footprint(count: counts[g]).offsetBy(dx: points[g].x, dy: points[g].y)
                let (bx, by) = bucketCoordinates(points[g])
                for dy in -1...1 {
                    for dx in -1...1 {
                        let k = key(bx + dx, by + dy)
                        var j = ClusterIndex.lowerBound(k, in: keys, range: 0..<n)
                        while j < n, keys[j] == k {
                            let other = buckets[j].index
                            j += 1
                            guard !absorbed[other] else { continue }
                            let o = points[other]
                            guard overlaps(box, footprint(count: counts[other]).offsetBy(dx: o.x, dy: o.y)) else {
                                continue
                            }
                            absorbed[other] = true
                            groupMembers += members[other]
                            sum = sum + points[other] * Double(counts[other])
                            total += counts[other]
                            merged = true
                        }
                    }
                }
                nextMembers.append(groupMembers)
                nextPoints.append(sum * (1 / Double(total)))
                nextCounts.append(total)
            }
            (members, points, counts) = (nextMembers, nextPoints, nextCounts)
            if !merged { break }
        }
        return members + apart
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
