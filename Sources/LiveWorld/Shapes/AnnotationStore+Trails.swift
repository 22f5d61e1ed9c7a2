import MapGeometry
import Persistence

/// Positions appended to lines, several at once: what the API's append
/// route and a producer's feed do, all or nothing, answered with the
/// lines' new lengths.
extension AnnotationStore {
    /// Positions for the end of one line.
    package struct TrailAppend: Sendable, Equatable {
        /// The line's id.
        package var id: String
        /// The positions, oldest first.
        package var coordinates: [Coordinate]
        /// Their altitudes, when the line has altitudes (then one a position).
        package var altitudes: [Double]?

        package init(id: String, coordinates: [Coordinate], altitudes: [Double]? = nil) {
            self.id = id
            self.coordinates = coordinates
            self.altitudes = altitudes
        }
    }

    /// What a batch of appends did: for each, in order, how many positions
    /// it added and how many the line holds after it (a trail's limit drops
    /// its oldest), and the lines' version once the batch was applied.
    package struct TrailsResult: Sendable, Equatable {
        package var lines: [(id: String, appended: Int, points: Int)] = []
        /// The version of the world's lines and areas, which every change to one of them raises.
        package var version: UInt64 = 0

        package static func == (a: TrailsResult, b: TrailsResult) -> Bool {
            a.version == b.version && a.lines.elementsEqual(b.lines) { $0 == $1 }
        }
    }

    /// Appends to `shape` (under the store's lock): the write for the store
    /// file (the positions as a tail, or every `trailFoldEvery`th time the
    /// shape whole) into `written`, the growth told to the maps, and the
    /// bounds before and after into `rects`. False when the line does not
    /// take them (not a `LineString`, altitudes that do not match).
    func grow(
        _ shape: LiveShape, by coordinates: [Coordinate], altitudes: [Double]?, into written: inout [WorldChange],
        _ rects: inout [Rect]
    ) -> Bool {
        guard !coordinates.isEmpty,
            let grown = shape.extend(by: coordinates, altitudes: altitudes, foldEvery: Self.trailFoldEvery)
        else { return false }
        written.append(
            grown.writeWhole
                ? .shapeWritten(shape.stored)
                : .shapeExtended(
                    StoredShapeTail(id: shape.id, positions: WorldGeometry.packTail(coordinates, altitudes: altitudes)))
        )
        shapes.grew(shape, startedGrowing: grown.startedGrowing)
        rects += [grown.before, grown.after]
        return true
    }

    /// The most positions appends may give a line without a trail limit.
    package static let mostAppendedPositions = 100_000

    /// Runs once a batch of appends is in the store file (error nil) or its write failed.
    package typealias TrailsDurable = @Sendable (TrailsResult, WorldError?) -> Void

    /// Appends each of `appends` to its line, in order, all or nothing: an
    /// unknown id, a shape that is not a `LineString`, altitudes that do not
    /// match the line's or a position out of range refuse the whole batch.
    /// Returns once the positions are in the store file.
    @discardableResult
    package func extendShapes(
        _ appends: [TrailAppend], receivedAt now: Double = AnnotationStore.now()
    ) throws(WorldError) -> TrailsResult {
        let wait = DurableWait()
        let result = try extendShapes(appends, receivedAt: now) { _, error in wait.finish(error) }
        try wait.wait()
        return result
    }

    /// As `extendShapes(_:receivedAt:)`, without waiting: `whenDurable`
    /// runs once the batch is in the store file, batches in the order they
    /// were applied (with moves), so a feed answers in order.
    @discardableResult
    package func extendShapes(
        _ appends: [TrailAppend], receivedAt now: Double = AnnotationStore.now(),
        whenDurable: TrailsDurable?
    ) throws(WorldError) -> TrailsResult {
        for append in appends {
            guard append.coordinates.allSatisfy(\.isValid), append.altitudes?.allSatisfy(\.isFinite) ?? true,
                append.altitudes.map({ $0.count == append.coordinates.count }) ?? true
            else { throw .badGeometry(append.id, why: Self.outOfRange) }
        }
        var rects: [Rect] = []
        let result = try state.withLock { (s: inout State) throws(WorldError) -> TrailsResult in
            try refuseIfTheFileFailed()
            // Every append checked before any is applied: a refusal leaves every line as it was.
            var lengths: [String: Int] = [:]
            for append in appends {
                guard let shape = shapes.shape(id: append.id) else { throw .unknownID(append.id) }
                let geometry = shape.geometry
                // A line without a limit is drawn again whole at each append: past this many positions, a trail.
                let length = lengths[append.id, default: geometry.coordinates.count] + append.coordinates.count
                lengths[append.id] = length
                if shape.trailLimit == nil, length > Self.mostAppendedPositions {
                    throw .notAppendable(
                        append.id,
                        why: "the line would hold \(length) positions, more than \(Self.mostAppendedPositions) that "
                            + "appends may make; add it with a trail, which keeps its newest")
                }
                guard geometry.kind == .lineString else {
                    throw .notAppendable(append.id, why: "it is a \(geometry.kind.rawValue), not a LineString")
                }
                guard (geometry.altitudes == nil) == (append.altitudes == nil) else {
                    let has = geometry.altitudes == nil ? "has no altitudes" : "has altitudes"
                    throw .notAppendable(append.id, why: "the line \(has); every position appended must match it")
                }
            }
            var result = TrailsResult()
            var changes: [WorldChange] = []
            for append in appends {
                guard let shape = shapes.shape(id: append.id) else { continue }
                // Checked above: a LineString whose altitudes match always takes them.
                _ = grow(shape, by: append.coordinates, altitudes: append.altitudes, into: &changes, &rects)
                result.lines.append((append.id, append.coordinates.count, shape.geometry.coordinates.count))
            }
            result.version = shapes.overlayVersion
            // Under the lock that ordered them, so the file sees appends and moves in the order memory did.
            if let journal, !changes.isEmpty || whenDurable != nil {
                let applied = result
                var completion: GroupCommitWriter.Completion?
                if let whenDurable { completion = { error in whenDurable(applied, error.map(WorldError.init)) } }
                journal.submit(changes, completion: completion)
            }
            return result
        }
        if journal == nil { whenDurable?(result, nil) }
        wake(rects)
        return result
    }
}
