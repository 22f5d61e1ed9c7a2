import DisplayList
import InputEvents
import MapGeometry
import ViewKit

/// The view of one annotation on the map, as `MKAnnotationView`: an image (or
/// custom content) whose centre sits on the annotation's coordinate moved by
/// `centerOffset`. Views are recycled: the map hands a view that scrolled away
/// to `dequeueReusableAnnotationView` after `prepareForReuse()`.
open class AnnotationView: View, CursorProviding {
    /// How much room a view wants when views collide (MapKit's values).
    public struct DisplayPriority: Hashable, Comparable, Sendable {
        public var rawValue: Float
        public init(_ rawValue: Float) { self.rawValue = rawValue }
        public static let required = DisplayPriority(1000)
        public static let defaultHigh = DisplayPriority(750)
        public static let defaultLow = DisplayPriority(250)
        public static func < (a: DisplayPriority, b: DisplayPriority) -> Bool { a.rawValue < b.rawValue }
    }

    /// The annotation shown; set by the map when the view is (re)used.
    public internal(set) var annotation: Annotation?
    public let reuseIdentifier: String?
    /// The image drawn in the view's bounds; setting it sizes the view.
    public var image: ImageResource? {
        didSet {
            if let image { frame.size = Size(width: Double(image.width), height: Double(image.height)) }
        }
    }
    /// Offset of the view's centre from the coordinate's point, CSS px (a pin's tip: `-height/2`).
    public var centerOffset: Point = .zero
    /// Offset of the callout's arrow tip from the top centre of the view.
    public var calloutOffset: Point = .zero
    public var canShowCallout = false
    public var isEnabled = true
    /// True while a press on the view is down and has not turned into a pan.
    public internal(set) var isHighlighted = false
    public internal(set) var isSelected = false
    public var displayPriority: DisplayPriority = .required
    /// The shape that counts when views collide (see CollisionResolver.swift).
    public var collisionMode: CollisionMode = .rectangle
    /// Whether press-and-hold (or dragging it while selected) moves the annotation.
    public var isDraggable = false
    /// Where a drag of this view is; the map sets it (MapView+Dragging.swift).
    public internal(set) var dragState: DragState = .none
    /// Higher draws in front; selected views use `selectedZPriority`.
    public var zPriority: Float = 500
    public var selectedZPriority: Float = 1000
    /// Left, right and detail views of the standard callout.
    public var leftCalloutAccessoryView: View?
    public var rightCalloutAccessoryView: View?
    public var detailCalloutAccessoryView: View?

    public required init(annotation: Annotation?, reuseIdentifier: String?) {
        self.annotation = annotation
        self.reuseIdentifier = reuseIdentifier
        super.init()
        accessibilityRole = .button
    }

    public var cursor: Cursor? { isEnabled ? .pointer : nil }

    /// Called before the map hands this view out again: reset per-annotation state.
    open func prepareForReuse() {
        isSelected = false
        alpha = 1
    }

    /// Called just before the view is shown for `annotation` (new or reused).
    open func prepareForDisplay() {}

    /// A drag state change; the map calls this, apps may override to animate the lift and drop.
    open func setDragState(_ newState: DragState, animated: Bool) {
        dragState = newState
    }

    /// Selection change; the map calls this, apps may override to restyle.
    open func setSelected(_ selected: Bool, animated: Bool) {
        isSelected = selected
        accessibilityFlags = selected ? [.selected] : []
    }

    public override var itemKind: ItemKind { image != nil ? .image : super.itemKind }

    open override func itemProperties() -> ItemProperties {
        var p = super.itemProperties()
        if let image { p.image = image.id }
        return p
    }

    open override func willRenderContent(into context: inout RenderContext) {
        if let image { context.use(image) }
    }

    /// How far outside its frame this kind of view draws at least, px (a
    /// marker's title and grown balloon); its subviews' extent counts too.
    open var minimumHitReach: Double { 0 }

    /// How far the view's subtree reaches outside its frame, px, as of the
    /// last render: the map's hit test skips views farther than this from the
    /// point without converting into each one's coordinates.
    public internal(set) var hitReach: Double = 0

    /// Places the view on its annotation: anchored at the coordinate's world
    /// point, centred there plus `centerOffset`.
    func place(at world: Point) {
        worldAnchor = world
        frame.origin = Point(x: (-frame.width / 2 + centerOffset.x).rounded(),
                             y: (-frame.height / 2 + centerOffset.y).rounded())
        let label = annotation?.title ?? "Pin"
        if accessibilityLabel != label { accessibilityLabel = label }
    }

    /// Where the standard callout's arrow tip goes, in the view's coordinates.
    public var calloutAnchorPoint: Point {
        Point(x: frame.width / 2 + calloutOffset.x, y: calloutOffset.y)
    }

    // Taps on a pin are the map's business (it selects), as with MKMapView's recognisers.
    open override func pointerDown(_ event: PointerEvent, at location: Point) -> Bool { false }

    /// Enter on a focused pin, or activation from the mirror, selects it as a tap does.
    open override func activate() -> Bool { activateForSelection() }
}
