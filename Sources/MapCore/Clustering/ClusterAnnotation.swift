import MapGeometry
import Synchronization

/// Annotations that share a clustering identifier and are too close to show
/// apart at the current zoom, standing in for them as one annotation
/// (`MKClusterAnnotation`). Its title says how many it holds ("37 places"),
/// which is also what screen readers hear.
///
/// A cluster that keeps standing for much the same annotations while they
/// move, or while the shared world changes around it, stays the same object
/// (and so keeps its view): its count, coordinate and members follow.
public final class ClusterAnnotation: Annotation {
    /// The identifier its members share; `unclusteredIdentifier` for a
    /// cluster of shared pins that carry none.
    public let clusteringIdentifier: String
    /// The `clusteringIdentifier` of the clusters a map gathers the shared
    /// world's pins without a clustering identifier into, where more of them
    /// lie near its viewport than `MapView.unclusteredPinLimit`.
    public static let unclusteredIdentifier = "mapwire.unclustered"
    /// The membership with its count and centre worked out once: views and
    /// layout read them many times a frame.
    private struct State {
        var membership: ClusterMembership
        var count: Int
        var center: Point
        /// "N places", made when the count is: every frame reads it for the mirror.
        var title: String
        /// Where the map last showed it (`shownPoint(tolerance:)`).
        var shown: Point?

        init(_ membership: ClusterMembership, previous: State? = nil) {
            self.membership = membership
            (count, center) = membership.summary
            // Cells across 180° average past the world's east edge: the centre is kept as stored points are.
            center.x = WorldWrap.wrap(center.x)
            if let previous, previous.count == count { title = previous.title } else { title = "\(count) places" }
            shown = previous?.shown
        }
    }

    private let state: Mutex<State>

    init(clusteringIdentifier: String, membership: ClusterMembership) {
        self.clusteringIdentifier = clusteringIdentifier
        state = Mutex(State(membership))
    }

    convenience init(clusteringIdentifier: String, index: ClusterIndex, cell: ClusterCell) {
        self.init(clusteringIdentifier: clusteringIdentifier, membership: .session(index: index, cells: [cell]))
    }

    /// The members' mean position, as the map last took it: a centre that
    /// crept less than half a pixel since the cluster's view last moved may
    /// not be followed until it shows (the view would not move for it).
    public var coordinate: Coordinate { Mercator.unproject(worldPoint) }
    /// The members' mean world point, as `coordinate`.
    var worldPoint: Point { state.withLock { $0.center } }
    /// How many annotations it stands for.
    public var count: Int { state.withLock { $0.count } }
    /// "N places": what its view and screen readers say.
    public var title: String? { state.withLock { $0.title } }
    /// Always nil: the count in the title says it all.
    public var subtitle: String? { nil }

    /// The annotations it stands for (made on demand: a cluster may hold a million).
    public var memberAnnotations: [Annotation] { state.withLock { $0.membership }.members }

    /// One of the annotations it stands for, found without listing them all.
    var anyMember: Annotation? { state.withLock { $0.membership }.anyMember }

    /// The world rect around its members.
    public var memberBounds: Rect { state.withLock { $0.membership }.bounds }

    var membership: ClusterMembership { state.withLock { $0.membership } }

    /// Stands for `membership` from now on, and answers where the map shows
    /// it (`shownPoint(tolerance:)`), under one lock: a map does this for
    /// every cluster it shows in every frame of a busy feed.
    func update(to membership: ClusterMembership, tolerance: Double) -> Point {
        state.withLock { s in
            s = State(membership, previous: s)
            return Self.shownPoint(&s, tolerance: tolerance)
        }
    }

    /// Where the map last showed it, if it has.
    var lastShownPoint: Point? { state.withLock { $0.shown } }

    /// Where the map shows it: its members' centre, unless that is within
    /// `tolerance` (world units, each way) of where it was last shown. Under
    /// a busy feed a big cluster's centre creeps by a fraction of a pixel
    /// with nearly every epoch; redrawing it there would send every
    /// watching browser a change it cannot see.
    func shownPoint(tolerance: Double) -> Point {
        state.withLock { Self.shownPoint(&$0, tolerance: tolerance) }
    }

    private static func shownPoint(_ s: inout State, tolerance: Double) -> Point {
        if let shown = s.shown, abs(WorldWrap.delta(from: shown.x, to: s.center.x)) <= tolerance,
            abs(shown.y - s.center.y) <= tolerance
        {
            return shown
        }
        s.shown = s.center
        return s.center
    }
}

