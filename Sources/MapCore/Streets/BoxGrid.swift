import MapGeometry

/// The screen boxes of the names placed so far in a frame, bucketed in a
/// uniform grid: a new name's boxes are tested against those in the cells
/// they touch, not against every box placed (a street map at zoom 15 places
/// some hundred names of a dozen boxes each).
struct BoxGrid {
    /// Side of a cell, px: a few characters of a name, so a box spans one to four cells.
    let cellSize: Double
    private var cells: [Int: [Rect]] = [:]

    init(cellSize: Double = 32) {
        self.cellSize = cellSize
    }

    /// Whether `box` overlaps a box placed before.
    func intersects(_ box: Rect) -> Bool {
        var hit = false
        forEachCell(of: box) { key in
            if let placed = cells[key], placed.contains(where: { $0.intersects(box) }) {
                hit = true
                return false
            }
            return true
        }
        return hit
    }

    /// Places `box`: later boxes that overlap it are refused.
    mutating func insert(_ box: Rect) {
        var keys: [Int] = []
        forEachCell(of: box) { key in
            keys.append(key)
            return true
        }
        for key in keys { cells[key, default: []].append(box) }
    }

    /// Calls `body` with the key of each cell `box` touches until it returns false.
    private func forEachCell(of box: Rect, _ body: (Int) -> Bool) {
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return }
        let x0 = Int((box.minX / cellSize).rounded(.down)), x1 = Int((box.maxX / cellSize).rounded(.down))
        let y0 = Int((box.minY / cellSize).rounded(.down)), y1 = Int((box.maxY / cellSize).rounded(.down))
        for x in x0...max(x0, x1) {
            for y in y0...max(y0, y1) where !body(x &* 1_000_003 &+ y) { return }
        }
    }
}
