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

    /// `entries` in the order a pass folds them: by bucket, then id (a
    /// bucket's order), then number, so an id's last is its latest.
    static func passOrder(_ entries: [MoveLog.Entry]) -> LazyMapCollection<[Int], MoveLog.Entry> {
        let buckets = entries.map { bucket(of: $0.id) }
        return entries.indices.sorted { a, b in
            if buckets[a] != buckets[b] { return buckets[a] < buckets[b] }
            return entries[a].id == entries[b].id ? entries[a].seq < entries[b].seq : entries[a].id < entries[b].id
        }.lazy.map { entries[$0] }
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
