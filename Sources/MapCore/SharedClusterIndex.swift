import MapGeometry

/// One epoch of a clustering that every map reads at once: the members of
/// one clustering identifier in the Morton order of their finest cluster
/// cell, as `ClusterIndex` keeps them, but immutable and made from the
/// previous epoch by merging in what changed, so a move never costs a sort
/// of the world and a reader never waits for a writer.
///
/// Members are named by slot (a small integer the clustering hands out), so
/// an epoch is a few flat arrays of plain values: making the next one is a
/// linear merge that copies no object references, and the slot table that
/// turns slots back into annotations is shared between epochs chunk by chunk.
package final class SharedClusterIndex: Sendable {
    /// Finest Morton code (high bits) and slot (low `slotBits`) of each member, ascending.
    let keys: [UInt64]
    /// Each member's world point, in `keys` order.
    let points: [Point]
    /// Prefix sums of the points' x and y (count + 1 entries), for centroids of any cell.
    let sumX: [Double]
    let sumY: [Double]
    /// Slot to annotation.
    package let slots: ClusterSlotTable
    /// Counts the epochs: every merge makes the next.
    package let epoch: UInt64

    static let slotBits: UInt64 = 27
    static let slotMask: UInt64 = (1 << slotBits) - 1
    /// Slots are below this (the low bits of a key).
    package static let slotLimit = 1 << Int(slotBits)

    /// An empty clustering.
    package convenience init() {
        self.init(keys: [], points: [], sumX: [0], sumY: [0], slots: ClusterSlotTable(), epoch: 0)
    }

    init(keys: [UInt64], points: [Point], sumX: [Double], sumY: [Double], slots: ClusterSlotTable, epoch: UInt64) {
        self.keys = keys
        self.points = points
        self.sumX = sumX
        self.sumY = sumY
        self.slots = slots
        self.epoch = epoch
    }

    package var count: Int { keys.count }

    static func key(of point: Point, slot: UInt32) -> UInt64 {
        let s = ClusterIndex.shift(zoom: ClusterIndex.maxZoom)
        let code = ClusterIndex.morton(ClusterIndex.cellCoordinate(point.x, shift: s),
                                       ClusterIndex.cellCoordinate(point.y, shift: s))
        return code << slotBits | UInt64(slot)
    }

    /// The slot of the member at sorted position `i`.
    package func slot(at i: Int) -> UInt32 { UInt32(keys[i] & Self.slotMask) }

    /// The annotation at sorted position `i`.
    package func annotation(at i: Int) -> Annotation? { slots[slot(at: i)] }

    /// The world point of the member at sorted position `i`.
    package func point(at i: Int) -> Point { points[i] }

    /// The next epoch: `changes` merged in. Members whose slot moved or went
    /// are left out of this epoch's run and the movers and newcomers, sorted
    /// among themselves, are merged back in, in one pass; the prefix sums
    /// follow in a second.
    package func applying(_ changes: ClusterChanges) -> SharedClusterIndex {
        guard !changes.isEmpty else { return self }
        let slots = self.slots.applying(changes)
        var arrivals: [(key: UInt64, point: Point)] = []
        arrivals.reserveCapacity(changes.placed.count)
        for (slot, entry) in changes.placed { arrivals.append((Self.key(of: entry.point, slot: slot), entry.point)) }
        arrivals.sort { $0.key < $1.key }
        // Slots whose old entry goes: moved (their new one is an arrival) or removed.
        var leaving = [Bool](repeating: false, count: slots.capacity)
        for slot in changes.placed.keys where Int(slot) < leaving.count { leaving[Int(slot)] = true }
        for slot in changes.removed where Int(slot) < leaving.count { leaving[Int(slot)] = true }
        // Written in place rather than appended: at a million members the
        // merge runs for every epoch of a busy feed.
        let capacity = keys.count + arrivals.count
        var newPoints: [Point] = []
        let newKeys = [UInt64](unsafeUninitializedCapacity: capacity) { outKeys, keyCount in
            newPoints = [Point](unsafeUninitializedCapacity: capacity) { outPoints, pointCount in
                var n = 0, a = 0
                keys.withUnsafeBufferPointer { oldKeys in
                    points.withUnsafeBufferPointer { oldPoints in
                        leaving.withUnsafeBufferPointer { leaving in
                            for i in 0..<oldKeys.count {
                                let key = oldKeys[i]
                                if leaving[Int(key & Self.slotMask)] { continue }
                                while a < arrivals.count, arrivals[a].key < key {
                                    outKeys[n] = arrivals[a].key
                                    outPoints[n] = arrivals[a].point
                                    n += 1
                                    a += 1
                                }
                                outKeys[n] = key
                                outPoints[n] = oldPoints[i]
                                n += 1
                            }
                        }
                    }
                }
                while a < arrivals.count {
                    outKeys[n] = arrivals[a].key
                    outPoints[n] = arrivals[a].point
                    n += 1
                    a += 1
                }
                keyCount = n
                pointCount = n
            }
        }
        let (newSumX, newSumY) = Self.prefixSums(of: newPoints)
        return SharedClusterIndex(keys: newKeys, points: newPoints, sumX: newSumX, sumY: newSumY, slots: slots,
                                  epoch: epoch + 1)
    }

    /// Running sums of the points' x and y, from 0 (count + 1 entries each).
    static func prefixSums(of points: [Point]) -> ([Double], [Double]) {
        let n = points.count
        var sumY: [Double] = []
        let sumX = [Double](unsafeUninitializedCapacity: n + 1) { xs, xCount in
            sumY = [Double](unsafeUninitializedCapacity: n + 1) { ys, yCount in
                var sx = 0.0, sy = 0.0
                xs[0] = 0
                ys[0] = 0
                points.withUnsafeBufferPointer { ps in
                    for i in 0..<n {
                        sx += ps[i].x
                        sy += ps[i].y
                        xs[i + 1] = sx
                        ys[i + 1] = sy
                    }
                }
                xCount = n + 1
                yCount = n + 1
            }
        }
        return (sumX, sumY)
    }

    /// The non-empty cells at `zoom` (0...maxZoom) that meet `rect` (world units).
    package func cells(in rect: Rect, zoom: Int) -> [ClusterIndex.Cell] {
        // The slot sits below the code in every key.
        ClusterIndex.cells(keys: keys, lowBits: Self.slotBits, sumX: sumX, sumY: sumY, in: rect, zoom: zoom)
    }

    /// The positions of the members of the cell with `key` (as `Cell.key`), nil when it has none.
    package func range(ofCell key: UInt64) -> Range<Int>? {
        let z = Int(key >> 58), prefix = key & ((1 << 58) - 1)
        guard z <= ClusterIndex.maxZoom else { return nil }
        return ClusterIndex.run(of: prefix, shift: UInt64(2 * (ClusterIndex.maxZoom - z)) + Self.slotBits, in: keys)
    }

    /// The bounding rect (world units) of the members in `range`.
    package func bounds(of range: Range<Int>) -> Rect { ClusterIndex.bounds(of: points[range]) }

    /// Bytes its own arrays take (the slot table is shared between epochs and counted there).
    package var byteCount: Int {
        keys.capacity * 8 + points.capacity * MemoryLayout<Point>.stride + (sumX.capacity + sumY.capacity) * 8
    }
}
