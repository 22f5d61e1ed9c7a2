import MapGeometry

/// The screen boxes of the names placed so far in a frame, bucketed in a
/// uniform grid over the part of the screen names are placed in: a new
/// name's boxes are tested against those in the cells they touch, not
/// against every box placed (a street map at zoom 15 places some hundred
/// names of a dozen boxes each). The cells are lists threaded through two
/// flat arrays, so a frame's grid costs a few allocations, not one a cell.
struct BoxGrid {
    private let region: Rect
    /// Side of a cell, px: a few characters of a name, so a box spans one to four cells.
    private let cellSize: Double
    private let columns: Int, rows: Int
    private var boxes: [Rect] = []
    /// Each cell's last entry in `entries`, -1 for none.
    private var heads: [Int32]
    /// A box in a cell, and the cell's entry before it (-1: the first).
    private var entries: [(box: Int32, next: Int32)] = []

    /// A grid over `region`; boxes past its edges count in its edge cells.
    init(region: Rect, cellSize: Double = 32) {
        self.region = region
        self.cellSize = cellSize
        columns = max(1, Int((region.width / cellSize).rounded(.up)))
        rows = max(1, Int((region.height / cellSize).rounded(.up)))
        heads = Array(repeating: -1, count: columns * rows)
    }

    /// Whether `box` overlaps a box placed before.
    func intersects(_ box: Rect) -> Bool {
        guard let (x0, x1, y0, y1) = cells(of: box) else { return false }
        for y in y0...y1 {
            for x in x0...x1 {
                var entry = heads[y * columns + x]
                while entry >= 0 {
                    let (placed, next) = entries[Int(entry)]
                    if boxes[Int(placed)].intersects(box) { return true }
                    entry = next
                }
            }
        }
        return false
    }

    /// Places `box`: later boxes that overlap it are refused.
    mutating func insert(_ box: Rect) {
        guard let (x0, x1, y0, y1) = cells(of: box) else { return }
        let index = Int32(boxes.count)
        boxes.append(box)
        for y in y0...y1 {
            for x in x0...x1 {
                entries.append((index, heads[y * columns + x]))
                heads[y * columns + x] = Int32(entries.count - 1)
            }
        }
    }

    /// The columns and rows of the cells `box` touches, clamped to the grid.
    private func cells(of box: Rect) -> (Int, Int, Int, Int)? {
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
        func column(_ x: Double) -> Int { min(max(Int(((x - region.minX) / cellSize).rounded(.down)), 0), columns - 1) }
        func row(_ y: Double) -> Int { min(max(Int(((y - region.minY) / cellSize).rounded(.down)), 0), rows - 1) }
        return (column(box.minX), column(box.maxX), row(box.minY), row(box.maxY))
    }
}
