import MapGeometry

/// A uniform grid over the world for "which annotations are in this rect".
///
/// Cells are 2^22 world units (1/256 of the world, 256 px at zoom 8). A query
/// that would touch more cells than there are entries scans the entries
/// instead, so zoomed-out views stay cheap too.
public struct AnnotationIndex {
    struct Entry {
        let annotation: Annotation
        var point: Point
        var cell: Int
    }

    static let cellShift = 22
    static let gridSize = 1 << (30 - cellShift)

    private var entries: [AnnotationKey: Entry] = [:]
    private var cells: [Int: [AnnotationKey]] = [:]

    public init() {}

    public var count: Int { entries.count }
    public var all: [Annotation] { entries.values.map(\.annotation) }

    static func cell(of p: Point) -> Int {
        let cx = min(max(Int(p.x) >> cellShift, 0), gridSize - 1)
        let cy = min(max(Int(p.y) >> cellShift, 0), gridSize - 1)
        return cy * gridSize + cx
    }

    public mutating func insert(_ annotation: Annotation) {
        let key = AnnotationKey(annotation)
        remove(key)
        let p = Mercator.project(annotation.coordinate)
        let cell = Self.cell(of: p)
        entries[key] = Entry(annotation: annotation, point: p, cell: cell)
        cells[cell, default: []].append(key)
    }

    public mutating func remove(_ key: AnnotationKey) {
        guard let old = entries.removeValue(forKey: key) else { return }
        cells[old.cell]?.removeAll { $0 == key }
        if cells[old.cell]?.isEmpty == true { cells[old.cell] = nil }
    }

    /// Re-reads the annotation's coordinate (it moved).
    public mutating func update(_ annotation: Annotation) {
        insert(annotation)
    }

    /// Files an indexed annotation under `point` instead of its coordinate's
    /// point: where its view is shown while it glides to a new coordinate.
    public mutating func update(_ annotation: Annotation, at point: Point) {
        let key = AnnotationKey(annotation)
        remove(key)
        let cell = Self.cell(of: point)
        entries[key] = Entry(annotation: annotation, point: point, cell: cell)
        cells[cell, default: []].append(key)
    }

    public func contains(_ key: AnnotationKey) -> Bool { entries[key] != nil }

    /// The world point of an indexed annotation.
    public func point(of key: AnnotationKey) -> Point? { entries[key]?.point }

    /// Annotations whose point lies in `rect` (world units).
    public func query(_ rect: Rect) -> [Annotation] {
        let x0 = min(max(Int(rect.minX) >> Self.cellShift, 0), Self.gridSize - 1)
        let x1 = min(max(Int(rect.maxX) >> Self.cellShift, 0), Self.gridSize - 1)
        let y0 = min(max(Int(rect.minY) >> Self.cellShift, 0), Self.gridSize - 1)
        let y1 = min(max(Int(rect.maxY) >> Self.cellShift, 0), Self.gridSize - 1)
        let cellCount = (x1 - x0 + 1) * (y1 - y0 + 1)
        if cellCount > entries.count {
            return entries.values.filter { rect.contains($0.point) }.map(\.annotation)
        }
        var out: [Annotation] = []
        for cy in y0...y1 {
            for cx in x0...x1 {
                guard let keys = cells[cy * Self.gridSize + cx] else { continue }
                for key in keys {
                    if let e = entries[key], rect.contains(e.point) { out.append(e.annotation) }
                }
            }
        }
        return out
    }
}
