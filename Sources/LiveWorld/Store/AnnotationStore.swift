import Dispatch
import MapCore
import MapGeometry
import Persistence
import Synchronization

/// The one shared world of annotations, by id: what the app seeded plus
/// whatever the API and the demo feed add.
///
/// Writes (`apply`, `add`, `remove`) are all or nothing and throw
/// `WorldError` when refused; the HTTP API decides what status that is.
///
/// Thread-safe and versioned: every move, add and remove gets the next
/// version and goes into a bounded change log. Sessions do not get copies of
/// changes pushed at them; a session whose viewport a change touches is woken
/// (at most once until it has caught up) and pulls the log since the version
/// it last saw, so a move costs work only where it can be seen, and a session
/// that was not woken catches up the next time it renders anyway.
///
/// It is also every session's shared spatial index (`SharedAnnotationSource`,
/// AnnotationStore+Shared.swift): a grid of every annotation at its current
/// point, kept under the same lock as the log, so sessions ask it what is near
/// their viewport instead of each keeping a copy of the world.
public final class AnnotationStore: Sendable {
    /// One annotation and what the API says about it.
    public struct Record: Sendable {
        /// Its id in the shared world and the HTTP API.
        public let id: String
        /// What the API reports as its `kind` (`point` unless the writer said).
        public let kind: String
        /// The annotation every map shows: an app's own object for a seeded one, else a `LiveAnnotation`.
        public let annotation: Annotation
        /// Whether a person may drag it in any browser.
        public let draggable: Bool
        // The three below sit beside `draggable`, in the padding before the next field.
        /// Whether its changes go to the store file (the demo's travellers do not: they are made anew each start).
        var isDurable = true
        /// Whether it draws a trail behind it: the line `trailID(of:)` names, which its moves extend.
        var hasTrail = false
        /// Its slot in the shared clustering of its clustering identifier,
        /// or for an API pin without one in the unclustered pins' index, so
        /// a move costs one lookup (the record's).
        var clusterMember: SharedClusterWriter.Member?
        /// The identifier its clusters gather under in every map, if it has one.
        public let clusteringIdentifier: String?
        /// Sets the coordinate; nil for annotations that cannot move or be removed (landmarks).
        let move: (@Sendable (Coordinate) -> Void)?
        /// Its place in the order annotations were added, never reused: a
        /// list's page cursor names the last one listed by it.
        package internal(set) var seq: UInt64 = 0
        /// When it last moved (store clock) and the producer's timestamp, if
        /// it sent one: kept with the record, so a move costs one lookup.
        var lastMove: (at: Double, timestamp: Double?)?
    }

    struct State {
        var records = RecordTable()
        var order: [String] = []
        /// The `seq` the next annotation added gets.
        var nextSeq: UInt64 = 1
        var ids: [AnnotationKey: String] = [:]
        /// An app's own annotations in the world (not API pins), which maps
        /// show one by one or their delegate clusters, at their current world
        /// points, for sessions' viewport queries.
        var grid = AnnotationIndex()
        /// API pins without a clustering identifier, the same way: maps show
        /// them one by one while few lie near their viewport, and ask for at
        /// most that many, however dense the world is there.
        var pins = AnnotationIndex(cellShift: 18, counted: true)
        /// Annotations with a clustering identifier: clustered here, once for every map.
        var clusters = SharedClusterWriter()
        var version: UInt64 { log.version }
        /// Written under this state's lock, read under its own.
        let log: ChangeLog
    }

    /// Changes kept by default for sessions that are catching up.
    public static let defaultLogLimit = 200_000

    let state: Mutex<State>
    let log: ChangeLog
    let subscribers = Mutex<[UInt32: LiveSubscriber]>([:])
    /// The lines and areas, whose ids share the annotations' namespace; written under `state`'s lock.
    let shapes = WorldShapes()
    package let metrics = LiveMetrics()
    /// Writes changes to the store file; nil keeps the world in memory only.
    package let journal: GroupCommitWriter?
    /// The shared clusterings' epochs that maps read.
    let clusterPublisher: SharedClusterPublisher
    let clusterQueue = DispatchQueue(label: "mapwire.clustering", qos: .userInitiated)
    /// The number of the last merge timer armed: a merge outdates the timers armed before it.
    let clusterPublishTimer = Atomic<UInt64>(0)
    /// Whether a merge begun early waits on `clusterQueue`.
    let earlyClusterPublishQueued = Atomic<Bool>(false)

