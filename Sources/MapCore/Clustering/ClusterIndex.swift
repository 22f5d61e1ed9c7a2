import MapGeometry

/// Clusters for every integer zoom level over any number of annotations,
/// built once and answered in microseconds.
///
/// At zoom `z` the world is cut into square cells `cellPixels` wide on
/// screen; the annotations in one cell are one cluster (a lone one shows as
/// itself). A cell at zoom `z` is exactly four cells at `z + 1`, so the
/// levels form a quadtree, and sorting the annotations by the Morton (Z-order)
/// code of their finest cell puts every cell of every level in one
/// contiguous run. Counting a cell is two binary searches, and prefix sums
/// of the points give its centroid, so no level is stored at all: 1,000,000
/// annotations take about 40 MB and a sort to build.
///
/// Above `maxZoom` nothing clusters. A cluster keeps the id of its cell, so
/// it is the same cluster while the map pans.
package final class ClusterIndex: Sendable {
    /// Side of a cluster cell on screen at an integer zoom, px (2^cellShiftPixels).
    package static let cellPixels = 128.0
    /// The deepest zoom level that clusters; at `maxZoom + 1` every annotation shows.
    package static let maxZoom = 16
    /// World units are 2^30 across (Mercator.worldSize).
    static let worldBits = 30
    static let indexBits: UInt64 = 27

    /// One cell's worth of annotations at a zoom level.
    package struct Cell: ClusterCellSummary, Sendable {
        /// Zoom level and Morton code of the cell: stable for the cell's life.
        package let key: UInt64
        /// Positions in `sorted` of the members.
        package let range: Range<Int>
        /// The members' mean world point.
        package let center: Point
        package var count: Int { range.count }
    }

    /// The annotations in Morton order of their finest cell.
    package let sorted: [Annotation]
    /// Each sorted annotation's world point.
    let points: [Point]
    /// Morton code of each sorted annotation's cell at `maxZoom`.
    let codes: [UInt64]
    /// Prefix sums of the points' x and y (count + 1 entries).
    let sumX: [Double]
    let sumY: [Double]

    /// Builds the index: one projection and one sort of packed integers.
    package init(annotations: [Annotation]) {
        precondition(annotations.count < 1 << Int(Self.indexBits), "too many annotations for one cluster index")
        let finest = Self.shift(zoom: Self.maxZoom)
        var projected = [Point](repeating: .zero, count: annotations.count)
        var packed = [UInt64](repeating: 0, count: annotations.count)
        for (i, a) in annotations.enumerated() {
            let p = Mercator.project(a.coordinate)
            projected[i] = p
            let code = Self.morton(Self.cellCoordinate(p.x, shift: finest), Self.cellCoordinate(p.y, shift: finest))
            packed[i] = code << Self.indexBits | UInt64(i)
        }
        packed.sort()
        let mask = (UInt64(1) << Self.indexBits) - 1
        var sorted: [Annotation] = []
        sorted.reserveCapacity(packed.count)
        var points = [Point](repeating: .zero, count: packed.count)
        var codes = [UInt64](repeating: 0, count: packed.count)
        var sumX = [Double](repeating: 0, count: packed.count + 1)
        var sumY = [Double](repeating: 0, count: packed.count + 1)
        for (j, value) in packed.enumerated() {
            let i = Int(value & mask)
            sorted.append(annotations[i])
            let p = projected[i]
            points[j] = p
            codes[j] = value >> Self.indexBits
            sumX[j + 1] = sumX[j] + p.x
            sumY[j + 1] = sumY[j] + p.y
        }
        self.sorted = sorted
        self.points = points
        self.codes = codes
        self.sumX = sumX
        self.sumY = sumY
    }

    package var count: Int { sorted.count }

    /// Bits to drop from a world coordinate to get its cell at `zoom`:
    /// a cell is `cellPixels` (2^7) px and a world is 2^(8 + zoom) px wide.
    static func shift(zoom: Int) -> Int { worldBits - 8 - zoom + 7 }

    static func cellCoordinate(_ v: Double, shift: Int) -> UInt32 {
        let limit = (1 << (worldBits - shift)) - 1
        return UInt32(min(max(Int(v) >> shift, 0), limit))
    }

    /// Interleaves the bits of x and y (x in the even bits).
    static func morton(_ x: UInt32, _ y: UInt32) -> UInt64 {
        func spread(_ v: UInt32) -> UInt64 {
            var v = UInt64(v) & 0xFFFF_FFFF
            v = (v | v << 16) & 0x0000_FFFF_0000_FFFF
            v = (v | v << 8) & 0x00FF_00FF_00FF_00FF
            v = (v | v << 4) & 0x0F0F_0F0F_0F0F_0F0F
            v = (v | v << 2) & 0x3333_3333_3333_3333
            v = (v | v << 1) & 0x5555_5555_5555_5555
            return v
        }
        return spread(x) | spread(y) << 1
    }

    /// Undoes `morton` for one axis (the even bits).
    static func compact(_ v: UInt64) -> UInt32 {
        var v = v & 0x5555_5555_5555_5555
        v = (v | v >> 1) & 0x3333_3333_3333_3333
        v = (v | v >> 2) & 0x0F0F_0F0F_0F0F_0F0F
        v = (v | v >> 4) & 0x00FF_00FF_00FF_00FF
        v = (v | v >> 8) & 0x0000_FFFF_0000_FFFF
        v = (v | v >> 16) & 0x0000_0000_FFFF_FFFF
        return UInt32(v)
    }

    /// The key of the cell at `zoom` holding world point `p` (as `Cell.key`).
    package func cellKey(of p: Point, zoom: Int) -> UInt64 {
        let z = min(max(zoom, 0), Self.maxZoom)
        let s = Self.shift(zoom: z)
        return UInt64(z) << 58 | Self.morton(Self.cellCoordinate(p.x, shift: s), Self.cellCoordinate(p.y, shift: s))
    }

    /// The world rect of the cell with `key`.
    package func cellRect(key: UInt64) -> Rect {
        let z = Int(key >> 58), prefix = key & ((1 << 58) - 1)
        let side = Double(1 << Self.shift(zoom: z))
        return Rect(
            x: Double(Self.compact(prefix)) * side, y: Double(Self.compact(prefix >> 1)) * side, width: side,
            height: side)
    }

    /// The first position in `range` of sorted `keys` whose key is not below `key`.
    static func lowerBound<Key: Comparable>(_ key: Key, in keys: [Key], range: Range<Int>) -> Int {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi {
            let mid = (lo + hi) >> 1
            if keys[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The positions of the run of sorted `keys` whose top bits are `prefix`
    /// (the keys shifted right by `shift`), nil when there is none.
    static func run(of prefix: UInt64, shift: UInt64, in keys: [UInt64]) -> Range<Int>? {
        let lo = lowerBound(prefix << shift, in: keys, range: 0..<keys.count)
        guard lo < keys.count, keys[lo] >> shift == prefix else { return nil }
        return lo..<lowerBound((prefix + 1) << shift, in: keys, range: lo..<keys.count)
    }

    /// The non-empty cells at `zoom` that meet `rect` (world units, in any
    /// copy of the world), over members in Morton order whose keys hold
    /// their finest code above `lowBits` low bits: `run` gives the positions
    /// and mean point of the members whose keys, shifted right by the shift
    /// it is passed, are the cell's code (nil for an empty cell). A cell east
    /// of 180° in a range across it has its centre a world further east
    /// (`CellRange.offset(ofColumn:)`), so clusters gather across 180° as
    /// anywhere else.
    static func cells(
        in rect: Rect, zoom: Int, lowBits: UInt64,
        run: (_ prefix: UInt64, _ shift: UInt64) -> (range: Range<Int>, center: Point)?
    ) -> [Cell] {
        let cells = CellRange(rect, zoom: zoom)
        let z = cells.zoom
        // A cell's code at `z` is a prefix of its members' finest codes.
        let levelBits = UInt64(2 * (maxZoom - z)) + lowBits
        var out: [Cell] = []
        for cy in cells.y0...cells.y1 {
            for column in cells.x0...cells.x1 {
                let prefix = morton(column & cells.columnMask, cy)
                guard let (range, center) = run(prefix, levelBits) else { continue }
                let offset = cells.offset(ofColumn: column)
                out.append(
                    Cell(
                        key: UInt64(z) << 58 | prefix, range: range,
                        center: offset == 0 ? center : Point(x: center.x + offset, y: center.y)))
            }
        }
        return out
    }

    /// The cells at a zoom level that meet a world rect, as a square of cell
    /// coordinates: every rect with the same range meets the same cells.
    /// Columns run east from `x0` (within the world as stored) to `x1`, which
    /// is past the world's last column when the range crosses 180°: column
    /// `x1 & columnMask` of the next copy. A rect a world wide or more meets
    /// every column once.
    package struct CellRange: Hashable, Sendable {
        package let zoom: Int
        let x0: UInt32, y0: UInt32, x1: UInt32, y1: UInt32

        package init(_ rect: Rect, zoom: Int) {
            self.zoom = min(max(zoom, 0), ClusterIndex.maxZoom)
            let s = ClusterIndex.shift(zoom: self.zoom)
            let columns = 1 << (ClusterIndex.worldBits - s)
            let side = Double(1 << s)
            let first = WorldWrap.wrap(rect.minX)
            let span = rect.width.isFinite && rect.minX.isFinite ? min(rect.width, WorldWrap.width) : WorldWrap.width
            let count = Int(((first + span) / side).rounded(.down)) - Int(first / side) + 1
            if count >= columns {
                (x0, x1) = (0, UInt32(columns - 1))
            } else {
                x0 = UInt32(min(Int(first / side), columns - 1))
                x1 = x0 + UInt32(max(count, 1) - 1)
            }
            (y0, y1) = (cellCoordinate(rect.minY, shift: s), cellCoordinate(rect.maxY, shift: s))
        }

        /// The world's columns at this zoom, less one: a column of the range is its column in the world as stored.
        var columnMask: UInt32 { UInt32((1 << (ClusterIndex.worldBits - ClusterIndex.shift(zoom: zoom))) - 1) }

        /// How far east of the world as stored column `column` of the range
        /// (`x0...x1`) lies: a world for the columns past 180°, else none.
        func offset(ofColumn column: UInt32) -> Double {
            column > columnMask ? WorldWrap.width : 0
        }

        /// The range's column for column `column` of the world as stored, nil when it has none.
        func rangeColumn(of column: UInt32) -> UInt32? {
            if column >= x0, column <= x1 { return column }
            let next = column + columnMask + 1
            return next <= x1 ? next : nil
        }
    }

    /// The non-empty cells at `zoom` (0...maxZoom) that meet `rect` (world units).
    package func cells(in rect: Rect, zoom: Int) -> [Cell] {
        Self.cells(in: rect, zoom: zoom, lowBits: 0) { prefix, shift in
            guard let range = Self.run(of: prefix, shift: shift, in: codes) else { return nil }
            let (lo, hi) = (range.lowerBound, range.upperBound)
            let n = Double(hi - lo)
            return (range, Point(x: (sumX[hi] - sumX[lo]) / n, y: (sumY[hi] - sumY[lo]) / n))
        }
    }

    /// The world point of the annotation at sorted position `i`.
    package func point(at i: Int) -> Point { points[i] }

    /// The bounding rect (world units) of the members in `range`.
    package func bounds(of range: Range<Int>) -> Rect { Self.bounds(of: points[range]) }

    /// The bounding rect of `points`, the short way round (across 180° when that is shorter).
    static func bounds<Points: Sequence<Point>>(of points: Points) -> Rect {
        WorldWrap.bounds(of: points) ?? .zero
    }
}

/// What clustering needs to know of a cell to lay it out: which it is, how
/// many it holds and where they are on average.
package protocol ClusterCellSummary {
    var key: UInt64 { get }
    var count: Int { get }
    var center: Point { get }
}
