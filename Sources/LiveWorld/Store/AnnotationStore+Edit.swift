import MapCore
import MapGeometry
import Persistence

/// Edits and bulk adds: what `PATCH /api/annotations/{id}` and a GeoJSON
/// import do to the shared world.
extension AnnotationStore {
    /// Changes the title, subtitle or marker style of the API annotation
    /// `id` (`edit` runs under the store's lock, on the current look) and
    /// returns its record once the change is in the store file. Every map
    /// showing it restyles it in its next frame. An app's own annotations
    /// (seeded people, landmarks) refuse with `WorldError.notEditable`.
    @discardableResult
    public func update(
        id: String, receivedAt now: Double = AnnotationStore.now(),
        _ edit: (inout LiveAnnotation.Look) -> Void
    ) throws(WorldError) -> Record {
        let wait = DurableWait()
        let (record, point) = try state.withLock { (s: inout State) throws(WorldError) -> (Record, Point) in
            try refuseIfTheFileFailed()
            guard let r = s.records[id] else { throw .unknownID(id) }
            guard let live = r.annotation as? LiveAnnotation, r.move != nil else { throw .notEditable(id) }
            var look = live.appearance
            edit(&look)
            live.appearance = look
            let point = Self.point(of: AnnotationKey(live), in: s) ?? Mercator.project(live.coordinate)
            s.log.append(.restyled(live, at: point, receivedAt: now))
            if r.isDurable {
                let stored = StoredLook(
                    title: look.title, subtitle: look.subtitle,
                    markerColor: look.markerColor, markerSymbol: look.markerSymbol,
                    markerSize: look.markerSize?.rawValue)
                journal?.submit([.restyled(id: id, look: stored)], completion: wait.completion)
            }
            return (r, point)
        }
        notify([point])
        if record.isDurable, journal != nil { try wait.wait() }
        return record
    }

    /// Adds `annotations` (and `shapes`, on top of the lines and areas) at
    /// once, all or nothing: an id already in the world or given twice, or
    /// a coordinate out of range, refuses the whole batch
    /// (`WorldError.duplicateID`, `.coordinateOutOfRange`). One lock, one
    /// batch in the change log and one transaction in the store file, so a
    /// hundred thousand pins cost what a few single adds do in overhead.
    /// Returns once they are in the file.
    public func add(
        _ annotations: [LiveAnnotation], shapes: [LiveShape] = [],
        receivedAt now: Double = AnnotationStore.now()
    ) throws(WorldError) {
        guard !shapes.isEmpty || !annotations.isEmpty else { return }
        guard !annotations.isEmpty else { return try add(shapes: shapes, receivedAt: now) }
        for shape in shapes where !shape.geometry.isValid {
            throw .badGeometry(shape.id, why: Self.outOfRange)
        }
        var points: [Point] = []
        points.reserveCapacity(annotations.count)
        for a in annotations {
            guard a.coordinate.isValid else { throw .coordinateOutOfRange(a.coordinate, id: a.id) }
            points.append(Mercator.project(a.coordinate))
        }
        let wait = DurableWait()
        let clusterChanges = try state.withLock { (s: inout State) throws(WorldError) -> ClusterChangesLeft in
            try refuseIfTheFileFailed()
            var fresh = Set<String>(minimumCapacity: annotations.count + shapes.count)
            for id in annotations.lazy.map(\.id) + shapes.lazy.map(\.id) {
                guard s.records[id] == nil, fresh.insert(id).inserted, !self.shapes.contains(id) else {
                    throw .duplicateID(id)
                }
            }
            let records = annotations.map { a in
                Record(
                    id: a.id, kind: a.kind, annotation: a, draggable: a.isDraggable,
                    clusteringIdentifier: a.clusteringIdentifier, move: { a.coordinate = $0 })
            }
            // To the file first: its writer commits on its own thread while
            // this one fills the maps, the grid and the log.
            journal?.submit(
                records.map { .added($0.stored(timestamp: nil)) } + shapes.map { .shapeWritten($0.stored) },
                completion: wait.completion)
            if !shapes.isEmpty { self.shapes.insert(shapes) }
            s.records.reserveCapacity(s.records.count + annotations.count)
            s.ids.reserveCapacity(s.ids.count + annotations.count)
            if annotations.count > 1 { s.clusters.reserveCapacity(annotations.count) }
            var logged: [LoggedChange] = []
            logged.reserveCapacity(annotations.count)
            for (record, point) in zip(records, points) {
                Self.insert(record, into: &s)
                logged.append(.added(record.annotation, at: point, receivedAt: now))
            }
            s.log.append(logged)
            return Self.claimClusterPublish(&s)
        }
        scheduleClusterPublish(clusterChanges)
        notify(points)
        if !shapes.isEmpty { wake(shapes.map(\.boundingMapRect)) }
        if journal != nil { try wait.wait() }
    }
}
