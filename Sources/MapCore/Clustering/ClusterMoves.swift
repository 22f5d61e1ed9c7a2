import MapGeometry

/// One cell's members as the map shows them: the cell's run in the cluster
/// index, less those that moved away since it was built, plus those that
/// moved in.
package struct ClusterCell: ClusterCellSummary, Sendable {
    /// Zoom level and Morton code of the cell: stable for the cell's life.
    package let key: UInt64
    /// The members' mean world point.
    package let center: Point
    package let count: Int
    /// Positions in the index's sorted order of the members it was built with.
    let range: Range<Int>
    let movedOut: Set<Int>
    let movedIn: [Annotation]
    let movedInPoints: [Point]

    /// Sorted positions of the members still here.
    func stayingPositions() -> [Int] {
        movedOut.isEmpty ? Array(range) : range.filter { !movedOut.contains($0) }
    }
}

/// Live moves of clustered annotations on top of a built `ClusterIndex`, so
/// a move costs microseconds instead of a rebuild: the mover is taken out of
/// its old cell and put in its new one at query time. The index is rebuilt
/// only once many have moved (`limit`).
struct ClusterMoves {
    /// Moves kept before the map rebuilds the index instead.
    static let limit = 4096

    /// Sorted position of each annotation, made on the first move.
    private var positions: [AnnotationKey: Int]?
    /// Where each mover is now, by its sorted position.
    private(set) var moved: [Int: (annotation: Annotation, point: Point)] = [:]

    var isEmpty: Bool { moved.isEmpty }

    /// Records that `annotation` is now at its coordinate; false when the
    /// overlay is full (or does not know it) and the index must be rebuilt.
    mutating func move(_ annotation: Annotation, in index: ClusterIndex) -> Bool {
        if positions == nil {
            var map: [AnnotationKey: Int] = [:]
            map.reserveCapacity(index.count)
            for (i, a) in index.sorted.enumerated() { map[AnnotationKey(a)] = i }
            positions = map
        }
        guard let i = positions?[AnnotationKey(annotation)], moved.count < Self.limit || moved[i] != nil else {
            return false
        }
        moved[i] = (annotation, Mercator.project(annotation.coordinate))
        return true
    }

    /// The cells at `zoom` meeting `rect`, with the moves applied. A cell's
    /// centre is in the copy of the world `ClusterIndex.cells(in:zoom:)`
    /// gives it; its members' points stay as stored.
    func cells(of index: ClusterIndex, in rect: Rect, zoom: Int) -> [ClusterCell] {
        let built = index.cells(in: rect, zoom: zoom)
        guard !moved.isEmpty else {
            return built.map {
                ClusterCell(
                    key: $0.key, center: $0.center, count: $0.count, range: $0.range,
                    movedOut: [], movedIn: [], movedInPoints: [])
            }
        }
        let range = ClusterIndex.CellRange(rect, zoom: zoom)
        let z = range.zoom
        var outOf: [UInt64: [Int]] = [:]
        var into: [UInt64: [(Annotation, Point)]] = [:]
        for (position, now) in moved {
            outOf[index.cellKey(of: index.point(at: position), zoom: z), default: []].append(position)
            into[index.cellKey(of: now.point, zoom: z), default: []].append((now.annotation, now.point))
        }
        var out: [ClusterCell] = []
        var seen: Set<UInt64> = []
        for cell in built {
            seen.insert(cell.key)
            out.append(
                adjust(
                    cell.key, sum: cell.center * Double(cell.count), count: cell.count, range: cell.range,
                    offset: Self.offset(of: cell.key, in: range, index: index) ?? 0,
                    out: outOf[cell.key] ?? [], in: into[cell.key] ?? [], index: index))
        }
        // Cells that only movers reached.
        for (key, arrivals) in into where !seen.contains(key) {
            guard let offset = Self.offset(of: key, in: range, index: index) else { continue }
            out.append(
                adjust(
                    key, sum: .zero, count: 0, range: 0..<0, offset: offset, out: [], in: arrivals,
                    index: index))
        }
        return out.filter { $0.count > 0 }
    }

    /// How far east of the world as stored `range` shows the cell with `key`; nil when it does not show it.
    private static func offset(of key: UInt64, in range: ClusterIndex.CellRange, index: ClusterIndex) -> Double? {
        let rect = index.cellRect(key: key)
        let side = rect.width
        guard rect.minY < Double(range.y1 + 1) * side, rect.maxY > Double(range.y0) * side,
            let column = range.rangeColumn(of: UInt32(rect.minX / side))
        else { return nil }
        return range.offset(ofColumn: column)
    }

    /// A cell's count and centre with the moves out of it and into it: the
    /// movers' points taken `offset` east, into the cell's copy of the world.
    private func adjust(
        _ key: UInt64, sum: Point, count: Int, range: Range<Int>, offset: Double, out: [Int],
        in arrivals: [(Annotation, Point)], index: ClusterIndex
    ) -> ClusterCell {
        var sum = sum
        let shift = Point(x: offset, y: 0)
        for p in out { sum = sum - (index.point(at: p) + shift) }
        for (_, p) in arrivals { sum = sum + (p + shift) }
        let n = count - out.count + arrivals.count
        return ClusterCell(
            key: key, center: n > 0 ? sum * (1 / Double(n)) : .zero, count: n, range: range,
            movedOut: Set(out), movedIn: arrivals.map(\.0), movedInPoints: arrivals.map(\.1))
    }
}
