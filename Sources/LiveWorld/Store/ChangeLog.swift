import MapCore
import MapGeometry
import Synchronization

/// One change to the shared world, as sessions replay it.
package struct LoggedChange: Sendable {
    /// `restyled`: its title, subtitle or marker style changed where it is.
    package enum Kind: UInt8, Sendable { case moved, added, removed, restyled }

    package let kind: Kind
    package let key: AnnotationKey
    package let annotation: Annotation
    /// Where the annotation was before the change (for an add, where it was added).
    package let from: Point
    /// Where it is after the change (for a remove, where it was).
    package let to: Point
    /// When the store received it (store clock), for the event-to-frame latency.
    package let receivedAt: Double
    /// For a move: the time since the annotation's previous move (seconds), if any.
    package let interval: Double?

    static func moved(_ a: Annotation, from: Point, to: Point, receivedAt: Double, interval: Double?) -> LoggedChange {
        LoggedChange(
            kind: .moved, key: AnnotationKey(a), annotation: a, from: from, to: to, receivedAt: receivedAt,
            interval: interval)
    }

    static func added(_ a: Annotation, at point: Point, receivedAt: Double) -> LoggedChange {
        LoggedChange(
            kind: .added, key: AnnotationKey(a), annotation: a, from: point, to: point,
            receivedAt: receivedAt, interval: nil)
    }

    static func removed(_ a: Annotation, at point: Point, receivedAt: Double) -> LoggedChange {
        LoggedChange(
            kind: .removed, key: AnnotationKey(a), annotation: a, from: point, to: point,
            receivedAt: receivedAt, interval: nil)
    }

    static func restyled(_ a: Annotation, at point: Point, receivedAt: Double) -> LoggedChange {
        LoggedChange(
            kind: .restyled, key: AnnotationKey(a), annotation: a, from: point, to: point,
            receivedAt: receivedAt, interval: nil)
    }
}

/// A fixed-capacity block of the log. Entries are written once, under the
/// store's lock, and never changed after; so a reader that learned under
/// that lock how far the log reaches may read entries up to there without
/// it, while the writer goes on appending behind them.
final class ChangeLogChunk: @unchecked Sendable {
    /// The version of entry 0.
    let firstVersion: UInt64
    let capacity: Int
    /// Written only under the store's lock; readers bound themselves by the
    /// version they were given there, never by this.
    private(set) var count = 0
    private let entries: UnsafeMutablePointer<LoggedChange>

    init(firstVersion: UInt64, capacity: Int) {
        self.firstVersion = firstVersion
        self.capacity = capacity
        entries = .allocate(capacity: capacity)
    }

    deinit {
        entries.deinitialize(count: count)
        entries.deallocate()
    }

    var isFull: Bool { count == capacity }

    func append(_ change: LoggedChange) {
        precondition(count < capacity, "a full chunk takes no more changes")
        (entries + count).initialize(to: change)
        count += 1
    }

    /// Entry `i`, read in place: a replay that skips most entries copies
    /// (and retains) none of their annotations.
    func entry(_ i: Int) -> UnsafePointer<LoggedChange> {
        UnsafePointer(entries + i)
    }
}

/// The store's bounded change log: version `v` is the change that made the
/// store's version `v`. It has a lock of its own, held only to append and to
/// learn how far the log reaches, so the sessions reading it (each at every
/// frame) never wait for a writer holding the store's lock through a batch.
/// Chunked so that appending never copies what readers hold and dropping
/// the oldest changes drops whole chunks.
final class ChangeLog: Sendable {
    private struct Chunks {
        var list: [ChangeLogChunk] = []
        var version: UInt64 = 0
        var oldestHeld: UInt64 = 0
    }

    private let chunks = Mutex(Chunks())
    let limit: Int
    let chunkCapacity: Int

    /// What the log keeps however far its readers have read: a session that
    /// joins reads from the snapshot it took a moment before, and those
    /// changes are still here for it.
    let minimumKept: Int

    /// Keeps at most `limit` changes, and at least `limit * 3 / 4` while a
    /// reader still needs them (`dropRead(through:)`).
    init(limit: Int) {
        self.limit = max(limit, 2)
        chunkCapacity = max(1, min(1024, self.limit / 4))
        minimumKept = min(self.limit, 4 * chunkCapacity)
    }

    /// How many changes the log holds.
    var heldCount: Int { chunks.withLock { Int($0.version - $0.oldestHeld) } }

    /// Drops the oldest whole chunks of changes that every reader has read
    /// (`floor`: the lowest version read through), keeping `minimumKept`.
    /// A busy feed fills the log in seconds, and once the sessions that
    /// read it have gone its memory is nobody's.
    func dropRead(through floor: UInt64) {
        chunks.withLock { c in
            while let first = c.list.first, first.isFull, c.oldestHeld + UInt64(first.count) <= floor,
                c.version - c.oldestHeld - UInt64(first.count) >= UInt64(minimumKept)
            {
                c.oldestHeld += UInt64(first.count)
                c.list.removeFirst()
            }
        }
    }

    /// The newest version.
    var version: UInt64 { chunks.withLock { $0.version } }

    /// Versions after this one are held; a reader further behind resyncs.
    var oldestHeld: UInt64 { chunks.withLock { $0.oldestHeld } }

    /// Appends `changes` in order. Writers call it under the store's lock, so
    /// the log's order is the store's.
    func append(_ changes: [LoggedChange]) {
        chunks.withLock { c in
            for change in changes {
                c.version += 1
                if c.list.last?.isFull ?? true {
                    c.list.append(ChangeLogChunk(firstVersion: c.version, capacity: chunkCapacity))
                }
                c.list[c.list.count - 1].append(change)
            }
            while c.version - c.oldestHeld > UInt64(limit), let first = c.list.first {
                c.oldestHeld += UInt64(first.count)
                c.list.removeFirst()
            }
        }
    }

    func append(_ change: LoggedChange) { append([change]) }

    /// The changes after `since` up to now, or nil when the log no longer
    /// reaches back that far. Cheap under the lock (it shares the chunks)
    /// and safe to read after it is released.
    func changes(since: UInt64) -> ChangeLogSlice? {
        chunks.withLock { c in
            guard since >= c.oldestHeld else { return nil }
            guard since < c.version else { return ChangeLogSlice(chunks: [], after: since, through: since) }
            // Chunks hold consecutive versions, all but the last one full.
            let first = Int((since - c.oldestHeld) / UInt64(chunkCapacity))
            return ChangeLogSlice(chunks: c.list[first...], after: since, through: c.version)
        }
    }
}

/// Changes `after + 1 ... through` of the log, read without any lock.
package struct ChangeLogSlice {
    fileprivate let chunks: ArraySlice<ChangeLogChunk>
    let after: UInt64
    package let through: UInt64

    var count: Int { Int(through - after) }

    /// Calls `body` with each change in order, in place.
    package func forEach(_ body: (UnsafePointer<LoggedChange>) -> Void) {
        for chunk in chunks {
            let start = after >= chunk.firstVersion ? Int(after + 1 - chunk.firstVersion) : 0
            let end = Int(min(through + 1 - chunk.firstVersion, UInt64(chunk.capacity)))
            guard start < end else { continue }
            for i in start..<end { body(chunk.entry(i)) }
        }
    }
}
