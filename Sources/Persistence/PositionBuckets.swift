/// Where the move log's passes keep each moved annotation's latest
/// position: the `position` table, one row a bucket of ids, each row the
/// bucket's positions packed (`PackedMoves`), in id order.
///
/// A pass rewrites each bucket once, a few kilobytes read, merged and
/// written back, rather than each moved annotation's row: SQLite updates a
/// wide row keyed by text slowly enough that hundreds of thousands of them
/// a pass would be most of the writer's CPU under a busy feed, CPU that a
/// 2-core machine takes from the maps' frames (docs/performance.md,
/// "Durable store"). The annotation rows keep the position each was added
/// at; reading takes a bucket's position over the row's when it is newer
/// (`seq`).
///
/// Which bucket an id falls in only spreads the work: reading takes the
/// newest position of an id wherever it is found.
enum PositionBuckets {
    /// About 250 positions a bucket in a world of a million moved pins.
    static let count: UInt64 = 4_096

    /// The bucket of `id`: FNV-1a of its UTF-8 bytes, the same in every run.
    static func bucket(of id: String) -> Int64 {
        var id = id
        return id.withUTF8 { utf8 in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
            return Int64(hash % count)
        }
    }

    /// Entries dealt to their buckets, each bucket's in the order given:
    /// a counting sort of their indices, so taking a pass of a million
    /// moves costs a few passes over arrays, not a sort of their ids.
    struct Dealt {
        private let entries: [MoveLog.Entry]
        /// Bucket `b`'s entries are `entries[order[i]]` for `i` in `starts[b]..<starts[b + 1]`.
        private let starts: [Int]
        private let order: [Int32]

        /// Deals `entries`, whose buckets are `buckets` (one each).
        init(_ entries: [MoveLog.Entry], buckets: [UInt16]) {
            var next = [Int](repeating: 0, count: Int(PositionBuckets.count) + 1)
            for b in buckets { next[Int(b) + 1] += 1 }
            for b in 0..<Int(PositionBuckets.count) { next[b + 1] += next[b] }
            starts = next
            var order = [Int32](repeating: 0, count: entries.count)
            for (i, b) in buckets.enumerated() {
                order[next[Int(b)]] = Int32(i)
                next[Int(b)] += 1
            }
            self.entries = entries
            self.order = order
        }

        /// Whether bucket `b` holds no entry.
        func isEmpty(_ b: Int) -> Bool { starts[b] == starts[b + 1] }

        /// Bucket `b`'s entries.
        func bucket(_ b: Int) -> [MoveLog.Entry] {
            order[starts[b]..<starts[b + 1]].map { entries[Int($0)] }
        }
    }

    /// `entries` as a pass folds them: bucket by bucket, each bucket's in
    /// id order, each id once, at its latest (highest number).
    static func pass(_ entries: [MoveLog.Entry]) -> [MoveLog.BucketFold] {
        let dealt = Dealt(entries, buckets: entries.map { UInt16(bucket(of: $0.id)) })
        return (0..<Int(count)).compactMap { b in
            dealt.isEmpty(b) ? nil : MoveLog.BucketFold(bucket: Int64(b), entries: latest(dealt.bucket(b)))
        }
    }

    /// The entries of one bucket in id order, each id once, at its latest.
    static func latest(_ entries: [MoveLog.Entry]) -> [MoveLog.Entry] {
        let sorted = entries.sorted { $0.id == $1.id ? $0.seq < $1.seq : $0.id < $1.id }
        var latest: [MoveLog.Entry] = []
        latest.reserveCapacity(sorted.count)
        for entry in sorted {
            if let last = latest.last, last.id == entry.id {
                latest[latest.count - 1] = entry
            } else {
                latest.append(entry)
            }
        }
        return latest
    }

    /// The bucket `old` (in id order) with `new` (in id order, one each)
    /// written over it: each id's newer position, in id order.
    static func merge(_ old: [MoveLog.Entry], _ new: ArraySlice<MoveLog.Entry>) -> [MoveLog.Entry] {
        var merged: [MoveLog.Entry] = []
        merged.reserveCapacity(old.count + new.count)
        var i = old.startIndex, j = new.startIndex
        while i < old.endIndex || j < new.endIndex {
            if j == new.endIndex || (i < old.endIndex && old[i].id < new[j].id) {
                merged.append(old[i])
                i += 1
            } else if i == old.endIndex || new[j].id < old[i].id {
                merged.append(new[j])
                j += 1
            } else {
                merged.append(new[j].seq >= old[i].seq ? new[j] : old[i])
                i += 1
                j += 1
            }
        }
        return merged
    }
}
