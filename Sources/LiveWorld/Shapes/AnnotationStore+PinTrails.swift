import MapGeometry
import Persistence

/// Trails behind moving annotations: a pin added with a trail limit draws
/// the line of its newest positions, a shape of the world (`<id>:trail`)
/// that each of its moves extends in the same write, so the line and the
/// pin never disagree, after a restart either.
extension AnnotationStore {
    /// The id of the trail of annotation `id`.
    public static func trailID(of id: String) -> String { id + ":trail" }

    /// The trail a new annotation starts: a line from where it is to where
    /// it is, keeping its newest `limit` positions (call under the lock).
    func newTrail(of annotation: LiveAnnotation, keeping limit: Int, in s: State) throws(WorldError) -> LiveShape {
        let id = Self.trailID(of: annotation.id)
        guard s.records[id] == nil, !shapes.contains(id) else { throw .duplicateID(id) }
        guard limit >= 2, let line = WorldGeometry.line([annotation.coordinate, annotation.coordinate]) else {
            throw .badGeometry(id, why: "a trail keeps at least 2 positions")
        }
        return LiveShape(id: id, kind: "trail", geometry: line, trailLimit: limit)
    }

    /// Extends the trail of the annotation `move` moved (under the lock,
    /// while the move is applied): the change for the store file, and the
    /// rects that sessions showing them must redraw.
    func extendTrail(of move: Move, into written: inout [WorldChange], _ rects: inout [Rect]) {
        let id = Self.trailID(of: move.id)
        guard let trail = shapes.shape(id: id) else { return }
        let started = trail.geometry.coordinates
        if started.count == 2, started[0] == started[1], let line = WorldGeometry.line([started[0], move.coordinate]) {
            // The first move: the line from where the pin began, without the start written twice.
            let before = trail.boundingMapRect
            trail.setGeometry(line)
            written.append(.shapeWritten(trail.stored))
            shapes.grew(trail, startedGrowing: false)
            rects += [before, trail.boundingMapRect]
            return
        }
        _ = grow(trail, by: [move.coordinate], altitudes: nil, into: &written, &rects)
    }

    /// After a restart: the annotations whose trails the file kept draw them again.
    func relinkTrails() {
        let suffix = ":trail"
        state.withLock { s in
            for shape in shapes.all where shape.id.hasSuffix(suffix) {
                let owner = String(shape.id.dropLast(suffix.count))
                s.records[owner]?.hasTrail = true
            }
        }
    }
}