/// One clustering identifier of a map's shared source. A map makes one per
/// identifier and its clusters point to it: a cluster holding the source
/// itself would retain and release the store, an object every session's
/// thread shares, each time a layout touches it.
final class SharedClustering: Sendable {
    let source: any SharedAnnotationSource
    let id: SharedClusteringID

    init(source: any SharedAnnotationSource, id: SharedClusteringID) {
        self.source = source
        self.id = id
    }

    /// The clustering's index in the source's newest epoch.
    var newestIndex: SharedClusterIndex? { source.clusterSnapshot()?.index(of: id) }
}

/// Where a cluster's members are: cells of a map's own cluster index (with
/// its moves), or cells of a shared clustering. A cluster merged from
/// neighbouring cells (so that views do not overlap) has several.
///
/// A shared cluster names its cells by key and finds their members in the
/// source's newest epoch when asked: holding the epoch it was made from
/// would keep every idle map's old copy of the world alive.
enum ClusterMembership: Sendable {
    case session(index: ClusterIndex, cells: [ClusterCell])
    case shared(SharedClustering, cells: [ClusterIndex.Cell])
    /// A shared cluster of one cell, the common case, kept without an array.
    case sharedCell(SharedClustering, cell: ClusterIndex.Cell)

    /// How many members, and their mean world point.
    var summary: (count: Int, center: Point) {
        switch self {
        case let .session(_, cells): Self.summary(of: cells)
        case let .shared(_, cells): Self.summary(of: cells)
        case let .sharedCell(_, cell): (cell.count, cell.center)
        }
    }

    static func summary<Cell: ClusterCellSummary>(of cells: [Cell]) -> (count: Int, center: Point) {
        var sum = Point.zero
        var n = 0
        for c in cells {
            sum = sum + c.center * Double(c.count)
            n += c.count
        }
        return (n, n > 0 ? sum * (1 / Double(n)) : .zero)
    }

    var members: [Annotation] {
        switch self {
        case let .session(index, cells):
            return cells.flatMap { c in c.stayingPositions().map { index.sorted[$0] } + c.movedIn }
        case let .shared(clustering, cells):
            return Self.members(of: cells, in: clustering)
        case let .sharedCell(clustering, cell):
            return Self.members(of: [cell], in: clustering)
        }
    }

    var anyMember: Annotation? {
        switch self {
        case let .session(index, cells):
            for cell in cells {
                if let i = cell.stayingPositions().first { return index.sorted[i] }
                if let moved = cell.movedIn.first { return moved }
            }
            return nil
        case let .shared(clustering, cells):
            return Self.firstMember(of: cells, in: clustering)
        case let .sharedCell(clustering, cell):
            return Self.firstMember(of: [cell], in: clustering)
        }
    }

    /// The world rect around the members, the short way round: a cluster
    /// across 180° gives a rect across it, not one around the whole world.
    var bounds: Rect {
        var around = WorldWrap.Bounds()
        switch self {
        case let .session(index, cells):
            for cell in cells {
                for i in cell.stayingPositions() { around.add(index.point(at: i)) }
                for p in cell.movedInPoints { around.add(p) }
            }
        case let .shared(clustering, cells):
            Self.addPoints(of: cells, in: clustering, to: &around)
        case let .sharedCell(clustering, cell):
            Self.addPoints(of: [cell], in: clustering, to: &around)
        }
        return around.rect ?? .zero
    }

    /// The members of shared `cells`, found in the newest epoch.
    private static func members(of cells: [ClusterIndex.Cell], in clustering: SharedClustering) -> [Annotation] {
        guard let index = clustering.newestIndex else { return [] }
        return cells.flatMap { c in (index.range(ofCell: c.key) ?? 0..<0).compactMap { index.annotation(at: $0) } }
    }

    /// The first member of shared `cells` in the newest epoch.
    private static func firstMember(of cells: [ClusterIndex.Cell], in clustering: SharedClustering) -> Annotation? {
        guard let index = clustering.newestIndex else { return nil }
        for cell in cells {
            guard let range = index.range(ofCell: cell.key) else { continue }
            if let member = range.lazy.compactMap({ index.annotation(at: $0) }).first { return member }
        }
        return nil
    }

    /// Takes the points of the members of shared `cells` in the newest epoch into `around`.
    private static func addPoints(
        of cells: [ClusterIndex.Cell], in clustering: SharedClustering,
        to around: inout WorldWrap.Bounds
    ) {
        guard let index = clustering.newestIndex else { return }
        for cell in cells {
            guard let range = index.range(ofCell: cell.key), !range.isEmpty else { continue }
            for member in index.members(in: range) { around.add(member.point) }
        }
    }
}
