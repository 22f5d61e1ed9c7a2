import MapGeometry

/// Runs the parts `0..<count` of a merge, calling `part` with each number,
/// perhaps at once on other threads; returns once every part is done.
package typealias MergeParts = @Sendable (_ count: Int, _ part: @Sendable (Int) -> Void) -> Void

extension SharedClusterIndex {
    /// The next epoch: `changes` merged in. The keys that leave (moved and
    /// removed members, found from where they were) and the keys that
    /// arrive are sorted and dealt to the runs they fall in; only those runs
    /// are rewritten (into a new slab), cut again when they grew long, and
    /// joined to the next when they shrank. Every other run is shared with
    /// this epoch, except those of a slab being emptied.
    ///
    /// With `parts`, the runs are merged in two halves, each into a slab of
    /// its own, by `parts` (which may run them at once): every map showing
    /// the changes waits for the merge, and the other core is often free.
    package func applying(_ changes: ClusterChanges, parts: MergeParts? = nil) -> SharedClusterIndex {
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
        var touched: [Touch] = []
        var l = 0, a = 0
        for r in runs.indices {
            // Run r holds the keys from its first up to the next run's first; arrivals below every run join run 0.
            let end = r + 1 < runs.count ? firstKeys[r + 1] : UInt64.max
            let (l0, a0) = (l, a)
            while l < leaving.count, leaving[l] < end { l += 1 }
            while a < arriving.count, arriving[a].key < end { a += 1 }
            if l != l0 || a != a0 { touched.append(Touch(run: r, leaving: l0..<l, arriving: a0..<a)) }
        }
        // Two parts split where half the touched runs lie before: rewriting those is most of a merge.
        let split = touched.count >= 2 && parts != nil ? touched[touched.count / 2].run : 0
        let plans =
            split > 0
            ? [
                Plan(runs: 0..<split, touched: 0..<(touched.count / 2)),
                Plan(runs: split..<runs.count, touched: (touched.count / 2)..<touched.count),
            ]
            : [Plan(runs: 0..<runs.count, touched: 0..<touched.count)]
        // Runs of emptied slabs move a share at a time, so emptying the slab of a million-member
        // import does not hold one epoch up: as many members as the merge rewrites, or a few thousand.
        let emptiedSlabs = slabs.indices.map { Self.isEmptied($0, of: self) }
        let emptied = slabs.indices.reduce(0) { $0 + (emptiedSlabs[$1] ? slabLive[$1] : 0) }
        // With no runs yet, every arrival is written by the one part.
        let bounds = plans.map { bound(of: touched[$0.touched]) + (runs.isEmpty ? arriving.count : 0) }
        let rehoming = min(emptied, max(bounds.reduce(0, +), Self.rehomeShare))
        let freshSlabs = Self.freeSlabs(plans.count, in: slabs)
        var built = [(builder: RunBuilder, members: [Member])?](repeating: nil, count: plans.count)
        built.withUnsafeMutableBufferPointer { results in
            // Each part writes only its own result.
            nonisolated(unsafe) let results = results
            let (touched, leaving, arriving) = (touched, leaving, arriving)
            let build = { @Sendable (p: Int) in
                let budget = rehoming * (p + 1) / plans.count - rehoming * p / plans.count
                results[p] = self.mergeRuns(
                    plans[p], touched: touched, leaving: leaving, arriving: arriving,
                    bound: bounds[p] + budget, freshSlab: freshSlabs[p],
                    rehoming: emptiedSlabs, budget: budget)
            }
            if plans.count > 1, let parts { parts(plans.count, build) } else { plans.indices.forEach(build) }
        }
        return RunBuilder.finish(built.map { $0! }, old: self, slots: slots, epoch: epoch + 1)
    }

    /// A run the changes land in, and the places of its leaving keys and arriving members.
    private struct Touch {
        let run: Int
        let leaving: Range<Int>
        let arriving: Range<Int>
    }

    /// The runs a part of a merge goes through, and the touched runs among them.
    private struct Plan {
        let runs: Range<Int>
        let touched: Range<Int>
    }

