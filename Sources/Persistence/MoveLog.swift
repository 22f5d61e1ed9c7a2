/// Where moves go in the store file, and when they are folded out of the
/// log.
///
/// A commit's moves are appended to the `move_log` table as one row
/// (`PackedMoves`) rather than written into their annotations' rows: a row
/// sits on its own page among a million, so a group commit of 800 moves
/// would write some 800 pages to the WAL, and SQLite's checkpoints, copying
/// them back inside a commit, would hold the feed's answers back
/// (docs/performance.md, "Durable store"). The positions catch up in
/// passes: once the moves logged since the last pass reach the world's
/// size, a pass writes the latest position of each annotation that moved
/// into its bucket (`PositionBuckets`), bucket by bucket, a share with each
/// commit (as many positions as the commit logs moves, to the end of a
/// bucket). When a pass is done, the log up to where
/// it began is deleted, again a share a commit. A pass's moves are dealt to
/// their buckets when it is taken, and a share sorts only its buckets'
/// moves by id: sorting a whole pass, a million moves, at once would be a
/// burst that either holds the answers back (on the writer's thread) or
/// takes a core from the frames (on theirs).
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
        /// Latest positions to write into their buckets, a bucket at a time
        /// in bucket order, each bucket's in id order.
        var folds: [BucketFold] = []
        /// The buckets of the pass that `folds` covers (by number).
        var buckets: Range<Int> = 0..<0
        /// Log entries numbered at most this may be deleted (0: none).
        var deleteThrough: Int64 = 0
    }

    /// One bucket's latest positions, as a pass dealt them: folding them
    /// needs no hash of their ids again.
    struct BucketFold: Equatable {
        let bucket: Int64
        let entries: [Entry]
    }

    /// A pass starts once this many moves were logged since the last one
    /// began, or as many as the world has annotations, whichever is more.
    /// A pass rewrites every bucket a move landed in, which under a busy
    /// feed is every bucket whatever the pass's length: the longer the
    /// passes, the less the writer spends on them a move, for a log that
    /// holds up to twice the world's size.
    static let minimumPassTrigger = 4_096
    /// Each commit folds at least this many rows and as many as its moves:
    /// a pass spread over most of the time to the next, not folded in a
    /// burst.
    static let minimumFoldShare = 1_024
    /// Each commit deletes at least this many log entries and four times its moves.
    static let minimumDeleteShare = 4_096

    /// The moves logged since the last pass was taken, in order, and the
    /// bucket of each (appending is all the writer does a move).
    private var unfolded: [Entry] = []
    private var unfoldedBuckets: [UInt16] = []
    /// The next pass, taken at a commit and begun at the next one, and the
    /// last move number logged when it was taken.
    private var nextPass: PositionBuckets.Dealt?
    private var nextPassStart: Int64 = 0
    /// The pass under way (nil when none), and the next bucket to fold.
    private var pass: PositionBuckets.Dealt?
    private var passBucket = 0
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
    private var isFolding: Bool { pass != nil && passBucket < Int(PositionBuckets.count) }

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
        unfoldedBuckets.append(UInt16(PositionBuckets.bucket(of: entry.id)))
        loggedSincePass += 1
    }

    /// What a commit that logged `moves` moves does too, in a world of
    /// `annotations`, the last move logged being `lastSeq`. Starts a pass
    /// when it is time; the caller applies the step, then `finished(_:)`.
    mutating func step(moves: Int, annotations: Int, lastSeq: Int64) -> Step {
        var step = Step()
        if !isFolding && pass != nil {
            // The last commit ended a pass: every entry logged before it began is in the rows now.
            foldedThrough = passStart
            pass = nil
            passBucket = 0
            // Every move logged before these removals is folded now, or void.
            removed = removed.filter { $0.value > foldedThrough + 1 }
        }
        if !isFolding, let next = nextPass {
            pass = next
            passBucket = 0
            passStart = nextPassStart
            nextPass = nil
        }
        if !isFolding && nextPass == nil && loggedSincePass >= max(Self.minimumPassTrigger, annotations) {
            nextPass = PositionBuckets.Dealt(unfolded, buckets: unfoldedBuckets)
            nextPassStart = lastSeq
            // Growing the arrays again by doubling would copy them about as often as the last pass did.
            let expected = unfolded.count
            unfolded = []
            unfolded.reserveCapacity(expected)
            unfoldedBuckets = []
            unfoldedBuckets.reserveCapacity(expected)
            loggedSincePass = 0
        }
        if isFolding, let pass {
            // Whole buckets: each is read, merged and written once a pass.
            var (end, count) = (passBucket, 0)
            while end < Int(PositionBuckets.count), count < max(Self.minimumFoldShare, moves) {
                if !pass.isEmpty(end) {
                    let latest = PositionBuckets.latest(pass.bucket(end))
                    step.folds.append(BucketFold(bucket: Int64(end), entries: latest))
                    count += latest.count
                }
                end += 1
            }
            step.buckets = passBucket..<end
        }
        if hasObsoleteEntries {
            step.deleteThrough = min(foldedThrough, deletedThrough + Int64(max(Self.minimumDeleteShare, 4 * moves)))
        }
        return step
    }

    /// Records that `step` committed.
    mutating func finished(_ step: Step) {
        if !step.buckets.isEmpty { passBucket = step.buckets.upperBound }
        deletedThrough = max(deletedThrough, step.deleteThrough)
    }
}
