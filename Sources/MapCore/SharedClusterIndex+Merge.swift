import MapGeometry

extension SharedClusterIndex {
    /// The next epoch: `changes` merged in. The keys that leave (moved and
    /// removed members, found from where they were) and the keys that
    /// arrive are sorted and dealt to the runs they fall in; only those runs
    /// are rebuilt, cut again when they grew long, and joined to the next
    /// when they shrank. Every other run is shared with this epoch.
    package func applying(_ changes: ClusterChanges) -> SharedClusterIndex {
        guard !changes.isEmpty else { return self }
        let slots = self.slots.applying(changes)
        var leaving: [UInt64] = []
        leaving.reserveCapacity(changes.placed.count + changes.removed.count)
        var arriving: [Member] = []
        arriving.reserveCapacity(changes.placed.count)
        for (slot, placement) in changes.placed {
            if let previous = placement.previous { leaving.append(Self.key(of: previous, slot: slot)) }
            arriving.append(Member(key: Self.key(of: placement.point, slot: slot), point: placement.point,
                                   sumBefore: .zero))
        }
        for (slot, point) in changes.removed { leaving.append(Self.key(of: point, slot: slot)) }
        leaving.sort()
        arriving.sort { $0.key < $1.key }

        var builder = RunBuilder(expectedRuns: runs.count + arriving.count / Self.runTarget + 1)
        var l = 0, a = 0
        for r in runs.indices {
            // Run r holds the keys from its first up to the next run's first; arrivals below every run join run 0.
            let end = r + 1 < runs.count ? firstKeys[r + 1] : UInt64.max
            let (l0, a0) = (l, a)
            while l < leaving.count, leaving[l] < end { l += 1 }
            while a < arriving.count, arriving[a].key < end { a += 1 }
            if l == l0, a == a0 {
                builder.keep(runs[r], firstKey: firstKeys[r], count: starts[r + 1] - starts[r],
                             total: runTotals[r])
            } else {
                builder.add(Self.merged(runs[r], leaving: leaving[l0..<l], arriving: arriving[a0..<a]))
            }
        }
        if runs.isEmpty { builder.add(Self.merged([], leaving: [], arriving: arriving[...])) }
        return builder.finish(slots: slots, epoch: epoch + 1)
    }

    /// `run` without the members keyed in `leaving` and with `arriving`, in
    /// key order, each with the sum of the points before it.
    private static func merged(_ run: [Member], leaving: ArraySlice<UInt64>,
                               arriving: ArraySlice<Member>) -> [Member] {
        // Written through raw buffers: at a busy feed's rate this loop copies thousands of runs an epoch.
        [Member](unsafeUninitializedCapacity: run.count + arriving.count) { out, count in
            var n = 0
            var sum = Point.zero
            func put(_ m: Member) {
                out[n] = Member(key: m.key, point: m.point, sumBefore: sum)
                sum = sum + m.point
                n += 1
            }
            run.withUnsafeBufferPointer { old in
                leaving.withUnsafeBufferPointer { leaving in
                    arriving.withUnsafeBufferPointer { arriving in
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
            count = n
        }
    }

    /// The runs of the next epoch, made in key order, with their tables.
    private struct RunBuilder {
        var runs: [[Member]] = []
        var firstKeys: [UInt64] = []
        var counts: [Int] = []
        var runTotals: [Point] = []
        /// A changed run too short to stand alone, waiting to join the next.
        var carry: [Member] = []

        init(expectedRuns: Int) {
            runs.reserveCapacity(expectedRuns)
            firstKeys.reserveCapacity(expectedRuns)
            counts.reserveCapacity(expectedRuns)
            runTotals.reserveCapacity(expectedRuns)
        }

        /// An unchanged run, shared as it is (unless a short one waits to join it).
        /// Its first key, count and total come from the last epoch's tables: reading
        /// them from the run would touch the memory of every run an epoch keeps.
        mutating func keep(_ run: [Member], firstKey: UInt64, count: Int, total: Point) {
            guard carry.isEmpty else { return add(run) }
            runs.append(run)
            firstKeys.append(firstKey)
            counts.append(count)
            runTotals.append(total)
        }

        /// Members in key order, all above what came before: cut into runs,
        /// or held back to join the next when there are too few.
        mutating func add(_ members: [Member]) {
            if carry.isEmpty, members.count >= SharedClusterIndex.runMinimum,
               members.count <= SharedClusterIndex.runLimit, let last = members.last {
                // Already summed by `merged`: kept as it is.
                runs.append(members)
                firstKeys.append(members[0].key)
                counts.append(members.count)
                runTotals.append(last.sumBefore + last.point)
                return
            }
            let all = carry.isEmpty ? members : carry + members
            carry = []
            guard !all.isEmpty else { return }
            if all.count < SharedClusterIndex.runMinimum {
                carry = all
                return
            }
            cut(all)
        }

        private mutating func cut(_ all: [Member]) {
            let pieces = all.count <= SharedClusterIndex.runLimit
                ? 1 : (all.count + SharedClusterIndex.runTarget - 1) / SharedClusterIndex.runTarget
            var start = 0
            for piece in 0..<pieces {
                let end = all.count * (piece + 1) / pieces
                var run = Array(all[start..<end])
                var sum = Point.zero
                for i in run.indices {
                    run[i].sumBefore = sum
                    sum = sum + run[i].point
                }
                runs.append(run)
                firstKeys.append(run[0].key)
                counts.append(run.count)
                runTotals.append(sum)
                start = end
            }
        }

        /// The epoch; a short run left over joins the last run.
        mutating func finish(slots: ClusterSlotTable, epoch: UInt64) -> SharedClusterIndex {
            if !carry.isEmpty {
                let last = runs.popLast() ?? []
                if !last.isEmpty {
                    firstKeys.removeLast()
                    counts.removeLast()
                    runTotals.removeLast()
                }
                let all = last + carry
                carry = []
                cut(all)
            }
            var starts = [Int](repeating: 0, count: runs.count + 1)
            var runSums = [Point](repeating: .zero, count: runs.count + 1)
            for r in runs.indices {
                starts[r + 1] = starts[r] + counts[r]
                runSums[r + 1] = runSums[r] + runTotals[r]
            }
            return SharedClusterIndex(runs: runs, firstKeys: firstKeys, starts: starts, runTotals: runTotals,
                                      runSums: runSums, slots: slots, epoch: epoch)
        }
    }
}