    /// The display frame the merges of the clusterings are paced by (a test gives a longer one).
    let clusterFrame: Double

    /// A world kept in memory only (`journal` nil) or written to a store file.
    init(
        logLimit: Int = AnnotationStore.defaultLogLimit, journal: GroupCommitWriter?,
        clusterPublisher: SharedClusterPublisher = SharedClusterPublisher(),
        clusterFrame: Double = AnnotationStore.displayFrame
    ) {
        self.clusterPublisher = clusterPublisher
        self.clusterFrame = clusterFrame
        log = ChangeLog(limit: logLimit)
        state = Mutex(State(log: log))
        self.journal = journal
    }

    /// An empty world kept in memory only.
    public convenience init(logLimit: Int = AnnotationStore.defaultLogLimit) {
        self.init(logLimit: logLimit, journal: nil)
    }

    /// A world of `seeds`' annotations, in memory only.
    public convenience init(seeds: [WorldSeed], logLimit: Int = AnnotationStore.defaultLogLimit) {
        self.init(logLimit: logLimit)
        state.withLock { s in
            for seed in seeds {
                for record in Self.records(of: seed) where s.records[record.id] == nil { Self.insert(record, into: &s) }
            }
        }
        publishClusters()
    }

    static func insert(_ added: Record, into s: inout State) {
        var record = added
        record.seq = s.nextSeq
        s.nextSeq += 1
        record.clusterMember = place(record, into: &s)
        s.records[record.id] = record
        s.order.append(record.id)
        s.ids[AnnotationKey(record.annotation)] = record.id
    }

    /// Files a record's annotation where maps find it: clustered here when
    /// it carries a clustering identifier (its slot there, for the record);
    /// an API pin without one in the pins' grid and in the unclustered
    /// pins' index (its slot there); an app's own in the grid.
    static func place(_ record: Record, into s: inout State) -> SharedClusterWriter.Member? {
        let point = Mercator.project(record.annotation.coordinate)
        if let identifier = record.clusteringIdentifier {
            return s.clusters.add(record.annotation, identifier: identifier, at: point)
        }
        guard record.annotation is ClusterableAnnotation else {
            s.grid.update(record.annotation, at: point)
            return nil
        }
        s.pins.update(record.annotation, at: point)
        return s.clusters.addUnclustered(record.annotation, at: point)
    }

    /// Where the store has `key`'s annotation now, clustered or not.
    static func point(of key: AnnotationKey, in s: State) -> Point? {
        s.pins.point(of: key) ?? s.grid.point(of: key) ?? s.clusters.point(of: key)
    }

    /// What a write leaves the clusterings' next merge, claiming that merge
    /// when it is the first to wait for it (call under the lock; then
    /// `scheduleClusterPublish` outside it).
    static func claimClusterPublish(_ s: inout State) -> ClusterChangesLeft {
        guard s.clusters.hasPending else { return .none }
        guard !s.clusters.publishScheduled else { return .more }
        s.clusters.publishScheduled = true
        return .first
    }

    /// Seconds on a monotonic clock, for intervals and latencies.
    public static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    // MARK: Reading

    /// Every record, in the order they were added.
    public var records: [Record] {
        state.withLock { s in s.order.compactMap { s.records[$0] } }
    }

    /// How many annotations the store holds.
    public var count: Int { state.withLock { $0.records.count } }

    /// How many records a page's scan copies under the lock at a time.
    static let pageScanChunk = 4096

    /// Up to `limit` records added after `seq` (from the first when nil) that
    /// pass `include`, in the order they were added, and whether more
    /// follow. It reads a chunk at a time and lets go of the lock between
    /// chunks: a page of a sparse box over a million annotations must not
    /// copy them all, nor hold the feed's writes off while it looks.
    package func page(
        after seq: UInt64?, limit: Int,
        where include: (Record) -> Bool
    ) -> (records: [Record], more: Bool) {
        var out: [Record] = []
        var last = seq ?? 0
        while true {
            let (chunk, isLast) = state.withLock { s -> ([Record], Bool) in
                // `order` holds the live ids, `seq` ascending.
                var (low, high) = (0, s.order.count)
                while low < high {
                    let mid = (low + high) / 2
                    if (s.records[s.order[mid]]?.seq ?? 0) <= last { low = mid + 1 } else { high = mid }
                }
                let end = min(low + Self.pageScanChunk, s.order.count)
                return (s.order[low..<end].compactMap { s.records[$0] }, end == s.order.count)
            }
            for record in chunk {
                last = record.seq
                guard include(record) else { continue }
                if out.count == limit { return (out, true) }
                out.append(record)
            }
            if isLast { return (out, false) }
        }
    }

