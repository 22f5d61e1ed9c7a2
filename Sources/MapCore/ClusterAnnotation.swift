import MapGeometry

/// Annotations that share a clustering identifier and are too close to show
/// apart at the current zoom, standing in for them as one annotation
/// (`MKClusterAnnotation`). Its title says how many it holds ("37 places"),
/// which is also what screen readers hear.
public final class ClusterAnnotation: Annotation {
    public let clusteringIdentifier: String
    public let coordinate: Coordinate
    /// How many annotations it stands for.
    public let count: Int
    public let title: String?
    public let subtitle: String?
    let index: ClusterIndex
    let cell: ClusterIndex.Cell

    init(clusteringIdentifier: String, index: ClusterIndex, cell: ClusterIndex.Cell) {
        self.clusteringIdentifier = clusteringIdentifier
        self.index = index
        self.cell = cell
        count = cell.count
        coordinate = Mercator.unproject(cell.center)
        title = "\(cell.count) places"
        subtitle = nil
    }

    /// The annotations it stands for (made on demand: a cluster may hold a million).
    public var memberAnnotations: [Annotation] { Array(index.sorted[cell.range]) }

    /// The world rect around its members.
    public var memberBounds: Rect { index.bounds(of: cell.range) }
}
