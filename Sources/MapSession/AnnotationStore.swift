import Dispatch
import MapCore
import MapGeometry
import SampleApps
import Synchronization

/// The one shared world of annotations, by id: the sample people and
/// landmarks plus whatever the API and the demo feed add.
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
        public let id: String
        public let kind: String
        public let annotation: Annotation
        public let draggable: Bool
        public let clusteringIdentifier: String?
        /// Sets the coordinate; nil for annotations that cannot move (landmarks).
        let move: (@Sendable (Coordinate) -> Void)?
    }

    struct State {
        var records: [String: Record] = [:]
        var order: [String] = []
        var ids: [AnnotationKey: String] = [:]
        /// Per id: when it last moved (store clock) and the producer's timestamp, if it sent one.
        var lastMove: [String: (at: Double, timestamp: Double?)] = [:]
        /// Every annotation at its current world point, for sessions' viewport queries.
        var grid = AnnotationIndex()
        var version: UInt64 { log.version }
        /// Written under this state's lock, read under its own.
        let log: ChangeLog
    }

    /// Changes kept by default for sessions that are catching up.
    public static let defaultLogLimit = 200_000

    let state: Mutex<State>
    let log: ChangeLog
    let subscribers = Mutex<[UInt32: LiveSubscriber]>([:])
    public let metrics = LiveMetrics()

    public init(logLimit: Int = AnnotationStore.defaultLogLimit) {
        log = ChangeLog(limit: logLimit)
        state = Mutex(State(log: log))
    }

    /// The sample apps' people (movable) and landmarks (fixed).
    public convenience init(content: SampleContent, logLimit: Int = AnnotationStore.defaultLogLimit) {
        self.init(logLimit: logLimit)
        state.withLock { s in
            for person in content.people {
                Self.insert(Record(id: person.id, kind: "person", annotation: person, draggable: false,
                                   clusteringIdentifier: nil, move: { person.coordinate = $0 }), into: &s)
            }
            for landmark in content.landmarks {
                Self.insert(Record(id: landmark.id, kind: landmark.kind.rawValue, annotation: landmark,
                                   draggable: false, clusteringIdentifier: nil, move: nil), into: &s)
            }
        }
    }

    private static func insert(_ record: Record, into s: inout State) {
        s.records[record.id] = record
        s.order.append(record.id)
        s.ids[AnnotationKey(record.annotation)] = record.id
        s.grid.insert(record.annotation)
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

    public func record(id: String) -> Record? { state.withLock { $0.records[id] } }

    /// The id of `annotation`, if the store holds it.
    public func id(of annotation: Annotation) -> String? {
        state.withLock { $0.ids[AnnotationKey(annotation)] }
    }

    public var version: UInt64 { log.version }

    /// Every annotation and the version they are current at, for a session
    /// that starts or fell too far behind the log.
    public func snapshot() -> (annotations: [Annotation], version: UInt64) {
        state.withLock { s in (s.order.compactMap { s.records[$0]?.annotation }, s.version) }
    }

    /// The changes after `version` (up to the newest), or nil when the log
    /// no longer reaches back that far. Read without the lock: it is held
    /// only to learn how far the log reaches.
    func changes(since version: UInt64) -> ChangeLogSlice? {
        log.changes(since: version)
    }

    // MARK: Subscribers

    func subscribe(_ id: UInt32, _ subscriber: LiveSubscriber) {
        subscribers.withLock { $0[id] = subscriber }
    }

    func subscriber(of id: UInt32) -> LiveSubscriber? {
        subscribers.withLock { $0[id] }
    }

    func unsubscribe(_ id: UInt32) {
        subscribers.withLock { _ = $0.removeValue(forKey: id) }
    }

    /// Wakes the sessions whose viewport holds one of `points` (world points
    /// before and after the changes), once each.
    func notify(_ points: [Point]) {
        guard let first = points.first else { return }
        var bounds = Rect(origin: first, size: .zero)
        for p in points.dropFirst() { bounds = bounds.union(Rect(origin: p, size: .zero)) }
        let all = subscribers.withLock { Array($0.values) }
        for s in all { s.wakeIfShowing(points, within: bounds) }
    }

    // MARK: Writing

    /// Applies a batch of moves, all or nothing: an unknown id, a fixed
    /// annotation or an invalid coordinate anywhere rejects the whole batch.
    /// A move whose timestamp is not newer than the last one applied for its
    /// id is skipped as stale (feeds may deliver out of order).
    @discardableResult
    public func apply(_ moves: [Move], receivedAt now: Double = AnnotationStore.now()) throws(APIError) -> MoveResult {
        metrics.movesReceived.add(moves.count, ordering: .relaxed)
        var points: [Point] = []
        var logged: [LoggedChange] = []
        let result = try state.withLock { (s: inout State) throws(APIError) -> MoveResult in
            for (i, m) in moves.enumerated() {
                guard m.coordinate.isValid else {
                    throw .badRequest("moves[\(i)] (\(m.id)): coordinate \(m.coordinate) is out of range")
                }
                guard let r = s.records[m.id] else { throw .notFound("moves[\(i)]: no annotation with id \(m.id)") }
                guard r.move != nil else { throw .conflict("moves[\(i)]: annotation \(m.id) is fixed and cannot move") }
            }
            var result = MoveResult(version: s.version)
            for m in moves {
                let r = s.records[m.id]!
                let last = s.lastMove[m.id]
                if let t = m.timestamp, let lt = last?.timestamp, t <= lt {
                    result.stale.append(m.id)
                    continue
                }
                let key = AnnotationKey(r.annotation)
                let from = s.grid.point(of: key) ?? Mercator.project(r.annotation.coordinate)
                let to = Mercator.project(m.coordinate)
                points.append(from)
                r.move?(m.coordinate)
                s.grid.update(r.annotation, at: to)
                points.append(to)
                var interval: Double?
                if let last {
                    if let t = m.timestamp, let lt = last.timestamp { interval = t - lt } else { interval = now - last.at }
                }
                s.lastMove[m.id] = (now, m.timestamp)
                logged.append(.moved(r.annotation, from: from, to: to, receivedAt: now, interval: interval))
                result.applied.append(m)
            }
            s.log.append(logged)
            result.version = s.version
            return result
        }
        metrics.movesApplied.add(result.applied.count, ordering: .relaxed)
        notify(points)
        return result
    }

    /// Adds an annotation; its id must be new.
    public func add(_ annotation: LiveAnnotation, receivedAt now: Double = AnnotationStore.now()) throws(APIError) {
        guard annotation.coordinate.isValid else {
            throw .badRequest("coordinate \(annotation.coordinate) is out of range")
        }
        try state.withLock { (s: inout State) throws(APIError) in
            guard s.records[annotation.id] == nil else { throw .conflict("an annotation with id \(annotation.id) exists") }
            Self.insert(Record(id: annotation.id, kind: annotation.kind, annotation: annotation,
                               draggable: annotation.isDraggable, clusteringIdentifier: annotation.clusteringIdentifier,
                               move: { annotation.coordinate = $0 }), into: &s)
            s.log.append(.added(annotation, at: Mercator.project(annotation.coordinate), receivedAt: now))
        }
        notify([Mercator.project(annotation.coordinate)])
    }

    /// Removes the annotation with `id` and returns its record.
    @discardableResult
    public func remove(id: String, receivedAt now: Double = AnnotationStore.now()) throws(APIError) -> Record {
        let record = try state.withLock { (s: inout State) throws(APIError) -> Record in
            guard let r = s.records.removeValue(forKey: id) else { throw .notFound("no annotation with id \(id)") }
            s.order.removeAll { $0 == id }
            s.ids[AnnotationKey(r.annotation)] = nil
            let point = s.grid.point(of: AnnotationKey(r.annotation)) ?? Mercator.project(r.annotation.coordinate)
            s.grid.remove(AnnotationKey(r.annotation))
            s.lastMove[id] = nil
            s.log.append(.removed(r.annotation, at: point, receivedAt: now))
            return r
        }
        notify([Mercator.project(record.annotation.coordinate)])
        return record
    }
}

/// One position update: where annotation `id` is now.
public struct Move: Sendable, Equatable {
    public var id: String
    public var coordinate: Coordinate
    /// The producer's time of the fix (any monotonic seconds), for ordering and intervals.
    public var timestamp: Double?

    public init(id: String, coordinate: Coordinate, timestamp: Double? = nil) {
        self.id = id
        self.coordinate = coordinate
        self.timestamp = timestamp
    }
}

/// What a batch of moves did.
public struct MoveResult: Sendable, Equatable {
    public var applied: [Move] = []
    /// Ids whose move was older than one already applied.
    public var stale: [String] = []
    /// The store's version after the batch.
    public var version: UInt64
}

/// A rejected request: the HTTP status and a message naming the problem.
public struct APIError: Error, Equatable, Sendable {
    public var status: Int
    public var message: String

    public static func badRequest(_ m: String) -> APIError { APIError(status: 400, message: m) }
    public static func notFound(_ m: String) -> APIError { APIError(status: 404, message: m) }
    public static func conflict(_ m: String) -> APIError { APIError(status: 409, message: m) }

    var response: HTTPResponse { .error(status, message) }
}
