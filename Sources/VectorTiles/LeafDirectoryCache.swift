import Synchronization

/// The leaf directories a PMTiles archive has read lately, by their offset in
/// the leaf section. A leaf holds thousands of entries and inflating it costs
/// far more than the tile lookup, while a map's neighbouring tiles share
/// leaves, so keeping the last few saves nearly all of that work.
final class LeafDirectoryCache: Sendable {
    private let capacity: Int
    private let directories = Mutex<[UInt64: PMTilesDirectory]>([:])

    init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// The directory at `offset`, read by `load` when it is not kept. Loads run
    /// outside the lock, so two threads may read the same leaf once each.
    func directory(at offset: UInt64, load: () throws(TileArchiveError) -> PMTilesDirectory)
        throws(TileArchiveError) -> PMTilesDirectory
    {
        if let kept = directories.withLock({ $0[offset] }) { return kept }
        let loaded = try load()
        directories.withLock { kept in
            // Dropping them all when full is crude, but cheap and bounded; real maps stay well under it.
            if kept.count >= capacity { kept.removeAll(keepingCapacity: true) }
            kept[offset] = loaded
        }
        return loaded
    }

    var count: Int { directories.withLock { $0.count } }
}