    /// The annotation with `id` as the store holds it now, if any.
    public func record(id: String) -> Record? { state.withLock { $0.records[id] } }

    /// The id of `annotation`, if the store holds it.
    public func id(of annotation: Annotation) -> String? {
        state.withLock { $0.ids[AnnotationKey(annotation)] }
    }

    package var version: UInt64 { log.version }

    /// The changes after `version` (up to the newest), or nil when the log
    /// no longer reaches back that far. Read without the lock: it is held
    /// only to learn how far the log reaches.
    package func changes(since version: UInt64) -> ChangeLogSlice? {
        log.changes(since: version)
    }

    // MARK: Subscribers

    package func subscribe(_ id: UInt32, _ subscriber: LiveSubscriber) {
        subscribers.withLock { $0[id] = subscriber }
    }

    package func subscriber(of id: UInt32) -> LiveSubscriber? {
        subscribers.withLock { $0[id] }
    }

    package func unsubscribe(_ id: UInt32) {
        let rest = subscribers.withLock { subs in
            _ = subs.removeValue(forKey: id)
            return Array(subs.values)
        }
        dropChangesRead(by: rest)
    }

    /// Lets the change log go of what every one of `readers` (all the
    /// subscribers) has read. Idle sessions keep their place: a session far
    /// from a feed is not woken, and reads the log only when it next is.
    func dropChangesRead(by readers: [LiveSubscriber]) {
        guard log.heldCount > log.minimumKept + log.chunkCapacity else { return }
        let newest = log.version
        log.dropRead(through: readers.reduce(newest) { min($0, $1.readVersion) })
    }

    /// Wakes the sessions whose viewport holds one of `points` (world points
    /// before and after the changes), once each. Changes in the log are
    /// timed as the sessions replay them.
    func notify(_ points: [Point]) {
        notify(TouchedPoints(untimed: points))
    }

    /// Wakes the sessions whose viewport holds one of `touched`'s points,
    /// once each, and gives each the time of the first it holds to time its
    /// next frame by, and when the epoch that holds them was published (a
    /// cluster epoch's). `gatheringOnly`: only those whose map gathers the
    /// unclustered pins (an epoch of theirs changed nothing the others show).
    func notify(_ touched: TouchedPoints, epochPublishedAt published: Double? = nil, gatheringOnly: Bool = false) {
        guard let first = touched.points.first else { return }
        var bounds = Rect(origin: first, size: .zero)
        for p in touched.points.dropFirst() { bounds = bounds.union(Rect(origin: p, size: .zero)) }
        let all = subscribers.withLock { Array($0.values) }
        for s in all where !gatheringOnly || s.gathersUnclustered {
            s.wakeIfShowing(touched, within: bounds, epochPublishedAt: published)
        }
        dropChangesRead(by: all)
    }

    // MARK: Writing

    /// Runs `body` once every change applied so far is in the store file
    /// (at once without a file): a feed answers a refused batch only after
    /// the answers to the batches before it.
    package func afterEarlierWrites(_ body: @escaping @Sendable () -> Void) {
        guard let journal else { return body() }
        journal.submit([]) { _ in body() }
    }

    /// Why the store file stopped taking writes, if it did (see `GroupCommitWriter.failure`).
    package var fileFailure: String? { journal?.failure.map { "\($0)" } }

    /// Once a commit failed, memory stays where the file is, give or take
    /// that batch: every later write is refused before it is applied.
    func refuseIfTheFileFailed() throws(WorldError) {
        if let failure = journal?.failure {
            throw .storeUnavailable(reason: "\(failure); restart the server once it is fixed")
        }
    }

    /// Waits until every change applied so far is in the store file, then
    /// stops its writer; later writes are refused (`WorldError.storeUnavailable`).
    package func close() {
        guard let journal else { return }
        try? journal.flush()
        journal.stop()
        try? journal.database.checkpoint()
    }

