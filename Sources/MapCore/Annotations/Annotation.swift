import MapGeometry
import Synchronization

/// Data for a point on the map, as `MKAnnotation`: where it is and what the
/// callout says. Annotations are shared by every session's map, so they are
/// Sendable; a moving one guards its coordinate.
public protocol Annotation: AnyObject, Sendable {
    /// Where it is; after it changes, tell the map with `annotationDidMove(_:)`.
    var coordinate: Coordinate { get }
    /// Required for a callout to show, as in MapKit.
    var title: String? { get }
    /// The callout's second line; markers show it under the title while selected.
    var subtitle: String? { get }
}

/// A plain annotation whose coordinate, title and subtitle can change, as
/// `MKPointAnnotation`.
public final class PointAnnotation: Annotation {
    private struct State {
        var coordinate: Coordinate
        var title: String?
        var subtitle: String?
    }
    private let state: Mutex<State>
    /// Whether the default view for it may be dragged.
    public let isDraggable: Bool

    /// An annotation at `coordinate`; `isDraggable` lets the map's default view be dragged.
    public init(coordinate: Coordinate, title: String? = nil, subtitle: String? = nil, isDraggable: Bool = false) {
        state = Mutex(State(coordinate: coordinate, title: title, subtitle: subtitle))
        self.isDraggable = isDraggable
    }

    /// Where it is; safe to set from any thread (tell each map with `annotationDidMove(_:)`).
    public var coordinate: Coordinate {
        get { state.withLock { $0.coordinate } }
        set { state.withLock { $0.coordinate = newValue } }
    }
    /// The callout's title; an open callout follows a change within a frame.
    public var title: String? {
        get { state.withLock { $0.title } }
        set { state.withLock { $0.title = newValue } }
    }
    /// The callout's second line; an open callout follows a change within a frame.
    public var subtitle: String? {
        get { state.withLock { $0.subtitle } }
        set { state.withLock { $0.subtitle = newValue } }
    }
}

/// An annotation that names the cluster group it joins. MapKit puts this on
/// the view (`MKAnnotationView.clusteringIdentifier`); here the delegate
/// decides (`mapView(_:clusteringIdentifierFor:)`) so a million annotations
/// cluster without a view each, and its default answer is this one.
public protocol ClusterableAnnotation: Annotation {
    /// Annotations with the same identifier may be gathered into one cluster; nil never clusters.
    var clusteringIdentifier: String? { get }
}

/// Identity of an annotation object, for dictionaries and sets.
package typealias AnnotationKey = ObjectIdentifier
