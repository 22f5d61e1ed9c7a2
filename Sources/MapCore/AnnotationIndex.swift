import MapGeometry

/// A uniform grid over the world for "which annotations are in this rect".
///
/// Cells are 2^22 world units (1/256 of the world, 256 px at zoom 8) and
/// hold their annotations with their points, so a query reads cells, not one
/// entry per annotation. A query that would touch more cells than are in use
/// walks the cells in use instead, so zoomed-out views stay cheap too. Each
/// annotation's place records its slot in its cell, so a move or a removal
/// costs the same however full the cell is; a move within its cell only
/// rewrites the point.
///
/// A value type with no lock: a map keeps one for its own annotations, and
/// the shared live store keeps one under its lock for every session.
public struct AnnotationIndex: Sendable {
    /// One annotation where a cell keeps it: a query reads the point here
    /// without looking the annotation up.
    struct Entry {
        let annotation: Annotation
        var point: Point
    }

    /// Where an annotation is filed: its cell and its position in that cell.
    struct Place {
        var cell: Int
        var slot: Int
    }

    static let cellShift = 22
    static let gridSize = 1 << (30 - cellShift)

    private var places: [AnnotationKey: Place] = [:]
    private var cells: [Int: [Entry]] = [:]

    public init() {}

    public var count: Int { places.count }
    public var all: [Annotation] { cells.values.flatMap { $0.map(\.annotation) } }

    static func cell(of p: Point) -> Int {
        let cx = min(max(Int(p.x) >> cellShift, 0), gridSize - 1)
        let cy = min(max(Int(p.y) >> cellShift, 0), gridSize - 1)
        return cy * gridSize + cx
    }

    /// Files `annotation` under its coordinate's point (again, if it was indexed).
    public mutating func insert(_ annotation: Annotation) {
        update(annotation, at: Mercator.project(annotation.coordinate))
    }

    public mutating func remove(_ key: AnnotationKey) {
        guard let old = places.removeValue(forKey: key) else { return }
        takeOut(old)
    }

    /// Re-reads the annotation's coordinate (it moved).
    public mutating func update(_ annotation: Annotation) {
        insert(annotation)
    }

    /// Files `annotation` under `point` instead of its coordinate's point:
    /// where its view is shown while it glides to a new coordinate, or where
    /// a store has just moved it. Indexes it if it was not.
    public mutating func update(_ annotation: Annotation, at point: Point) {
        let key = AnnotationKey(annotation)
        let cell = Self.cell(of: point)
        if let place = places[key] {
            if place.cell == cell {
                cells[cell]![place.slot].point = point
                return
            }
            takeOut(place)
        }
        let slot = cells[cell, default: []].count
        cells[cell, default: []].append(Entry(annotation: annotation, point: point))
        places[key] = Place(cell: cell, slot: slot)
    }

    /// Empties `place`: the last entry of the cell takes its slot.
    private mutating func takeOut(_ place: Place) {
        guard var entries = cells.removeValue(forKey: place.cell) else { return }
        let last = entries.removeLast()
        if place.slot < entries.count {
            entries[place.slot] = last
            places[AnnotationKey(last.annotation)]?.slot = place.slot
        }
        if !entries.isEmpty { cells[place.cell] = entries }
    }

    public func contains(_ key: AnnotationKey) -> Bool { places[key] != nil }

    /// The world point of an indexed annotation.
    public func point(of key: AnnotationKey) -> Point? {
        guard let place = places[key] else { return nil }
        return cells[place.cell]?[place.slot].point
    }

    /// Annotations whose point lies in `rect` (world units).
    public func query(_ rect: Rect) -> [Annotation] {
        entries(in: rect).map(\.annotation)
    }

    /// Annotations whose point lies in `rect` (world units), with that point.
    public func entries(in rect: Rect) -> [(annotation: Annotation, point: Point)] {
        let x0 = min(max(Int(rect.minX) >> Self.cellShift, 0), Self.gridSize - 1)
        let x1 = min(max(Int(rect.maxX) >> Self.cellShift, 0), Self.gridSize - 1)
        let y0 = min(max(Int(rect.minY) >> Self.cellShift, 0), Self.gridSize - 1)
        let y1 = min(max(Int(rect.maxY) >> Self.cellShift, 0), Self.gridSize - 1)
        var out: [(annotation: Annotation, point: Point)] = []
        func collect(_ entries: [Entry]) {
            for e in entries where rect.contains(e.point) { out.append((e.annotation, e.point)) }
        }
        if (x1 - x0 + 1) * (y1 - y0 + 1) > cells.count {
            // More cells in the rect than cells in use: walk those in use.
            for (cell, entries) in cells {
                let cx = cell % Self.gridSize, cy = cell / Self.gridSize
                if cx >= x0, cx <= x1, cy >= y0, cy <= y1 { collect(entries) }
            }
            return out
        }
        for cy in y0...y1 {
            for cx in x0...x1 {
                if let entries = cells[cy * Self.gridSize + cx] { collect(entries) }
            }
        }
        return out
    }
}
