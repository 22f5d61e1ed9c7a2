import MapCore
import MapGeometry
import Persistence

/// Lines and areas in the shared world: added, edited, grown and removed
/// as annotations are, all or nothing, in the store file before the answer.
extension AnnotationStore {
    /// A trail's appends go to the store file as rows of their own; after
    /// this many the shape is written whole again, and its rows go.
    static let trailFoldEvery = 64
    static let outOfRange = "every position must be a latitude in -90...90 and a longitude in -180...180"

    /// The lines and areas every map draws, kept once for all sessions.
    package var sharedOverlays: SharedOverlaySource { shapes }

    /// How many lines and areas the world holds.
    public var shapeCount: Int { shapes.count }

    /// The shape with `id`, if the world has one.
    public func shape(id: String) -> LiveShape? { shapes.shape(id: id) }

    /// Every shape, in the order they were added.
    public var allShapes: [LiveShape] { shapes.all }

    /// Adds `added` on top of the shapes, all or nothing: an id already in
    /// the world (an annotation's or a shape's) or given twice, or a position
    /// out of range, refuses them all. Returns once they are in the store file.
    public func add(shapes added: [LiveShape], receivedAt now: Double = AnnotationStore.now()) throws(WorldError) {
        guard !added.isEmpty else { return }
        for shape in added where !shape.geometry.isValid {
            throw .badGeometry(
                shape.id, why: Self.outOfRange)
        }
        let wait = DurableWait()
        try state.withLock { (s: inout State) throws(WorldError) in
            try refuseIfTheFileFailed()
            var fresh = Set<String>(minimumCapacity: added.count)
            for shape in added {
                guard s.records[shape.id] == nil, fresh.insert(shape.id).inserted, !shapes.contains(shape.id) else {
                    throw .duplicateID(shape.id)
                }
            }
            journal?.submit(added.map { .shapeWritten($0.stored) }, completion: wait.completion)
            shapes.insert(added)
        }
        wake(added.map(\.boundingMapRect))
        if journal != nil { try wait.wait() }
    }

    /// Removes the shape with `id` and returns it once the removal is in the store file.
    @discardableResult
    public func removeShape(id: String) throws(WorldError) -> LiveShape {
        let wait = DurableWait()
        let shape = try state.withLock { (s: inout State) throws(WorldError) -> LiveShape in
            try refuseIfTheFileFailed()
            guard let shape = shapes.remove(id: id) else { throw .unknownID(id) }
            journal?.submit([.removed(id: id)], completion: wait.completion)
            return shape
        }
        wake([shape.boundingMapRect])
        if journal != nil { try wait.wait() }
        return shape
    }

    /// Changes the look of shape `id` (`edit` runs under the store's lock, on
    /// the current look), and its geometry when `geometry` is given (of the
    /// same sort, a line for a line, an area for an area). Every map draws
    /// the change in its next frame; returns once it is in the store file.
    @discardableResult
    public func updateShape(
        id: String, geometry: WorldGeometry? = nil, _ edit: (inout LiveShape.Look) -> Void = { _ in }
    ) throws(WorldError) -> LiveShape {
        if let geometry, !geometry.isValid {
            throw .badGeometry(id, why: Self.outOfRange)
        }
        let wait = DurableWait()
        let (shape, before) = try state.withLock { (s: inout State) throws(WorldError) -> (LiveShape, Rect) in
            try refuseIfTheFileFailed()
            guard let shape = shapes.shape(id: id) else { throw .unknownID(id) }
            let before = shape.boundingMapRect
            if let geometry {
                guard geometry.kind.isArea == shape.isArea else {
                    let sort = shape.isArea ? "an area" : "a line"
                    throw .badGeometry(
                        id, why: "the shape is \(sort); its geometry cannot become a \(geometry.kind.rawValue)")
                }
                shape.setGeometry(geometry)
            }
            var look = shape.look
            edit(&look)
            shape.setLook(look)
            journal?.submit([.shapeWritten(shape.stored)], completion: wait.completion)
            shapes.restyled()
            return (shape, before)
        }
        wake([before, shape.boundingMapRect])
        if journal != nil { try wait.wait() }
        return shape
    }

    /// Appends `coordinates` to the end of line `id` (a trail growing),
    /// keeping only its newest positions when it has a trail limit. Every
    /// map that shows it draws the longer line in its next frame. Returns
    /// once the positions are in the store file.
    public func extendShape(
        id: String, by coordinates: [Coordinate], altitudes: [Double]? = nil,
        receivedAt now: Double = AnnotationStore.now()
    ) throws(WorldError) {
        guard !coordinates.isEmpty else { return }
        try extendShapes([TrailAppend(id: id, coordinates: coordinates, altitudes: altitudes)], receivedAt: now)
    }

    /// Wakes the sessions whose viewport meets one of `rects`; past a few
    /// rects (an import of thousands of lines), those that meet their union,
    /// so a thousand sessions are not each tested against every shape.
    func wake(_ rects: [Rect]) {
        guard let first = rects.first else { return }
        let tested = rects.count > 16 ? [rects.dropFirst().reduce(first) { $0.union($1) }] : rects
        let all = subscribers.withLock { Array($0.values) }
        for subscriber in all {
            for rect in tested { subscriber.wakeIfMeets(rect) }
        }
    }

    /// The shapes the store file holds, on top of the annotations, with the positions appended to trails since.
    func restoreShapes(from database: WorldDatabase) throws(StoreError) {
        var restored: [LiveShape] = []
        for (row, tails) in try database.loadShapes() {
            guard let kind = WorldGeometry.Kind(rawValue: row.geometryType),
                var geometry = WorldGeometry(kind: kind, packed: row.geometry)
            else {
                throw .corrupt(path: database.path, reason: "shape \(row.id) has a geometry this build cannot read")
            }
            for tail in tails {
                guard let (more, altitudes) = WorldGeometry.unpackTail(tail),
                    let grown = geometry.extended(by: more, altitudes: altitudes, keeping: row.trailLimit)
                else {
                    throw .corrupt(path: database.path, reason: "shape \(row.id) has a trail this build cannot read")
                }
                geometry = grown
            }
            let style = row.style
            let look = LiveShape.Look(
                title: row.title, subtitle: row.subtitle, stroke: style.stroke, strokeWidth: style.strokeWidth,
                strokeOpacity: style.strokeOpacity, fill: style.fill, fillOpacity: style.fillOpacity)
            restored.append(
                LiveShape(
                    id: row.id, kind: row.kind, geometry: geometry, look: look, trailLimit: row.trailLimit,
                    idIsNumber: row.idIsNumber))
        }
        shapes.insert(restored)
    }
}

extension LiveShape {
    /// This shape as the store file keeps it.
    var stored: StoredShape {
        let look = self.look
        let geometry = self.geometry
        return StoredShape(
            id: id, kind: kind, geometryType: geometry.kind.rawValue, geometry: geometry.packed, title: look.title,
            subtitle: look.subtitle,
            style: StoredShapeStyle(
                stroke: look.stroke, strokeWidth: look.strokeWidth, strokeOpacity: look.strokeOpacity, fill: look.fill,
                fillOpacity: look.fillOpacity),
            idIsNumber: idIsNumber, trailLimit: trailLimit)
    }
}