    /// How many members a part whose changes land in `touched` may write:
    /// the runs changes land in and the arrivals; the run after one left
    /// short (it joins that run); and a short run left at the end with the
    /// run before it, written again (`finishRuns`). Runs of emptied slabs come on top.
    private func bound(of touched: ArraySlice<Touch>) -> Int {
        touched.reduce(2 * Self.runLimit) { total, t in
            let count = Int(runs[t.run].count), left = count - t.leaving.count + t.arriving.count
            let joined = left < Self.runMinimum && t.run + 1 < runs.count ? Int(runs[t.run + 1].count) : 0
            return total + count + joined + t.arriving.count
        }
    }

    /// The runs of `plan` merged into a new slab numbered `freshSlab`, with the members written.
    private func mergeRuns(
        _ plan: Plan, touched: [Touch], leaving: [UInt64], arriving: [Member], bound: Int,
        freshSlab: Int32, rehoming: [Bool], budget: Int
    ) -> (RunBuilder, [Member]) {
        // Slabs come and go every epoch, megabytes each under a busy feed: in a few sizes (four an
        // octave), the allocator reuses the blocks they leave instead of growing the heap around them.
        let granule = max(1_024, 1 << max(0, Int.bitWidth - bound.leadingZeroBitCount - 3))
        let capacity = (bound + granule - 1) / granule * granule
        var builder: RunBuilder?
        let written = [Member](unsafeUninitializedCapacity: capacity) { fresh, count in
            var b = RunBuilder(
                from: self, into: fresh, freshSlab: freshSlab,
                runs: plan.runs.count + bound / Self.runTarget + 1, rehoming: rehoming, budget: budget)
            var next = plan.touched.lowerBound
            for r in plan.runs {
                if next < plan.touched.upperBound, touched[next].run == r {
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
        return (builder!, written)
    }

    /// The numbers `count` new slabs take: the first free places, then past the end.
    private static func freeSlabs(_ count: Int, in slabs: [Slab?]) -> [Int32] {
        var free: [Int32] = []
        var s = 0
        while free.count < count {
            if s >= slabs.count || slabs[s] == nil { free.append(Int32(s)) }
            s += 1
        }
        return free
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

        init(
            from old: SharedClusterIndex, into fresh: UnsafeMutableBufferPointer<Member>, freshSlab: Int32,
            runs expectedRuns: Int, rehoming: [Bool], budget: Int
        ) {
            self.old = old
            self.fresh = fresh
            self.freshSlab = freshSlab
            self.rehoming = rehoming
            rehomeBudget = budget
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
            let (count, total) = Self.write(
                run, leaving: leaving, arriving: arriving,
                to: UnsafeMutableBufferPointer(rebasing: fresh[written...]))
            written += count
            settle(from: start, total: total)
        }

        /// Writes `run` without `leaving` and with `arriving` to the start of
        /// `out`, in key order; returns how many and the sum of their points.
        private static func write(
            _ run: ArraySlice<Member>, leaving: ArraySlice<UInt64>, arriving: ArraySlice<Member>,
            to out: UnsafeMutableBufferPointer<Member>
        ) -> (count: Int, total: Point) {
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
                end - start <= SharedClusterIndex.runLimit
            {
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
            let pieces =
                n <= SharedClusterIndex.runLimit
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
            let lastMembers =
                last.slab == freshSlab
                ? ArraySlice(fresh[lastRange]) : old.slabs[Int(last.slab)]!.members[lastRange]
            append(lastMembers)
            append(carry[...])
            cut(start..<written)
        }

        /// The epoch made of `parts` in key order, each builder's new slab
        /// holding the members it wrote.
        static func finish(
            _ parts: [(builder: RunBuilder, members: [Member])], old: SharedClusterIndex,
            slots: ClusterSlotTable, epoch: UInt64
        ) -> SharedClusterIndex {
            var slabs = old.slabs
            for (b, members) in parts where !members.isEmpty {
                while slabs.count <= Int(b.freshSlab) { slabs.append(nil) }
                slabs[Int(b.freshSlab)] = Slab(members)
            }
            var (runs, firstKeys, runTotals) = (
                parts[0].builder.runs, parts[0].builder.firstKeys,
                parts[0].builder.runTotals
            )
            for (b, _) in parts.dropFirst() {
                runs += b.runs
                firstKeys += b.firstKeys
                runTotals += b.runTotals
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
            return SharedClusterIndex(
                runs: runs, slabs: slabs, slabLive: live, firstKeys: firstKeys, starts: starts,
                runTotals: runTotals, runSums: runSums, slots: slots, epoch: epoch)
        }
    }
}
