import MapCore
import MapGeometry
import Synchronization

/// An annotation added through the API or by the demo feed, as
/// `MKPointAnnotation`: its coordinate changes live, the rest is fixed when
/// it is added.
public final class LiveAnnotation: ClusterableAnnotation {
    public let id: String
    public let kind: String
    public let title: String?
    public let subtitle: String?
    public let isDraggable: Bool
    /// Pins with the same identifier gather into clusters on every map, as
    /// the wishlist people do.
    public let clusteringIdentifier: String?
    private let location: Mutex<Coordinate>

    public init(id: String, kind: String = "point", title: String?, subtitle: String? = nil,
                coordinate: Coordinate, isDraggable: Bool = false, clusteringIdentifier: String? = nil) {
        self.id = id
        self.kind = kind
        self.title = title
        self.subtitle = subtitle
        self.isDraggable = isDraggable
        self.clusteringIdentifier = clusteringIdentifier
        location = Mutex(coordinate)
    }

    public var coordinate: Coordinate {
        get { location.withLock { $0 } }
        set { location.withLock { $0 = newValue } }
    }
}

// A pin added with `draggable: true` can be dragged in any browser; the drop is shared through `World.move`.
extension LiveAnnotation: DraggableAnnotation {}
