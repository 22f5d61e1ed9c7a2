/// Where the move log's passes keep each moved annotation's latest
/// position: the `position` table, one row a bucket of ids, each row the
/// bucket's positions packed (`PackedMoves`), in id order.
///
/// A pass used to write each moved annotation's position into its row, and
/// SQLite's update of a wide row keyed by text, hundreds of thousands a
/// pass, was most of the writer's CPU under a busy feed: on a 2-core
/// machine the watchers' frames paid for it. A pass now rewrites each
/// bucket once, a few kilobytes read, merged and written back. The
/// annotation rows keep the position each was added at; reading takes a
/// bucket's position over the row's when it is newer (`seq`).
///
/// Which bucket an id falls in only spreads the work: reading takes the
/// newest position of an id wherever it is found.
enum PositionBuckets {
    /// About 250 positions a bucket in a world of a million moved pins.
    static let count: UInt64 = 4_096

    /// The bucket of `id`: FNV-1a of its UTF-8 bytes, the same in every run.
    static func bucket(of id: String) -> Int64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in id.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return Int64(hash % count)
    }

    /// `entries` as a pass folds them: by bucket, then id (a bucket's
    /// order), each id once, at its latest (highest number).
    ///
    /// Dealt to their buckets first, in one counting pass, then each bucket
    /// sorted by id: a sort of the whole pass by bucket and id compares
    /// strings several times as often, in a burst at the start of every
    /// pass that the watchers' frames feel on a 2-core machine.
    static func pass(_ entries: [MoveLog.Entry]) -> [MoveLog.Entry] {
        let buckets = entries.map { Int(bucket(of: $0.id)) }
        // Where each bucket's entries begin in `dealt`, and then where the next goes.
        var next = [Int](repeating: 0, count: Int(count) + 1)
        for b in buckets { next[b + 1] += 1 }
        for b in 0..<Int(count) { next[b + 1] += next[b] }
        let starts = next
        // Entry indices, by bucket.
        var dealt = [Int](repeating: 0, count: entries.count)
        for (i, b) in buckets.enumerated() {
            dealt[next[b]] = i
            next[b] += 1
        }
        var pass: [MoveLog.Entry] = []
        pass.reserveCapacity(entries.count)
        for b in 0..<Int(count) where starts[b] < starts[b + 1] {
            dealt[starts[b]..<starts[b + 1]].sort { x, y in
                let (a, c) = (entries[x].id, entries[y].id)
                return a == c ? entries[x].seq < entries[y].seq : a < c
            }
            for i in dealt[starts[b]..<starts[b + 1]] {
                if let last = pass.last, last.id == entries[i].id {
                    pass[pass.count - 1] = entries[i]
                } else {
                    pass.append(entries[i])
                }
            }
        }
        return pass
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
