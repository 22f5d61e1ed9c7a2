import MapGeometry

/// Annotations that share a clustering identifier and are too close to show
/// apart at the current zoom, standing in for them as one annotation
/// (`MKClusterAnnotation`). Its title says how many it holds ("37 places"),
/// which is also what screen readers hear.
public final class ClusterAnnotation: Annotation {
    /// The identifier its members share.
    public let clusteringIdentifier: String
    /// The members' mean position.
    public let coordinate: Coordinate
    /// How many annotations it stands for.
    public let count: Int
    /// "N places": what its view and screen readers say.
    public let title: String?
    /// Always nil: the count in the title says it all.
    public let subtitle: String?
    let index: ClusterIndex
    let cell: ClusterCell

    init(clusteringIdentifier: String, index: ClusterIndex, cell: ClusterCell) {
        self.clusteringIdentifier = clusteringIdentifier
        self.index = index
        self.cell = cell
        count = cell.count
        coordinate = Mercator.unproject(cell.center)
        title = "\(cell.count) places"
        subtitle = nil
    }

    /// The annotations it stands for (made on demand: a cluster may hold a million).
    public var memberAnnotations: [Annotation] {
        cell.stayingPositions().map { index.sorted[$0] } + cell.movedIn
    }

    /// The world rect around its members.
    public var memberBounds: Rect {
        var rect: Rect?
        func add(_ p: Point) {
            let r = Rect(origin: p, size: .zero)
            rect = rect.map { $0.union(r) } ?? r
        }
        if cell.movedOut.isEmpty, !cell.range.isEmpty {
            add(index.bounds(of: cell.range).origin)
            let b = index.bounds(of: cell.range)
            add(Point(x: b.maxX, y: b.maxY))
        } else {
            for i in cell.stayingPositions() { add(index.point(at: i)) }
        }
        for p in cell.movedInPoints { add(p) }
        return rect ?? .zero
    }
}
