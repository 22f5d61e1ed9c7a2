import Dispatch
import Synchronization

/// Where moves go in the store file, and when they are folded out of the
/// log.
///
/// A move updated its annotation's row in place, and a row sits on its own
/// page among a million: a group commit of 800 moves wrote about 800 pages
/// (3 MB) to the WAL, and SQLite's checkpoints, copying them back inside a
/// commit, held the feed's answers back past 100 ms. So a commit's moves are
/// appended to the `move_log` table instead, as one row (`PackedMoves`), and
/// the positions catch up in passes: once the moves logged since the last
/// pass reach the world's size, a pass writes the latest position of each
/// annotation that moved into its bucket (`PositionBuckets`), bucket by
/// bucket, a share with each commit (twice as many positions as the commit
/// logs moves, to the end of a bucket). When a pass is done, the log up to
/// where it began is deleted, again a share a commit. A pass is sorted on a
/// thread of its own: on the writer's thread, sorting half a million ids
/// held every answer back.
///
/// An annotation's position is its row's, unless a bucket or the log holds
/// a move of it newer than the row (`seq` above the row's own): then the
/// newest such move. A pass writes only positions the log still holds until
/// the pass is done, so reading the file is right at every step; a move
/// numbered below its row's (the annotation was removed and added again
/// since) is void wherever it is kept. This type is the plan;
/// `WorldDatabase` runs it.
struct MoveLog {
    /// One logged move: the annotation's position from the move numbered `seq`.
    struct Entry: Equatable, Sendable {
        var id: String
        var position: CoalescedChanges.Position
        var seq: Int64
    }

    /// What one commit does besides logging its moves.
    struct Step: Equatable {
        /// Latest positions to write into their rows.
        var fold: ArraySlice<Entry> = []
        /// Log entries numbered at most this may be deleted (0: none).
        var deleteThrough: Int64 = 0
    }

    /// A pass starts once this many moves were logged since the last one
    /// began, or as many as the world has annotations, whichever is more.
    /// A pass rewrites every bucket a move landed in, which under a busy
    /// feed is every bucket whatever the pass's length: passes half as
    /// often cost the writer half the CPU, which a 2-core machine's frames
    /// feel while a pass runs, for a log up to twice as long.
    static let minimumPassTrigger = 4_096
    /// Each commit folds at least this many rows and twice its moves.
    static let minimumFoldShare = 1_024
    /// Each commit deletes at least this many log entries and four times its moves.
    static let minimumDeleteShare = 4_096

    /// The moves logged since the last pass was taken, in order; sorting
    /// keeps each annotation's latest (appending is all the writer does).
    private var unfolded: [Entry] = []
    /// The next pass, being sorted off the writer's thread, and the last
    /// move number logged when it was taken.
    private var sorting: PassSorter?
    private var sortingStart: Int64 = 0
    /// The pass under way, sorted by bucket and id (`PositionBuckets`).
    private var pass: [Entry] = []
    private var passCursor = 0
    /// The last move number logged when the pass under way began.
    private var passStart: Int64 = 0
    /// Log entries through this number are folded and may be deleted.
    private var foldedThrough: Int64 = 0
    /// Log entries through this number were deleted (or never were).
    private var deletedThrough: Int64
    private var loggedSincePass = 0
    /// Ids removed while moves of theirs logged before may still be folded,
    /// with the first number logged after the removal: a pass must not put
    /// those moves back into a bucket the removal cleared.
    private var removed: [String: Int64] = [:]
    /// The number of the last move logged.
    private var lastLogged: Int64 = 0

    /// A plan for a log that holds no entry numbered above `emptyThrough`.
    init(emptyThrough: Int64) {
        deletedThrough = emptyThrough
        foldedThrough = emptyThrough
    }

    /// Whether a pass is under way.
    private var isFolding: Bool { passCursor < pass.count }

    /// Whether the log holds entries a finished pass made obsolete.
    private var hasObsoleteEntries: Bool { deletedThrough < foldedThrough }

    /// Notes that `id` was removed, every move of it logged so far being
    /// numbered below `nextSeq`. Nothing to note while every move logged is
    /// folded: a world that is never moved holds no removal.
    mutating func removed(_ id: String, nextSeq: Int64) {
        guard lastLogged > foldedThrough else { return }
        removed[id] = nextSeq
    }

    /// How many removals the plan holds (for tests of its bound).
    var removalsHeld: Int { removed.count }

    /// Whether folding `entry` would bring back an annotation removed since.
    func isVoid(_ entry: Entry) -> Bool {
        guard let removal = removed[entry.id] else { return false }
        return entry.seq < removal
    }

    /// Notes a move just logged (numbered after every one noted before).
    mutating func logged(_ entry: Entry) {
        lastLogged = entry.seq
        unfolded.append(entry)
        loggedSincePass += 1
    }

    /// What a commit that logged `moves` moves does too, in a world of
    /// `annotations`, the last move logged being `lastSeq`. Starts a pass
    /// when it is time; the caller applies the step, then `finished(_:)`.
    mutating func step(moves: Int, annotations: Int, lastSeq: Int64) -> Step {
        var step = Step()
        if !isFolding && pass.count > 0 {
            // The last commit ended a pass: every entry logged before it began is in the rows now.
            foldedThrough = passStart
            pass = []
            passCursor = 0
            // Every move logged before these removals is folded now, or void.
            removed = removed.filter { $0.value > foldedThrough + 1 }
        }
        if !isFolding, let sorted = sorting?.take() {
            pass = sorted
            passCursor = 0
            passStart = sortingStart
            sorting = nil
        }
        if !isFolding && sorting == nil && loggedSincePass >= max(Self.minimumPassTrigger, annotations) {
            sorting = PassSorter(unfolded)
            sortingStart = lastSeq
            // Growing the array again by doubling would copy it about as often as the last pass did.
            let expected = unfolded.count
            unfolded = []
            unfolded.reserveCapacity(expected)
            loggedSincePass = 0
        }
        if isFolding {
            var end = min(pass.count, passCursor + max(Self.minimumFoldShare, 2 * moves))
            // A share ends with a bucket: each is read, merged and written once a pass.
            if end < pass.count {
                let bucket = PositionBuckets.bucket(of: pass[end - 1].id)
                while end < pass.count, PositionBuckets.bucket(of: pass[end].id) == bucket { end += 1 }
            }
            step.fold = pass[passCursor..<end]
        }
        if hasObsoleteEntries {
            step.deleteThrough = min(foldedThrough, deletedThrough + Int64(max(Self.minimumDeleteShare, 4 * moves)))
        }
        return step
    }

    /// Waits until a pass being sorted is ready to start (for tests).
    func waitForSorting() {
        sorting?.wait()
    }

    /// Records that `step` committed.
    mutating func finished(_ step: Step) {
        if !step.fold.isEmpty { passCursor = step.fold.endIndex }
        deletedThrough = max(deletedThrough, step.deleteThrough)
    }
}

/// Sorts a pass's entries by id on a global queue; the writer takes the
/// result at a later commit.
final class PassSorter: Sendable {
    private let sorted = Mutex<[MoveLog.Entry]?>(nil)
    private let done = DispatchGroup()

    init(_ entries: [MoveLog.Entry]) {
        done.enter()
        DispatchQueue.global(qos: .utility).async { [self, done] in
            let pass = PositionBuckets.pass(entries)
            sorted.withLock { $0 = pass }
            done.leave()
        }
    }

    /// The sorted entries, once ready.
    func take() -> [MoveLog.Entry]? {
        sorted.withLock { s in
            defer { s = nil }
            return s
        }
    }

    func wait() {
        done.wait()
    }
}
