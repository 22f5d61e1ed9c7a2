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
///
/// The store's index of the API's pins (`counted`) has finer cells (2^18
/// units) and a count of its pins in each 2^22 cell, for "the pins in this
/// rect, unless more than N": over a million pins, the counts of the cells
/// a rect covers whole answer that there are too many at once, and a rect
/// in a crowded city walks the few fine cells under it, not all of the
/// city's pins.
package struct AnnotationIndex: Sendable {
    /// One annotation, its point, and its neighbours in its cell's chain (-1: none).
    struct Entry {
        let annotation: Annotation
        var point: Point
        var cell: Int32
        var previous: Int32
        var next: Int32
    }

    /// Cells are 2^cellShift world units across.
    let cellShift: Int
    let gridSize: Int
    /// The counted cells' side (2^22 units, a 256 x 256 grid).
    static let countedShift = 22
    static let countedGridSize = 1 << (30 - countedShift)
    /// A query visiting more cells than the entries over this reads them all instead.
    static let entriesPerVisitedCell = 8

    private var entries: [Entry] = []
    /// Position in `entries` of each annotation.
    private var positions: [AnnotationKey: Int32] = [:]
    /// First entry of each cell in use.
    private var heads: [Int32: Int32] = [:]
    /// Entries in each counted cell, row by row; empty until the first
    /// entry of an index that counts, and always for one that does not.
    private var counts: [Int32] = []
    private let isCounted: Bool

    /// An index of 2^22-unit cells that counts nothing: a map's own annotations.
    package init() {
        self.init(cellShift: Self.countedShift, counted: false)
    }

    /// An index of 2^`cellShift`-unit cells (at most 2^22); `counted` keeps
    /// the count of each 2^22 cell.
    package init(cellShift: Int, counted: Bool) {
        self.cellShift = min(max(cellShift, 15), Self.countedShift)
        gridSize = 1 << (30 - self.cellShift)
        isCounted = counted
    }

    package var count: Int { entries.count }
    package var all: [Annotation] { entries.map(\.annotation) }

    func cell(of p: Point) -> Int32 {
        let cx = min(max(Int(p.x) >> cellShift, 0), gridSize - 1)
        let cy = min(max(Int(p.y) >> cellShift, 0), gridSize - 1)
        return Int32(cy * gridSize + cx)
    }

    /// The counted cell `cell` lies in.
    private func countedCell(of cell: Int32) -> Int {
        let d = Self.countedShift - cellShift
        let c = Int(cell)
        return (c / gridSize) >> d * Self.countedGridSize + (c % gridSize) >> d
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
        let cell = cell(of: point)
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
        if isCounted { counts[countedCell(of: e.cell)] -= 1 }
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
        if isCounted {
            if counts.isEmpty { counts = [Int32](repeating: 0, count: Self.countedGridSize * Self.countedGridSize) }
            counts[countedCell(of: cell)] += 1
        }
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

    /// Annotations whose point lies in `rect` (world units, any copy of the world).
    package func query(_ rect: Rect) -> [Annotation] {
        entries(in: rect).map(\.annotation)
    }

    /// Annotations whose point lies in `rect` (world units) in one of the
    /// world's copies, with that point as stored: a rect across 180° finds
    /// the pins on both sides of it.
    package func entries(in rect: Rect) -> [(annotation: Annotation, point: Point)] {
        entries(in: rect, limit: .max) ?? []
    }

    /// The same, or nil as soon as more than `limit` are found: a map asks
    /// whether the pins near its viewport are few enough to show one by one,
    /// and over a million of them the answer must not collect them all.
    package func entries(in rect: Rect, limit: Int) -> [(annotation: Annotation, point: Point)]? {
        guard !entries.isEmpty else { return [] }
        let pieces = WorldWrap.pieces(of: rect)
        guard pieces.count > 1 else {
            guard let piece = pieces.first else { return [] }
            return entries(inPiece: piece, limit: limit)
        }
        var out: [(annotation: Annotation, point: Point)] = []
        for piece in pieces {
            guard let found = entries(inPiece: piece, limit: limit - out.count) else { return nil }
            out += found
        }
        return out
    }

    /// `entries(in:limit:)` for a rect within the world as stored.
    private func entries(inPiece rect: Rect, limit: Int) -> [(annotation: Annotation, point: Point)]? {
        if isCounted { return countedEntries(in: rect, limit: limit) }
        let x0 = min(max(Int(rect.minX) >> cellShift, 0), gridSize - 1)
        let x1 = min(max(Int(rect.maxX) >> cellShift, 0), gridSize - 1)
        let y0 = min(max(Int(rect.minY) >> cellShift, 0), gridSize - 1)
        let y1 = min(max(Int(rect.maxY) >> cellShift, 0), gridSize - 1)
        var out: [(annotation: Annotation, point: Point)] = []
        if (x1 - x0 + 1) * (y1 - y0 + 1) * Self.entriesPerVisitedCell > entries.count {
            return scan(rect, limit: limit)
        }
        for cy in y0...y1 {
            for cx in x0...x1 {
                if !walk(cy * gridSize + cx, in: rect, limit: limit, into: &out) { return nil }
            }
        }
        return out
    }

    /// At least as many as lie in `rect` (any copy of the world), from the
    /// counts alone (every entry when the index does not count): the counts
    /// of the cells it meets.
    package func countAtMost(in rect: Rect) -> Int {
        guard isCounted, !counts.isEmpty else { return entries.count }
        return WorldWrap.pieces(of: rect).reduce(0) { $0 + countAtMost(inPiece: $1) }
    }

    private func countAtMost(inPiece rect: Rect) -> Int {
        let n = Self.countedGridSize
        let x0 = min(max(Int(rect.minX) >> Self.countedShift, 0), n - 1)
        let x1 = min(max(Int(rect.maxX) >> Self.countedShift, 0), n - 1)
        let y0 = min(max(Int(rect.minY) >> Self.countedShift, 0), n - 1)
        let y1 = min(max(Int(rect.maxY) >> Self.countedShift, 0), n - 1)
        var total = 0
        for cy in y0...y1 {
            for cx in x0...x1 { total += Int(counts[cy * n + cx]) }
        }
        return total
    }

    /// Every entry in `rect`, read straight through; nil past `limit`.
    private func scan(_ rect: Rect, limit: Int) -> [(annotation: Annotation, point: Point)]? {
        var out: [(annotation: Annotation, point: Point)] = []
        for e in entries where rect.contains(e.point) {
            guard out.count < limit else { return nil }
            out.append((e.annotation, e.point))
        }
        return out
    }

    /// Appends the entries of cell `cell` in `rect`; false past `limit`.
    private func walk(
        _ cell: Int, in rect: Rect, limit: Int,
        into out: inout [(annotation: Annotation, point: Point)]
    ) -> Bool {
        var i = heads[Int32(cell)] ?? -1
        while i >= 0 {
            let e = entries[Int(i)]
            if rect.contains(e.point) {
                guard out.count < limit else { return false }
                out.append((e.annotation, e.point))
            }
            i = e.next
        }
        return true
    }

    /// `entries(in:limit:)` with the counts: the counted cells the rect
    /// covers whole hold that many of it, so too many there is known
    /// without a walk; then only the fine cells of the counted cells that
    /// hold something are walked, or every entry read when that is less.
    private func countedEntries(in rect: Rect, limit: Int) -> [(annotation: Annotation, point: Point)]? {
        let n = Self.countedGridSize, side = Double(1 << Self.countedShift)
        let x0 = min(max(Int(rect.minX) >> Self.countedShift, 0), n - 1)
        let x1 = min(max(Int(rect.maxX) >> Self.countedShift, 0), n - 1)
        let y0 = min(max(Int(rect.minY) >> Self.countedShift, 0), n - 1)
        let y1 = min(max(Int(rect.maxY) >> Self.countedShift, 0), n - 1)
        var inside = 0
        var held: [Int] = []
        for cy in y0...y1 {
            let rows = rect.minY <= Double(cy) * side && Double(cy + 1) * side <= rect.maxY
            for cx in x0...x1 {
                let count = Int(counts[cy * n + cx])
                guard count > 0 else { continue }
                held.append(cy * n + cx)
                if rows, rect.minX <= Double(cx) * side, Double(cx + 1) * side <= rect.maxX {
                    inside += count
                    if inside > limit { return nil }
                }
            }
        }
        let d = Self.countedShift - cellShift
        guard held.count << (2 * d) < entries.count else { return scan(rect, limit: limit) }
        let fx0 = min(max(Int(rect.minX) >> cellShift, 0), gridSize - 1)
        let fx1 = min(max(Int(rect.maxX) >> cellShift, 0), gridSize - 1)
        let fy0 = min(max(Int(rect.minY) >> cellShift, 0), gridSize - 1)
        let fy1 = min(max(Int(rect.maxY) >> cellShift, 0), gridSize - 1)
        var out: [(annotation: Annotation, point: Point)] = []
        for c in held {
            let (cx, cy) = (c % n, c / n)
            for fy in max(fy0, cy << d)...min(fy1, (cy + 1) << d - 1) {
                for fx in max(fx0, cx << d)...min(fx1, (cx + 1) << d - 1) {
                    if !walk(fy * gridSize + fx, in: rect, limit: limit, into: &out) { return nil }
                }
            }
        }
        return out
    }
}
