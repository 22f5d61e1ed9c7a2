import MapGeometry

extension SharedClusterIndex {
    /// The next epoch: `changes` merged in. The keys that leave (moved and
    /// removed members, found from where they were) and the keys that
    /// arrive are sorted and dealt to the runs they fall in; only those runs
    /// are rewritten (into a new slab), cut again when they grew long, and
    /// joined to the next when they shrank. Every other run is shared with
    /// this epoch, except those of a slab being emptied.
    package func applying(_ changes: ClusterChanges) -> SharedClusterIndex {
        guard !changes.isEmpty else { return self }
        let slots = self.slots.applying(changes)
        var leaving: [UInt64] = []
        leaving.reserveCapacity(changes.placed.count + changes.removed.count)
        var arriving: [Member] = []
        arriving.reserveCapacity(changes.placed.count)
        for (slot, placement) in changes.placed {
            if let previous = placement.previous { leaving.append(Self.key(of: previous, slot: slot)) }
            arriving.append(Member(key: Self.key(of: placement.point, slot: slot), point: placement.point))
        }
        for (slot, point) in changes.removed { leaving.append(Self.key(of: point, slot: slot)) }
        leaving.sort()
        arriving.sort { $0.key < $1.key }

        // The runs the changes land in, with the leaving keys and arriving members of each.
        var touched: [(run: Int, leaving: Range<Int>, arriving: Range<Int>)] = []
        var l = 0, a = 0
        for r in runs.indices {
            // Run r holds the keys from its first up to the next run's first; arrivals below every run join run 0.
            let end = r + 1 < runs.count ? firstKeys[r + 1] : UInt64.max
            let (l0, a0) = (l, a)
            while l < leaving.count, leaving[l] < end { l += 1 }
            while a < arriving.count, arriving[a].key < end { a += 1 }
            if l != l0 || a != a0 { touched.append((r, l0..<l, a0..<a)) }
        }
        // Every member the merge may write: the runs changes land in and the arrivals; the run after
        // one left short (it joins that run); the runs of slabs being emptied; and a short run left at
        // the end with the run before it, written again (`finishRuns`).
        var bound = touched.reduce(arriving.count + 2 * Self.runLimit) { total, t in
            let count = Int(runs[t.run].count), left = count - t.leaving.count + t.arriving.count
            let joined = left < Self.runMinimum && t.run + 1 < runs.count ? Int(runs[t.run + 1].count) : 0
            return total + count + joined
        }
        // Runs of emptied slabs move a share at a time, so emptying the slab of a million-member
        // import does not hold one epoch up: as many members as the merge rewrites, or a few thousand.
        let emptiedSlabs = slabs.indices.map { Self.isEmptied($0, of: self) }
        let emptied = slabs.indices.reduce(0) { $0 + (emptiedSlabs[$1] ? slabLive[$1] : 0) }
        let rehoming = min(emptied, max(bound, Self.rehomeShare))
        bound += rehoming
        // Slabs come and go every epoch, megabytes each under a busy feed: in a few sizes (four an
        // octave), the allocator reuses the blocks they leave instead of growing the heap around them.
        let granule = max(1_024, 1 << max(0, Int.bitWidth - bound.leadingZeroBitCount - 3))
        bound = (bound + granule - 1) / granule * granule
        var builder: RunBuilder?
        let written = [Member](unsafeUninitializedCapacity: bound) { fresh, count in
            var b = RunBuilder(from: self, into: fresh, runs: runs.count + arriving.count / Self.runTarget + 1,
                               rehoming: emptiedSlabs, budget: rehoming)
            var next = touched.startIndex
            for r in runs.indices {
                if next < touched.endIndex, touched[next].run == r {
                    b.merge(r, leaving: leaving[touched[next].leaving], arriving: arriving[touched[next].arriving])
                    next += 1
                } else {
                    b.keep(r)
                }
            }
            if runs.isEmpty { b.merge(nil, leaving: [], arriving: arriving[...]) }
            b.finishRuns()
            count = b.written
            builder = b
        }
        return builder!.finish(written, slots: slots, epoch: epoch + 1)
    }

    /// A merge copies on as many members of emptied slabs as it writes of
    /// its own, and at least this many when there are.
    static let rehomeShare = 8_192