    /// Adds an annotation; its id must be new. Returns its record once it is
    /// in the store file, unless it is not `durable` (the demo's travellers).
    @discardableResult
    public func add(
        _ annotation: LiveAnnotation, durable: Bool = true, trailLimit: Int? = nil,
        receivedAt now: Double = AnnotationStore.now()
    ) throws(WorldError) -> Record {
        guard annotation.coordinate.isValid else {
            throw .coordinateOutOfRange(annotation.coordinate, id: annotation.id)
        }
        let wait = DurableWait()
        var clusterChanges = ClusterChangesLeft.none
        let record = try state.withLock { (s: inout State) throws(WorldError) -> Record in
            try refuseIfTheFileFailed()
            guard s.records[annotation.id] == nil, !shapes.contains(annotation.id) else {
                throw .duplicateID(annotation.id)
            }
            var record = Record(
                id: annotation.id, kind: annotation.kind, annotation: annotation,
                draggable: annotation.isDraggable,
                clusteringIdentifier: annotation.clusteringIdentifier,
                move: { annotation.coordinate = $0 })
            record.isDurable = durable
            let trail = try trailLimit.map { limit throws(WorldError) in
                try newTrail(of: annotation, keeping: limit, in: s)
            }
            record.hasTrail = trail != nil
            Self.insert(record, into: &s)
            s.log.append(.added(annotation, at: Mercator.project(annotation.coordinate), receivedAt: now))
            if durable {
                journal?.submit(
                    [.added(record.stored(timestamp: nil))] + (trail.map { [.shapeWritten($0.stored)] } ?? []),
                    completion: wait.completion)
            }
            if let trail { shapes.insert([trail]) }
            clusterChanges = Self.claimClusterPublish(&s)
            // As inserted, with its place in the order.
            return s.records[annotation.id] ?? record
        }
        scheduleClusterPublish(clusterChanges)
        notify([Mercator.project(annotation.coordinate)])
        if durable, journal != nil { try wait.wait() }
        return record
    }

    /// Removes the annotation with `id` and returns its record, once the
    /// removal is in the store file. Fixed annotations cannot be removed.
    @discardableResult
    public func remove(id: String, receivedAt now: Double = AnnotationStore.now()) throws(WorldError) -> Record {
        let wait = DurableWait()
        var clusterChanges = ClusterChangesLeft.none
        let record = try state.withLock { (s: inout State) throws(WorldError) -> Record in
            try refuseIfTheFileFailed()
            guard let r = s.records[id] else { throw .unknownID(id) }
            guard r.move != nil else { throw .fixedAnnotation(id) }
            s.records[id] = nil
            s.order.removeAll { $0 == id }
            s.ids[AnnotationKey(r.annotation)] = nil
            let key = AnnotationKey(r.annotation)
            let point: Point
            if let member = r.clusterMember, member.isUnclustered {
                point = s.pins.point(of: key) ?? Mercator.project(r.annotation.coordinate)
                s.pins.remove(key)
                s.clusters.removeUnclustered(member)
            } else if let clustered = s.clusters.remove(key) {
                point = clustered
            } else {
                point = s.grid.point(of: key) ?? Mercator.project(r.annotation.coordinate)
                s.grid.remove(key)
            }
            s.log.append(.removed(r.annotation, at: point, receivedAt: now))
            // Its trail goes with it.
            let trail = r.hasTrail ? shapes.remove(id: Self.trailID(of: id)) : nil
            if r.isDurable {
                journal?.submit(
                    [.removed(id: id)] + (trail.map { [.removed(id: $0.id)] } ?? []), completion: wait.completion)
            }
            clusterChanges = Self.claimClusterPublish(&s)
            return r
        }
        scheduleClusterPublish(clusterChanges)
        notify([Mercator.project(record.annotation.coordinate)])
        if record.isDurable, journal != nil { try wait.wait() }
        return record
    }
}

/// One position update: where annotation `id` is now.
public struct Move: Sendable, Equatable {
    /// The annotation to move.
    public var id: String
    /// Where it goes.
    public var coordinate: Coordinate
    /// The producer's time of the fix (any monotonic seconds), for ordering and intervals.
    public var timestamp: Double?

    /// Annotation `id` to `coordinate`; without a `timestamp` it is ordered by arrival.
    public init(id: String, coordinate: Coordinate, timestamp: Double? = nil) {
        self.id = id
        self.coordinate = coordinate
        self.timestamp = timestamp
    }
}

/// What a batch of moves did.
public struct MoveResult: Sendable, Equatable {
    /// The moves applied, in the batch's order.
    public var applied: [Move] = []
    /// Ids whose move was older than one already applied.
    public var stale: [String] = []
    /// The store's version after the batch.
    package var version: UInt64
}

extension WorldError {
    /// A write the store file could not take, in the file's own words.
    init(_ failure: StoreError) {
        self = .storeUnavailable(reason: "\(failure)")
    }
}
