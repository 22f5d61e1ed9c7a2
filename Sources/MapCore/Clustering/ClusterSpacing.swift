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

    /// Groups of items (indices into the items), one after another in one array.
    package struct Grouping: Sendable {
        /// Every group's items, group after group.
        package private(set) var members: [Int] = []
        /// Where each group ends in `members`.
        package private(set) var ends: [Int] = []

        package var count: Int { ends.count }

        /// The items of group `g`.
        package subscript(g: Int) -> ArraySlice<Int> { members[(g == 0 ? 0 : ends[g - 1])..<ends[g]] }

        init() {}

        init(members: [Int], ends: [Int]) {
            self.members = members
            self.ends = ends
        }

        mutating func append(_ item: Int) { members.append(item) }
        mutating func endGroup() { ends.append(members.count) }
    }

    /// The items gathered into groups (indices into `items`) that show as one
    /// view each; `pixelsPerUnit` is the screen scale of world units.
    package static func groups(_ items: [Item], pixelsPerUnit: Double) -> [[Int]] {
        let grouping = grouping(items, pixelsPerUnit: pixelsPerUnit)
        return (0..<grouping.count).map { Array(grouping[$0]) }
    }

    /// `groups(_:pixelsPerUnit:)` in one flat array: a map gathers its
    /// clusters every frame of a busy feed, and an array per group was a
    /// heap block per cluster per frame.
    package static func grouping(_ items: [Item], pixelsPerUnit: Double) -> Grouping {
        // A map draws this for every frame of a busy feed, so groups are kept
        // as linked lists of item indices in flat arrays (a group's first and
        // last member, each member's next), not as an array each, and the
        // pass's tables are reused from pass to pass.
        var apart: [Int] = []
        var groups = Groups()
        var next = [Int](repeating: -1, count: items.count)
        for i in items.indices {
            if items[i].staysApart {
                apart.append(i)
            } else {
                groups.append(first: i, last: i, point: items[i].point * pixelsPerUnit, count: items[i].count)
            }
        }
        var following = Groups()
        var order: [Int] = []
        var buckets = BucketTable()
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
            buckets.fill(groups.points)
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
                        buckets.forEachMember(bx + dx, by + dy) { other in
                            guard !absorbed[other] else { return }
                            let o = groups.points[other]
                            let otherBox = footprint(count: groups.counts[other]).offsetBy(dx: o.x, dy: o.y)
                            guard overlaps(box, otherBox) else { return }
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
        var out = canonical(groups, next: next, itemCount: items.count)
        for i in apart {
            out.append(i)
            out.endGroup()
        }
        return out
    }

    /// The groups in a form that depends only on which items each holds:
    /// each group's items in ascending order, groups by their first item.
    /// The passes order groups by count, which a live feed changes every
    /// epoch; this way an epoch that gathers the same cells the same way
    /// gives an equal grouping (`SharedClusterLayout.changedGroups(since:)`).
    private static func canonical(_ groups: Groups, next: [Int], itemCount: Int) -> Grouping {
        var groupOf = [Int](repeating: -1, count: itemCount)
        for g in 0..<groups.count {
            var i = groups.firsts[g]
            while i >= 0 {
                groupOf[i] = g
                i = next[i]
            }
        }
        // Each group's rank by its first item, and its size; then each item into its group's place.
        var rank = [Int](repeating: -1, count: groups.count)
        var ends: [Int] = []
        ends.reserveCapacity(groups.count)
        for i in 0..<itemCount where groupOf[i] >= 0 {
            if rank[groupOf[i]] < 0 {
                rank[groupOf[i]] = ends.count
                ends.append(0)
            }
            ends[rank[groupOf[i]]] += 1
        }
        var place = [Int](repeating: 0, count: ends.count)
        var total = 0
        for r in ends.indices {
            place[r] = total
            total += ends[r]
            ends[r] = total
        }
        var members = [Int](repeating: 0, count: total)
        for i in 0..<itemCount where groupOf[i] >= 0 {
            let r = rank[groupOf[i]]
            members[place[r]] = i
            place[r] += 1
        }
        return Grouping(members: members, ends: ends)
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

    /// The groups by the `reach`-wide square bucket their centre is in, as a
    /// hash table filled by counting: a bucket's groups come out in group
    /// order, as a sorted list of buckets gave them, but finding them is a
    /// hash rather than a binary search (this was most of the time spacing
    /// took). Buckets that share a slot are told apart by their coordinates.
    private struct BucketTable {
        private var xs: [Int] = [], ys: [Int] = []
        private var starts: [Int] = []
        private var slots: [Int] = []
        private var mask = 0

        mutating func fill(_ points: [Point]) {
            let n = points.count
            var size = 16
            while size < 2 * n { size <<= 1 }
            mask = size - 1
            xs.removeAll(keepingCapacity: true)
            ys.removeAll(keepingCapacity: true)
            starts.removeAll(keepingCapacity: true)
            starts.append(contentsOf: repeatElement(0, count: size + 1))
            for p in points {
                let (x, y) = bucketCoordinates(p)
                xs.append(x)
                ys.append(y)
                starts[slot(x, y) + 1] += 1
            }
            for s in 0..<size { starts[s + 1] += starts[s] }
            slots.removeAll(keepingCapacity: true)
            slots.append(contentsOf: repeatElement(0, count: n))
            var next = Array(starts[0..<size])
            for g in 0..<n {
                let s = slot(xs[g], ys[g])
                slots[next[s]] = g
                next[s] += 1
            }
        }

        /// Calls `body` with the groups in bucket (`x`, `y`), in group order.
        func forEachMember(_ x: Int, _ y: Int, _ body: (Int) -> Void) {
            let s = slot(x, y)
            for j in starts[s]..<starts[s + 1] {
                let g = slots[j]
                if xs[g] == x && ys[g] == y { body(g) }
            }
        }

        private func slot(_ x: Int, _ y: Int) -> Int {
            let h =
                UInt64(bitPattern: Int64(x)) &* 0x9E37_79B9_7F4A_7C15
                ^ UInt64(bitPattern: Int64(y)) &* 0xC2B2_AE3D_27D4_EB4F
            return Int(truncatingIfNeeded: h >> 32) & mask
        }
    }
}
