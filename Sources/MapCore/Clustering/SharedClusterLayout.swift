import DisplayList
import MapGeometry
import Synchronization

/// A shared clustering laid out for one view at one zoom level in one epoch:
/// the cells near the view and how spacing gathers them so that no two
/// views overlap (`ClusterSpacing`). It is made once an epoch for every map
/// whose view meets the same cells at that level, and read by all of them:
/// a wall of screens showing one fleet, or everyone who opened an embed at
/// its default view, finds and spaces the epoch's cells once, not once a map.
/// What each map makes of it (its cluster annotations, its views) stays its own.
package final class SharedClusterLayout: Sendable {
    /// The non-empty cells that meet the view, in the order `cells(in:zoom:)` gives them.
    package let cells: [ClusterIndex.Cell]
    /// The cells gathered into what shows as one view each.
    package let grouping: ClusterSpacing.Grouping
    /// For each cell of one member, that member's slot; `noSlot` for the others.
    let loneSlots: [UInt32]
    static let noSlot = UInt32.max

    /// Unique among the process's layouts, for telling which one a map followed from.
    let serial = SharedClusterLayout.serials.next()
    private static let serials = AtomicCounter(start: 1)
    /// The last `changes(since:)` worked out, and the serial of the layout it was since.
    private let lastChanges = Mutex<(since: UInt64, changes: [SharedGroupChange]?)?>(nil)

    init(cells: [ClusterIndex.Cell], zoom: Int, slot: (Int) -> UInt32) {
        self.cells = cells
        let items = cells.map { ClusterSpacing.Item(point: $0.center, count: $0.count) }
        grouping = ClusterSpacing.grouping(items, pixelsPerUnit: Mercator.pixelsPerUnit(zoom: Double(zoom)))
        loneSlots = cells.map { $0.count == 1 ? slot($0.range.lowerBound) : Self.noSlot }
    }

    /// The groups that show something else than in `previous`, a layout of
    /// the same cells in an earlier epoch, when what shows is otherwise the
    /// same: the same cells gathered the same way, each lone member the
    /// same pin. A group changed when a cell of it changed count or centre
    /// (a lone member its point). Nil when more than that changed: a cell
    /// came or went, the gathering changed, a lone cell holds another pin.
    func changedGroups(since previous: SharedClusterLayout) -> [Int]? {
        guard cells.count == previous.cells.count, grouping.ends == previous.grouping.ends,
            grouping.members == previous.grouping.members, loneSlots == previous.loneSlots
        else { return nil }
        var changed: [Int] = []
        var g = 0
        for i in grouping.members.indices {
            while i >= grouping.ends[g] { g += 1 }
            let (cell, was) = (cells[grouping.members[i]], previous.cells[grouping.members[i]])
            guard cell.key == was.key else { return nil }
            if cell.count != was.count || cell.center != was.center, changed.last != g { changed.append(g) }
        }
        return changed
    }
}

extension SharedClusterLayout {
    /// `changedGroups(since:)`, with what each changed group gathers now
    /// and gathered in `previous`, worked out once for all the maps that
    /// follow `previous` to this layout: a hundred maps watching one place
    /// each summed the same groups' cells every epoch. Nil as there.
    func changes(since previous: SharedClusterLayout) -> [SharedGroupChange]? {
        if let last = lastChanges.withLock({ $0 }), last.since == previous.serial { return last.changes }
        let changes = changedGroups(since: previous).map { groups in
            groups.map { g -> SharedGroupChange in
                let members = grouping[g]
                let first = cells[members[members.startIndex]]
                let previousCount = members.reduce(0) { $0 + previous.cells[$1].count }
                if members.count == 1 {
                    return SharedGroupChange(
                        group: g, lone: first.count == 1 ? first.range.lowerBound : nil,
                        count: first.count, center: first.center, previousCount: previousCount)
                }
                let (count, center) = ClusterMembership.summary(of: members.map { cells[$0] })
                return SharedGroupChange(
                    group: g, lone: nil, count: count, center: center,
                    previousCount: previousCount)
            }
        }
        lastChanges.withLock { $0 = (previous.serial, changes) }
        return changes
    }
}

/// A group of a shared layout that changed since an earlier layout of the
/// same cells (`SharedClusterLayout.changes(since:)`).
struct SharedGroupChange: Sendable {
    /// The group, in the layout's `grouping`.
    let group: Int
    /// For a group of one pin, its place in the epoch's order.
    let lone: Int?
    /// How many members the group gathers now, and their centre.
    let count: Int
    let center: Point
    /// How many it gathered in the earlier layout.
    let previousCount: Int
}

/// The layouts an epoch has made, by the cells they cover. Direct-mapped:
/// a few dozen at most, each new one taking the place of whatever shared
/// its slot, so maps spread all over the world (which share nothing) cost
/// an epoch a bounded table, not one layout each.
final class SharedClusterLayoutCache: Sendable {
    private let slots = Mutex<[(range: ClusterIndex.CellRange, layout: SharedClusterLayout)?]>([])
    static let capacity = 64

    /// The layout for `range`, made by `make` (outside the lock) when none is held.
    func layout(for range: ClusterIndex.CellRange, make: () -> SharedClusterLayout) -> SharedClusterLayout {
        let slot = Self.slot(of: range)
        let held = slots.withLock { s -> SharedClusterLayout? in
            guard !s.isEmpty, let entry = s[slot], entry.range == range else { return nil }
            return entry.layout
        }
        if let held { return held }
        let made = make()
        slots.withLock { s in
            if s.isEmpty { s = Array(repeating: nil, count: Self.capacity) }
            s[slot] = (range, made)
        }
        return made
    }

    /// The range's slot, mixed by hand rather than by `Hasher`, whose seed
    /// changes from run to run: which ranges share a slot is then the same
    /// in every run, tests included.
    static func slot(of range: ClusterIndex.CellRange) -> Int {
        func mix(_ h: UInt64, _ v: UInt32) -> UInt64 { (h ^ UInt64(v)) &* 0x9E37_79B9_7F4A_7C15 }
        let h = mix(mix(mix(mix(UInt64(range.zoom), range.x0), range.y0), range.x1), range.y1)
        return Int(truncatingIfNeeded: h >> 58) & (capacity - 1)
    }

    /// How many layouts it holds (tests check the bound).
    var count: Int { slots.withLock { s in s.reduce(0) { $0 + ($1 == nil ? 0 : 1) } } }
}

extension SharedClusterIndex {
    /// This epoch's layout of the cells at `zoom` (0...maxZoom) that meet
    /// `rect`, shared with every map whose rect meets the same cells.
    package func layout(in rect: Rect, zoom: Int) -> SharedClusterLayout {
        let range = ClusterIndex.CellRange(rect, zoom: zoom)
        return layouts.layout(for: range) {
            SharedClusterLayout(cells: cells(in: rect, zoom: range.zoom), zoom: range.zoom) { slot(at: $0) }
        }
    }
}