    /// Whether the kept runs of slab `s` of `index` move into the next
    /// merge's slab: fewer than half of its members are in runs.
    static func isEmptied(_ s: Int, of index: SharedClusterIndex) -> Bool {
        guard let slab = index.slabs[s] else { return false }
        return index.slabLive[s] * 2 < slab.members.count
    }

    /// The runs of the next epoch, made in key order, with their tables.
    /// The members it writes go into one new slab (`fresh`).
    private struct RunBuilder {
        let old: SharedClusterIndex
        /// Per slab of the last epoch: its kept runs are copied into the new slab.
        let rehoming: [Bool]
        /// How many more members of emptied slabs this merge copies.
        var rehomeBudget: Int
        /// The number the new slab takes.
        let freshSlab: Int32
        /// The new slab's members, written from the start; `written` so far.
        let fresh: UnsafeMutableBufferPointer<Member>
        private(set) var written = 0
        var runs: [Run] = []
        var firstKeys: [UInt64] = []
        var runTotals: [Point] = []
        /// Where the members at the end of `fresh` begin that are too few to
        /// stand as a run and wait to join the next; nil when none wait.
        var carryStart: Int?

        init(from old: SharedClusterIndex, into fresh: UnsafeMutableBufferPointer<Member>, runs expectedRuns: Int,
             rehoming: [Bool], budget: Int) {
            self.old = old
            self.fresh = fresh
            self.rehoming = rehoming
            rehomeBudget = budget
            freshSlab = Int32(old.slabs.firstIndex { $0 == nil } ?? old.slabs.count)
            runs.reserveCapacity(expectedRuns)
            firstKeys.reserveCapacity(expectedRuns)
            runTotals.reserveCapacity(expectedRuns)
        }

        /// Appends `members` to `fresh`.
        private mutating func append(_ members: ArraySlice<Member>) {
            precondition(written + members.count <= fresh.count, "a merge wrote past its bound")
            members.withUnsafeBufferPointer { source in
                guard let from = source.baseAddress else { return }
                (fresh.baseAddress! + written).initialize(from: from, count: source.count)
            }
            written += members.count
        }

        /// An unchanged run: shared as it is, unless a short run waits to
        /// join it or its slab is being emptied. Its first key and total come
        /// from the last epoch's tables: reading them from the run would
        /// touch the memory of every run an epoch keeps.
        mutating func keep(_ r: Int) {
            let run = old.runs[r]
            let rehomed = rehoming[Int(run.slab)] && rehomeBudget >= Int(run.count)
            if carryStart == nil, !rehomed {
                runs.append(run)
                firstKeys.append(old.firstKeys[r])
                runTotals.append(old.runTotals[r])
                return
            }
            if rehomed { rehomeBudget -= Int(run.count) }
            let start = written
            append(old.members(ofRun: r))
            guard carryStart == nil else { return settle(from: start, total: old.runTotals[r]) }
            runs.append(Run(slab: freshSlab, start: Int32(start), count: run.count))
            firstKeys.append(old.firstKeys[r])
            runTotals.append(old.runTotals[r])
        }

        /// Run `r` (nil: none) without the members keyed in `leaving` and
        /// with `arriving`, in key order.
        mutating func merge(_ r: Int?, leaving: ArraySlice<UInt64>, arriving: ArraySlice<Member>) {
            let start = written
            let run = r.map { old.members(ofRun: $0) } ?? []
            let (count, total) = Self.write(run, leaving: leaving, arriving: arriving,
                                            to: UnsafeMutableBufferPointer(rebasing: fresh[written...]))
            written += count
            settle(from: start, total: total)
        }

