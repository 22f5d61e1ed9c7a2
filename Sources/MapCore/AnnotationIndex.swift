import MapGeometry

/// A uniform grid over the world for "which annotations are in this rect".
///
/// Cells are 2^22 world units (1/256 of the world, 256 px at zoom 8). Every
/// annotation sits with its point in one contiguous array, chained to the
/// others of its cell; a cell is just the index of its first entry. A query
/// over a few cells follows their chains; one over more cells than it pays to
/// visit (zoomed out) reads the array straight through, which stays fast when
/// the caches are cold, as they are between two layouts of a busy server.
/// Adding, moving and removing cost the same however crowded a cell is; a
/// move within its cell only rewrites the point.
///
/// A value type with no lock: a map keeps one for its own annotations, and
/// the shared live store keeps one under its lock for every session.
package struct AnnotationIndex: Sendable {
    /// One annotation, its point, and its neighbours in its cell's chain (-1: none).
    struct Entry {
        let annotation: Annotation
        var point: Point
        var cell: Int32
        var previous: Int32
        var next: Int32
    }

    static let cellShift = 22
    static let gridSize = 1 << (30 - cellShift)
    /// A query visiting more cells than the entries over this reads them all instead.
    static let entriesPerVisitedCell = 8

    private var entries: [Entry] = []
    /// Position in `entries` of each annotation.
    private var positions: [AnnotationKey: Int32] = [:]
    /// First entry of each cell in use.
    private var heads: [Int32: Int32] = [:]

    package init() {}

    package var count: Int { entries.count }
    package var all: [Annotation] { entries.map(\.annotation) }

    static func cell(of p: Point) -> Int32 {
        let cx = min(max(Int(p.x) >> cellShift, 0), gridSize - 1)
        let cy = min(max(Int(p.y) >> cellShift, 0), gridSize - 1)
        return Int32(cy * gridSize + cx)
    }

    /// Files `annotation` under its coordinate's point (again, if it was indexed).
    package mutating func insert(_ annotation: Annotation) {
        update(annotation, at: Mercator.project(annotation.coordinate))
    }

    package mutating func remove(_ key: AnnotationKey) {
        guard let i = positions.removeValue(forKey: key) else { return }
        unlink(i)
        // The last entry fills the hole: whoever pointed at it points here now.
        let last = Int32(entries.count - 1)
        if i != last {
            let moved = entries[Int(last)]
            entries[Int(i)] = moved
            positions[AnnotationKey(moved.annotation)] = i
            if moved.previous >= 0 { entries[Int(moved.previous)].next = i } else { heads[moved.cell] = i }
            if moved.next >= 0 { entries[Int(moved.next)].previous = i }
        }
        entries.removeLast()
    }

    /// Re-reads the annotation's coordinate (it moved).
    package mutating func update(_ annotation: Annotation) {
        insert(annotation)
    }

    /// Files `annotation` under `point` instead of its coordinate's point:
    /// where its view is shown while it glides to a new coordinate, or where
    /// a store has just moved it. Indexes it if it was not.
    package mutating func update(_ annotation: Annotation, at point: Point) {
        let key = AnnotationKey(annotation)
        let cell = Self.cell(of: point)
        if let i = positions[key] {
            entries[Int(i)].point = point
            guard entries[Int(i)].cell != cell else { return }
            unlink(i)
            link(i, into: cell)
            return
        }
        let i = Int32(entries.count)
        entries.append(Entry(annotation: annotation, point: point, cell: cell, previous: -1, next: -1))
        positions[key] = i
        link(i, into: cell)
    }

    /// Takes entry `i` out of its cell's chain.
    private mutating func unlink(_ i: Int32) {
        let e = entries[Int(i)]
        if e.previous >= 0 {
            entries[Int(e.previous)].next = e.next
        } else if e.next >= 0 {
            heads[e.cell] = e.next
        } else {
            heads[e.cell] = nil
        }
        if e.next >= 0 { entries[Int(e.next)].previous = e.previous }
    }

    /// Puts entry `i` at the head of `cell`'s chain.
    private mutating func link(_ i: Int32, into cell: Int32) {
        let head = heads[cell] ?? -1
        entries[Int(i)].cell = cell
        entries[Int(i)].previous = -1
        entries[Int(i)].next = head
        if head >= 0 { entries[Int(head)].previous = i }
        heads[cell] = i
    }

    /// Whether `key` is held. An empty index (a map showing only shared
    /// annotations) answers without hashing: this is asked per pin per frame.
    package func contains(_ key: AnnotationKey) -> Bool { !positions.isEmpty && positions[key] != nil }

    /// The world point of an indexed annotation.
    package func point(of key: AnnotationKey) -> Point? {
        positions[key].map { entries[Int($0)].point }
    }

    /// Annotations whose point lies in `rect` (world units).
    package func query(_ rect: Rect) -> [Annotation] {
        entries(in: rect).map(\.annotation)
    }

    /// Annotations whose point lies in `rect` (world units), with that point.
    package func entries(in rect: Rect) -> [(annotation: Annotation, point: Point)] {
        let x0 = min(max(Int(rect.minX) >> Self.cellShift, 0), Self.gridSize - 1)
        let x1 = min(max(Int(rect.maxX) >> Self.cellShift, 0), Self.gridSize - 1)
        let y0 = min(max(Int(rect.minY) >> Self.cellShift, 0), Self.gridSize - 1)
        let y1 = min(max(Int(rect.maxY) >> Self.cellShift, 0), Self.gridSize - 1)
        var out: [(annotation: Annotation, point: Point)] = []
        if (x1 - x0 + 1) * (y1 - y0 + 1) * Self.entriesPerVisitedCell > entries.count {
            for e in entries where rect.contains(e.point) { out.append((e.annotation, e.point)) }
            return out
        }
        for cy in y0...y1 {
            for cx in x0...x1 {
                var i = heads[Int32(cy * Self.gridSize + cx)] ?? -1
                while i >= 0 {
                    let e = entries[Int(i)]
                    if rect.contains(e.point) { out.append((e.annotation, e.point)) }
                    i = e.next
                }
            }
        }
        return out
    }
}
