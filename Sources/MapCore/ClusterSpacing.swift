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
        // A map draws this for every frame of a busy feed, so groups are kept
        // as linked lists of item indices in flat arrays (a group's first and
        // last member, each member's next), not as an array each, and the
        // pass's tables are reused from pass to pass.
        var apart: [[Int]] = []
        var groups = Groups()
        var next = [Int](repeating: -1, count: items.count)
        for i in items.indices {
            if items[i].staysApart {
                apart.append([i])
            } else {
                groups.append(first: i, last: i, point: items[i].point * pixelsPerUnit, count: items[i].count)
            }
        }
        var following = Groups()
        var order: [Int] = [], buckets: [(key: Int64, index: Int)] = [], keys: [Int64] = []
        var absorbed: [Bool] = []
        // Each pass merges what overlaps; centres then move, so pass again until nothing does.
        for _ in 0..<16 {
            let n = groups.count
            order.removeAll(keepingCapacity: true)
            order.append(contentsOf: 0..<n)
            order.sort { [groups] a, b in
                if groups.counts[a] != groups.counts[b] { return groups.counts[a] > groups.counts[b] }
                if groups.points[a].x != groups.points[b].x { return groups.points[a].x < groups.points[b].x }
                return groups.points[a].y < groups.points[b].y
            }
            // Neighbours by bucket: one sorted array searched, not a table of arrays built.
            buckets.removeAll(keepingCapacity: true)
            for g in 0..<n { buckets.append((bucket(groups.points[g]), g)) }
            buckets.sort { $0.key != $1.key ? $0.key < $1.key : $0.index < $1.index }
            keys.removeAll(keepingCapacity: true)
            for b in buckets { keys.append(b.key) }
            absorbed.removeAll(keepingCapacity: true)
            absorbed.append(contentsOf: repeatElement(false, count: n))
            following.removeAll()
            var merged = false
            for g in order where !absorbed[g] {
                absorbed[g] = true
                var tail = groups.lasts[g]
                var total = groups.counts[g]
                var sum = groups.points[g] * Double(total)
                let box = footprint(count: total).offsetBy(dx: groups.points[g].x, dy: groups.points[g].y)
                let (bx, by) = bucketCoordinates(groups.points[g])
                for dy in -1...1 {
                    for dx in -1...1 {
                        let k = key(bx + dx, by + dy)
                        var j = ClusterIndex.lowerBound(k, in: keys, range: 0..<n)
                        while j < n, keys[j] == k {
                            let other = buckets[j].index
                            j += 1
                            guard !absorbed[other] else { continue }
                            let o = groups.points[other]
                            guard overlaps(box, footprint(count: groups.counts[other]).offsetBy(dx: o.x, dy: o.y)) else {
                                continue
                            }
                            absorbed[other] = true
                            next[tail] = groups.firsts[other]
                            tail = groups.lasts[other]
                            sum = sum + o * Double(groups.counts[other])
                            total += groups.counts[other]
                            merged = true
                        }
                    }
                }
                following.append(first: groups.firsts[g], last: tail, point: sum * (1 / Double(total)), count: total)
            }
            swap(&groups, &following)
            if !merged { break }
        }
        var out: [[Int]] = []
        out.reserveCapacity(groups.count + apart.count)
        for g in 0..<groups.count {
            var members: [Int] = []
            var i = groups.firsts[g]
            while i >= 0 {
                members.append(i)
                i = next[i]
            }
            out.append(members)
        }
        return out + apart
    }

    /// Groups of items being gathered, by group: first and last member, centre on screen, count.
    private struct Groups {
        var firsts: [Int] = [], lasts: [Int] = [], points: [Point] = [], counts: [Int] = []

        var count: Int { firsts.count }

        mutating func append(first: Int, last: Int, point: Point, count: Int) {
            firsts.append(first)
            lasts.append(last)
            points.append(point)
            counts.append(count)
        }

        mutating func removeAll() {
            firsts.removeAll(keepingCapacity: true)
            lasts.removeAll(keepingCapacity: true)
            points.removeAll(keepingCapacity: true)
            counts.removeAll(keepingCapacity: true)
        }
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