        /// Writes `run` without `leaving` and with `arriving` to the start of
        /// `out`, in key order; returns how many and the sum of their points.
        private static func write(_ run: ArraySlice<Member>, leaving: ArraySlice<UInt64>, arriving: ArraySlice<Member>,
                                  to out: UnsafeMutableBufferPointer<Member>) -> (count: Int, total: Point) {
            // Through raw buffers: at a busy feed's rate this loop writes thousands of runs an epoch.
            precondition(run.count + arriving.count <= out.count, "a merge wrote past its bound")
            var sum = Point.zero
            var n = 0
            run.withUnsafeBufferPointer { old in
                leaving.withUnsafeBufferPointer { leaving in
                    arriving.withUnsafeBufferPointer { arriving in
                        func put(_ m: Member) {
                            (out.baseAddress! + n).initialize(to: m)
                            sum = sum + m.point
                            n += 1
                        }
                        var l = 0, a = 0
                        for i in 0..<old.count {
                            let key = old[i].key
                            while l < leaving.count, leaving[l] < key { l += 1 }
                            if l < leaving.count, leaving[l] == key {
                                l += 1
                                continue
                            }
                            while a < arriving.count, arriving[a].key < key {
                                put(arriving[a])
                                a += 1
                            }
                            put(old[i])
                        }
                        while a < arriving.count {
                            put(arriving[a])
                            a += 1
                        }
                    }
                }
            }
            return (n, sum)
        }

        /// Makes runs of the members from `start` to the end of `fresh`, just
        /// written in key order, their points summing to `total`: one run as
        /// they are, or with the carry before them cut into runs, or the carry.
        private mutating func settle(from start: Int, total: Point) {
            let end = written
            if carryStart == nil, end - start >= SharedClusterIndex.runMinimum,
               end - start <= SharedClusterIndex.runLimit {
                runs.append(Run(slab: freshSlab, start: Int32(start), count: Int32(end - start)))
                firstKeys.append(fresh[start].key)
                runTotals.append(total)
                return
            }
            let from = carryStart ?? start
            carryStart = nil
            guard end > from else { return }
            if end - from < SharedClusterIndex.runMinimum {
                carryStart = from
                return
            }
            cut(from..<end)
        }

        /// Cuts members `range` of `fresh` into runs of about `runTarget`.
        private mutating func cut(_ range: Range<Int>) {
            let n = range.count
            let pieces = n <= SharedClusterIndex.runLimit
                ? 1 : (n + SharedClusterIndex.runTarget - 1) / SharedClusterIndex.runTarget
            var start = range.lowerBound
            for piece in 0..<pieces {
                let end = range.lowerBound + n * (piece + 1) / pieces
                var sum = Point.zero
                for i in start..<end { sum = sum + fresh[i].point }
                runs.append(Run(slab: freshSlab, start: Int32(start), count: Int32(end - start)))
                firstKeys.append(fresh[start].key)
                runTotals.append(sum)
                start = end
            }
        }

        /// Joins a short run left over to the last run.
        mutating func finishRuns() {
            guard let from = carryStart else { return }
            carryStart = nil
            guard let last = runs.popLast() else { return cut(from..<written) }
            firstKeys.removeLast()
            runTotals.removeLast()
            let lastRange = Int(last.start)..<Int(last.start + last.count)
            if last.slab == freshSlab, lastRange.upperBound == from { return cut(lastRange.lowerBound..<written) }
            // The last run, then the carry again after it.
            let carry = Array(fresh[from..<written])
            let start = written
            let lastMembers = last.slab == freshSlab
                ? ArraySlice(fresh[lastRange]) : old.slabs[Int(last.slab)]!.members[lastRange]
            append(lastMembers)
            append(carry[...])
            cut(start..<written)
        }

        /// The epoch, its new slab holding `members` (what this builder wrote).
        func finish(_ members: [Member], slots: ClusterSlotTable, epoch: UInt64) -> SharedClusterIndex {
            var slabs = old.slabs
            if !members.isEmpty {
                if Int(freshSlab) == slabs.count { slabs.append(nil) }
                slabs[Int(freshSlab)] = Slab(members)
            }
            var live = [Int](repeating: 0, count: slabs.count)
            for run in runs { live[Int(run.slab)] += Int(run.count) }
            for s in slabs.indices where live[s] == 0 { slabs[s] = nil }
            while let last = slabs.last, last == nil {
                slabs.removeLast()
                live.removeLast()
            }
            var starts = [Int](repeating: 0, count: runs.count + 1)
            var runSums = [Point](repeating: .zero, count: runs.count + 1)
            for r in runs.indices {
                starts[r + 1] = starts[r] + Int(runs[r].count)
                runSums[r + 1] = runSums[r] + runTotals[r]
            }
            return SharedClusterIndex(runs: runs, slabs: slabs, slabLive: live, firstKeys: firstKeys, starts: starts,
                                      runTotals: runTotals, runSums: runSums, slots: slots, epoch: epoch)
        }
    }
}
