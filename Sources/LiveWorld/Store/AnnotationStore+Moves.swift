import Foundation
import MapCore
import MapGeometry
import Persistence

/// Moves: what `POST /api/moves` and the feed do to the shared world, a
/// batch at a time, all or nothing.
extension AnnotationStore {
    /// Applies a batch of moves, all or nothing: an unknown id, a fixed
    /// annotation or an invalid coordinate anywhere rejects the whole batch.
    /// A move whose timestamp is not newer than the last one applied for its
    /// id is skipped as stale (feeds may deliver out of order).
    ///
    /// Returns once the moves are in the store file, so the answer may be
    /// acknowledged.
    @discardableResult
    public func apply(
        _ moves: [Move],
        receivedAt now: Double = AnnotationStore.now()
    ) throws(WorldError) -> MoveResult {
        let wait = DurableWait()
        let result = try apply(moves, receivedAt: now) { _, error in wait.finish(error) }
        try wait.wait()
        return result
    }

    /// Runs once a batch of moves is in the store file (error nil) or its write failed.
    package typealias MovesDurable = @Sendable (MoveResult, WorldError?) -> Void

    /// Applies a batch of moves at once and hands them to the store file;
    /// `whenDurable` runs once they are committed there (at once without a
    /// file), in the order batches were applied. A rejected batch throws and
    /// never calls it.
    @discardableResult
    package func apply(
        _ moves: [Move], receivedAt now: Double = AnnotationStore.now(),
        whenDurable: MovesDurable?
    ) throws(WorldError) -> MoveResult {
        metrics.movesReceived.add(moves.count, ordering: .relaxed)
        var points: [Point] = []
        var logged: [LoggedChange] = []
        var written: [WorldChange] = []
        var trailRects: [Rect] = []
        var clusterChanges = ClusterChangesLeft.none
        let result = try state.withLock { (s: inout State) throws(WorldError) -> MoveResult in
            try refuseIfTheFileFailed()
            // Each id hashed once: its record's place, valid while nothing is added or removed.
            var places: [RecordTable.Place] = []
            places.reserveCapacity(moves.count)
            for (i, m) in moves.enumerated() {
                guard m.coordinate.isValid else { throw .coordinateOutOfRange(m.coordinate, id: m.id, moveIndex: i) }
                guard let place = s.records.place(of: m.id) else { throw .unknownID(m.id, moveIndex: i) }
                guard s.records[place: place].move != nil else { throw .fixedAnnotation(m.id, moveIndex: i) }
                places.append(place)
            }
            var result = MoveResult(version: s.version)
            for (m, place) in zip(moves, places) {
                let r = s.records[place: place]
                let last = r.lastMove
                if let t = m.timestamp, let lt = last?.timestamp, t <= lt {
                    result.stale.append(m.id)
                    continue
                }
                let key = AnnotationKey(r.annotation)
                let to = Mercator.project(m.coordinate)
                let from: Point
                var clustered: Point?
                if let member = r.clusterMember, !member.isUnclustered {
                    // Maps see it move when the epoch with it is published, which wakes them then.
                    clustered = s.clusters.move(member, to: to, receivedAt: now)
                }
                if let clustered {
                    from = clustered
                } else if let member = r.clusterMember {
                    // An unclustered pin: maps that show it one by one replay the log, those that gather it the epoch.
                    from = s.clusters.move(member, to: to, receivedAt: now)
                    s.pins.update(r.annotation, at: to)
                    points.append(from)
                    points.append(to)
                } else {
                    from = s.grid.point(of: key) ?? Mercator.project(r.annotation.coordinate)
                    s.grid.update(r.annotation, at: to)
                    points.append(from)
                    points.append(to)
                }
                r.move?(m.coordinate)
                if r.hasTrail { extendTrail(of: m, into: &written, &trailRects) }
                var interval: Double?
                if let last {
                    if let t = m.timestamp, let lt = last.timestamp {
                        interval = t - lt
                    } else {
                        interval = now - last.at
                    }
                }
                s.records[place: place].lastMove = (now, m.timestamp)
                // A clustered pin's move is shown and timed by the epoch that merges it: logged, every
                // session's replay would pass over a busy feed's thousands a frame.
                if clustered == nil {
                    logged.append(.moved(r.annotation, from: from, to: to, receivedAt: now, interval: interval))
                }
                if r.isDurable {
                    written.append(
                        .moved(
                            id: m.id, latitude: m.coordinate.latitude,
                            longitude: m.coordinate.longitude, timestamp: m.timestamp))
                }
                result.applied.append(m)
            }
            s.log.append(logged)
            clusterChanges = Self.claimClusterPublish(&s)
            result.version = s.version
            // Under the lock that ordered them, so the file sees batches in the order memory did.
            if let journal, !written.isEmpty || whenDurable != nil {
                let applied = result
                var completion: GroupCommitWriter.Completion?
                if let whenDurable { completion = { error in whenDurable(applied, error.map(WorldError.init)) } }
                journal.submit(written, completion: completion)
            }
            return result
        }
        if journal == nil { whenDurable?(result, nil) }
        metrics.movesApplied.add(result.applied.count, ordering: .relaxed)
        scheduleClusterPublish(clusterChanges)
        notify(points)
        if !trailRects.isEmpty { wake(trailRects) }
        return result
    }
}
