import MapGeometry

/// An annotation whose coordinate the map may change: what dragging needs
/// (`MKAnnotation`'s settable `coordinate`).
public protocol DraggableAnnotation: Annotation {
    /// Set by the map as the pin is dragged, and back on Escape.
    var coordinate: Coordinate { get set }
    /// Whether the map's default view for it may be dragged (an app's own
    /// views set `AnnotationView.isDraggable` themselves, as in MapKit).
    var isDraggable: Bool { get }
}

extension PointAnnotation: DraggableAnnotation {}

/// Where a drag of an annotation view is (`MKAnnotationView.DragState`).
public enum DragState: Sendable, Equatable {
    /// Not being dragged.
    case none
    /// Lifted by press-and-hold (or a drag of the selected view); moves next.
    case starting
    /// Following the pointer.
    case dragging
    /// Escape: going back to where it was.
    case canceling
    /// Released: dropped where the pointer let go.
    case ending
}

/// What the map remembers about one drag, from the press that may start it
/// to the drop. Kept apart from the map's code so the states read as steps.
struct AnnotationDragState {
    /// The view under the press, if it is draggable, before it lifts.
    weak var view: AnnotationView?
    var pointerID: UInt32 = 0
    var pressLocation: Point = .zero
    /// Pointer minus the annotation's screen point, kept while dragging so the view doesn't jump.
    var grabOffset: Point = .zero
    var lastLocation: Point = .zero
    /// Where the annotation was before the drag, for Escape.
    var originalCoordinate: Coordinate?
    var isLifted = false
    /// Screen-edge pan speed while the pointer is near an edge, px/s.
    var edgeVelocity: Point = .zero
    var lastEdgeTick: Double?

    /// Press-and-hold time that lifts an unselected draggable view, s (MapKit's 0.5).
    static let holdDuration = 0.5
    /// Within this distance of an edge the map pans under a dragged view, px.
    static let edgeZone = 40.0
    /// Pan speed at the very edge, px/s.
    static let edgeSpeed = 600.0
    /// A lifted view is drawn this much larger, from its bottom centre.
    static let liftScale = 1.15
}
