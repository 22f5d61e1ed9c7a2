import MapGeometry

/// One epoch of a clustering that every map reads at once: the members of
/// one clustering identifier in the Morton order of their finest cluster
/// cell, as `ClusterIndex` keeps them, but immutable and made from the
/// previous epoch by merging in what changed, so a move never costs a sort
/// of the world and a reader never waits for a writer.
///
/// The order is cut into short runs (about `runTarget` members each) that
/// epochs share: the next epoch copies only the runs a change lands in, and
/// rebuilds the small per-run tables (first key, start, sum of points), so
/// a busy feed's epoch costs its moves and the number of runs, not the
/// number of members. The runs a merge makes are written into one block,
/// a `Slab`, and a run names its slab by number: an epoch holds its few
/// slabs, so keeping a run is copying three integers, with no reference
/// count to touch in each run's memory. The runs' running sums, and the
/// points of at most a run added to them, give the centroid of any cell
/// from two places, as prefix sums over the whole order would.
///
/// Members are named by slot (a small integer the clustering hands out), so
/// a run holds only plain values, and the slot table that turns slots back
/// into annotations is shared between epochs chunk by chunk.
package final class SharedClusterIndex: Sendable {
    /// One member in the order.
    struct Member: Sendable {
        /// Finest Morton code (high bits) and slot (low `slotBits`).
        var key: UInt64
        /// Its world point.
        var point: Point
    }

    /// A place in the order: member `offset` of run `run`. The end of the
    /// order is run `runs.count`, offset 0; no other place is past a run's end.
    struct Place: Equatable {
        var run: Int
        var offset: Int
    }

    /// Members `start..<start + count` of slab `slab`.
    struct Run: Equatable {
        var slab: Int32
        var start: Int32
        var count: Int32
    }

    /// The members of the runs one merge wrote. Epochs share a slab while
    /// any of them keeps a run in it; one with fewer than half of its
    /// members in runs has those runs copied into the next merge's slab,
    /// so a slab's dead members never outweigh its live ones for long.
    final class Slab: Sendable {
        let members: [Member]

        init(_ members: [Member]) {
            self.members = members
        }
    }

    /// The members in key order, cut into runs; every run holds at least one.
    let runs: [Run]
    /// The slabs the runs are in, by number; nil where one no run uses was.
    let slabs: [Slab?]
    /// How many members of each slab are in this epoch's runs.
    let slabLive: [Int]
    /// Each run's first key.
    let firstKeys: [UInt64]
    /// Each run's first member's position in the whole order, and the count last (runs + 1 entries).
    let starts: [Int]
    /// The sum of each run's points.
    let runTotals: [Point]
    /// The sum of the points of the runs before each (runs + 1 entries).
    let runSums: [Point]
    /// Slot to annotation.
    package let slots: ClusterSlotTable
    /// Counts the epochs: every merge makes the next.
    package let epoch: UInt64
    /// The views laid out over this epoch so far (`layout(in:zoom:)`).
    let layouts = SharedClusterLayoutCache()

    static let slotBits: UInt64 = 27
    static let slotMask: UInt64 = (1 << slotBits) - 1
    /// Slots are below this (the low bits of a key).
    package static let slotLimit = 1 << Int(slotBits)
    /// A run is cut to about this many members when it is made or outgrows `runLimit`.
    static let runTarget = 64
    static let runLimit = 128
    /// A run changed down to fewer members than this joins the next one.
    static let runMinimum = 16

    /// An empty clustering.
    package convenience init() {
        self.init(
            runs: [], slabs: [], slabLive: [], firstKeys: [], starts: [0], runTotals: [], runSums: [.zero],
            slots: ClusterSlotTable(), epoch: 0)
    }

    init(
        runs: [Run], slabs: [Slab?], slabLive: [Int], firstKeys: [UInt64], starts: [Int], runTotals: [Point],
        runSums: [Point], slots: ClusterSlotTable, epoch: UInt64
    ) {
        self.runs = runs
        self.slabs = slabs
        self.slabLive = slabLive
        self.firstKeys = firstKeys
        self.starts = starts
        self.runTotals = runTotals
        self.runSums = runSums
        self.slots = slots
        self.epoch = epoch
    }

    package var count: Int { starts[starts.count - 1] }

    static func key(of point: Point, slot: UInt32) -> UInt64 {
        let s = ClusterIndex.shift(zoom: ClusterIndex.maxZoom)
        let code = ClusterIndex.morton(
            ClusterIndex.cellCoordinate(point.x, shift: s),
            ClusterIndex.cellCoordinate(point.y, shift: s))
        return code << slotBits | UInt64(slot)
    }

    // MARK: Places

    /// The place of position `i` (0..<count) in the whole order.
    func place(of i: Int) -> Place {
        // The last run that starts at or before `i`.
        var lo = 0, hi = runs.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if starts[mid] <= i { lo = mid + 1 } else { hi = mid }
        }
        return Place(run: lo - 1, offset: i - starts[lo - 1])
    }

    func position(of place: Place) -> Int { starts[place.run] + place.offset }

    /// The first place whose key is not below `key`.
    func lowerBound(_ key: UInt64) -> Place {
        // The last run whose first key is not above `key`: only it can hold the place.
        var lo = 0, hi = firstKeys.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if firstKeys[mid] <= key { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0 else { return Place(run: 0, offset: 0) }
        let r = lo - 1
        let offset = members(ofRun: r).withUnsafeBufferPointer { members in
            var lo = 0, hi = members.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if members[mid].key < key { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        return offset < Int(runs[r].count) ? Place(run: r, offset: offset) : Place(run: r + 1, offset: 0)
    }

    /// The sum of the points before `place` in the whole order: the runs'
    /// running sum, then the members before it in its run (a member that
    /// kept its sum would be 40 bytes instead of 24, and a merge's time is
    /// mostly the members it copies).
    func sum(before place: Place) -> Point {
        guard place.run < runs.count else { return runSums[runs.count] }
        // Summed within the run first, then added to the running sum once: added one by one to a
        // sum of millions of points, each would be rounded to that sum's precision.
        let inRun = members(ofRun: place.run).withUnsafeBufferPointer { members in
            var sum = Point.zero
            for i in 0..<place.offset { sum = sum + members[i].point }
            return sum
        }
        return runSums[place.run] + inRun
    }

    func member(at place: Place) -> Member {
        let run = runs[place.run]
        return slabs[Int(run.slab)]!.members[Int(run.start) + place.offset]
    }

    /// The members of run `r`, as a slice of its slab.
    func members(ofRun r: Int) -> ArraySlice<Member> {
        let run = runs[r]
        return slabs[Int(run.slab)]!.members[Int(run.start)..<Int(run.start) + Int(run.count)]
    }

    // MARK: Reading

    /// The slot of the member at sorted position `i`.
    package func slot(at i: Int) -> UInt32 { UInt32(member(at: place(of: i)).key & Self.slotMask) }

    /// The annotation at sorted position `i`.
    package func annotation(at i: Int) -> Annotation? { slots[slot(at: i)] }

    /// The world point of the member at sorted position `i`.
    package func point(at i: Int) -> Point { member(at: place(of: i)).point }

    /// The places of the members whose keys shifted right by `shift` are
    /// `prefix`, nil when there is none.
    private func run(of prefix: UInt64, shift: UInt64) -> (Place, Place)? {
        let lo = lowerBound(prefix << shift)
        guard lo.run < runs.count, member(at: lo).key >> shift == prefix else { return nil }
        return (lo, lowerBound((prefix + 1) << shift))
    }

    /// The non-empty cells at `zoom` (0...maxZoom) that meet `rect` (world units).
    package func cells(in rect: Rect, zoom: Int) -> [ClusterIndex.Cell] {
        // The slot sits below the code in every key.
        ClusterIndex.cells(in: rect, zoom: zoom, lowBits: Self.slotBits) { prefix, shift in
            guard let (lo, hi) = run(of: prefix, shift: shift) else { return nil }
            let range = position(of: lo)..<position(of: hi)
            return (range, (sum(before: hi) - sum(before: lo)) * (1 / Double(range.count)))
        }
    }

    /// The positions of the members of the cell with `key` (as `Cell.key`), nil when it has none.
    package func range(ofCell key: UInt64) -> Range<Int>? {
        let z = Int(key >> 58), prefix = key & ((1 << 58) - 1)
        guard z <= ClusterIndex.maxZoom,
            let (lo, hi) = run(of: prefix, shift: UInt64(2 * (ClusterIndex.maxZoom - z)) + Self.slotBits)
        else {
            return nil
        }
        return position(of: lo)..<position(of: hi)
    }

    /// The members at positions `range`, in order.
    func members(in range: Range<Int>) -> some Sequence<Member> {
        let first = range.isEmpty ? Place(run: runs.count, offset: 0) : place(of: range.lowerBound)
        return (first.run..<runs.count).lazy.flatMap { self.members(ofRun: $0) }
            .dropFirst(first.offset).prefix(range.count)
    }

    /// The bounding rect (world units) of the members in `range`.
    package func bounds(of range: Range<Int>) -> Rect {
        ClusterIndex.bounds(of: members(in: range).lazy.map(\.point))
    }

    /// Every member's key and point in order (tests compare epochs by this).
    var orderedMembers: [(key: UInt64, point: Point)] {
        runs.indices.flatMap { members(ofRun: $0) }.map { ($0.key, $0.point) }
    }

    /// Bytes its slabs and tables take (the slot table is shared between
    /// epochs and counted there; so are slabs, counted here in full).
    package var byteCount: Int {
        slabs.reduce(0) { $0 + ($1?.members.capacity ?? 0) * MemoryLayout<Member>.stride + 32 }
            + runs.capacity * MemoryLayout<Run>.stride + firstKeys.capacity * 8 + starts.capacity * 8
            + (runTotals.capacity + runSums.capacity) * 16 + slabLive.capacity * 8
    }
}
