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
        /// The priority as a number, 0...1000: higher keeps its place.
        public var rawValue: Float
        /// A priority between the named ones.
        public init(_ rawValue: Float) { self.rawValue = rawValue }
        /// Always shows, whatever it overlaps (the default, as in MapKit).
        public static let required = DisplayPriority(1000)
        /// Gives way only to required views and higher priorities.
        public static let defaultHigh = DisplayPriority(750)
        /// Gives way to most views: background detail.
        public static let defaultLow = DisplayPriority(250)
        /// Orders priorities by `rawValue`.
        public static func < (a: DisplayPriority, b: DisplayPriority) -> Bool { a.rawValue < b.rawValue }
    }

    /// The annotation shown; the map sets it when the view is (re)used, and an
    /// app may set it too (a view it makes and hands back from the delegate).
    public var annotation: Annotation? { didSet { invalidateRender() } }
    /// The kind of view for `dequeueReusableAnnotationView(withIdentifier:for:)`; nil views are not reused.
    public let reuseIdentifier: String?
    /// The image drawn in the view's bounds; setting it sizes the view.
    public var image: ImageResource? {
        didSet {
            if let image { frame.size = Size(width: Double(image.width), height: Double(image.height)) }
            invalidateRender()
        }
    }
    /// Offset of the view's centre from the coordinate's point, CSS px (a pin's tip: `-height/2`).
    public var centerOffset: Point = .zero
    /// Offset of the callout's arrow tip from the top centre of the view.
    public var calloutOffset: Point {
        get { calloutSettings?.calloutOffset ?? .zero }
        set { settingsForCallout.calloutOffset = newValue }
    }
    /// Offset of the left accessory from its place in the standard callout.
    public var leftCalloutOffset: Point {
        get { calloutSettings?.leftCalloutOffset ?? .zero }
        set { settingsForCallout.leftCalloutOffset = newValue }
    }
    /// Offset of the right accessory from its place in the standard callout.
    public var rightCalloutOffset: Point {
        get { calloutSettings?.rightCalloutOffset ?? .zero }
        set { settingsForCallout.rightCalloutOffset = newValue }
    }
    /// Whether selecting it opens the standard callout (when its annotation has a title).
    public var canShowCallout = false
    /// Which ways the standard callout's arrow may point (SMCalloutView's
    /// `permittedArrowDirection`). By default down, the map scrolling to make
    /// room above the pin as MKMapView does, and up only where no scroll can
    /// (`preferDown`); `any` flips instead of scrolling, as SMCalloutView can.
    public var calloutPermittedArrowDirection: CalloutPlacement.PermittedArrowDirection {
        get { calloutSettings?.calloutPermittedArrowDirection ?? .preferDown }
        set { settingsForCallout.calloutPermittedArrowDirection = newValue }
    }
    /// How the standard callout appears: the bounce by default (SMCalloutView's `presentAnimation`).
    public var calloutPresentAnimation: CalloutAnimation {
        get { calloutSettings?.calloutPresentAnimation ?? .bounce }
        set { settingsForCallout.calloutPresentAnimation = newValue }
    }
    /// How the standard callout goes: a fade by default (SMCalloutView's `dismissAnimation`).
    public var calloutDismissAnimation: CalloutAnimation {
        get { calloutSettings?.calloutDismissAnimation ?? .fade }
        set { settingsForCallout.calloutDismissAnimation = newValue }
    }
    /// A disabled view cannot be selected by a tap or the keyboard.
    public var isEnabled = true
    /// True while a press on the view is down and has not turned into a pan;
    /// an app may set it to show the pressed look.
    public var isHighlighted = false
    /// True while its annotation is the map's selected one. Setting it calls
    /// `setSelected(_:animated:)` without animation, as in MapKit; it restyles
    /// the view only (`MapView.selectAnnotation` selects on the map).
    public var isSelected: Bool {
        get { selectedState }
        set { setSelected(newValue, animated: false) }
    }
    private var selectedState = false
    /// How readily it hides when it overlaps other views (see `collisionMode`).
    public var displayPriority: DisplayPriority = .required { didSet { collisionRoleChanged() } }
    /// The shape that counts when views collide (see CollisionResolver.swift).
    public var collisionMode: CollisionMode = .rectangle { didSet { collisionRoleChanged() } }
    /// Whether press-and-hold (or dragging it while selected) moves the annotation.
    public var isDraggable = false
    /// Where a drag of this view is; the map sets it (MapView+Dragging.swift).
    public internal(set) var dragState: DragState = .none
    // The map's bookkeeping, declared here to share the padding of the small fields around (8 bytes a view).
    /// Whether its map's clustering shows it: a pan keeps it only while the clusters near the viewport do.
    var isShownByClustering = false
    /// Higher draws in front; selected views use `selectedZPriority`.
    public var zPriority: Float = 500
    /// The last layout pass of its map that wanted this view (`MapView.layoutPass`).
    var layoutPass: UInt32 = 0
    /// Its place among its layer's children in the render held (`AnnotationRenderCache`); stale once it left.
    var renderPosition: Int32 = 0
    /// The z priority while selected: in front of everything by default.
    public var selectedZPriority: Float = 1000
    /// Shown on the left of the standard callout (an image, a button); a
    /// `Control` here runs its own `onTap`, then tells the delegate's
    /// `mapView(_:annotationView:calloutAccessoryControlTapped:)`.
    public var leftCalloutAccessoryView: View? {
        get { calloutSettings?.leftCalloutAccessoryView }
        set { settingsForCallout.leftCalloutAccessoryView = newValue }
    }
    /// Shown on the right of the standard callout (usually a
    /// `DetailDisclosureButton`); a `Control` here runs its own `onTap`,
    /// then tells the delegate's `mapView(_:annotationView:calloutAccessoryControlTapped:)`.
    public var rightCalloutAccessoryView: View? {
        get { calloutSettings?.rightCalloutAccessoryView }
        set { settingsForCallout.rightCalloutAccessoryView = newValue }
    }
    /// Shown under the callout's title instead of the subtitle (SMCalloutView's
    /// `subtitleView`). Controls inside it work through their own `onTap`, by
    /// click and by keyboard; the delegate is not told, as in MapKit, where
    /// `calloutAccessoryControlTapped` is only for the left and right accessories.
    public var detailCalloutAccessoryView: View? {
        get { calloutSettings?.detailCalloutAccessoryView }
        set { settingsForCallout.detailCalloutAccessoryView = newValue }
    }
    /// Shown in the callout instead of the title (SMCalloutView's `titleView`);
    /// sized by its frame. The callout is still named by the annotation's title.
    public var calloutTitleView: View? {
        get { calloutSettings?.calloutTitleView }
        set { settingsForCallout.calloutTitleView = newValue }
    }

    /// The callout's configuration, made when first set: most views on a
    /// busy map (a screen of clusters) never have a callout, and would each
    /// carry some eighty bytes of it.
    private var calloutSettings: CalloutSettings?

    private var settingsForCallout: CalloutSettings {
        if let calloutSettings { return calloutSettings }
        let made = CalloutSettings()
        calloutSettings = made
        return made
    }

    /// A view for `annotation`, reusable under `reuseIdentifier`; register the
    /// class with the map and get instances from `dequeueReusableAnnotationView`.
    public required init(annotation: Annotation?, reuseIdentifier: String?) {
        self.annotation = annotation
        self.reuseIdentifier = reuseIdentifier
        super.init()
        accessibilityRole = .button
    }

    /// The hand over an enabled view.
    public var cursor: Cursor? { isEnabled ? .pointer : nil }

    /// Called when the map takes this view from its reuse queue, before it
    /// is handed out again: reset per-annotation state.
    open func prepareForReuse() {
        setSelected(false, animated: false)
        isHighlighted = false
        alpha = 1
    }

    /// Called just before the view is shown for `annotation` (new or reused).
    open func prepareForDisplay() {}

    /// While selected: the map resized, what covers it changed, or this view
    /// moved. A view that shows its own callout (a card) re-places it here,
    /// with `mapView.calloutPlacement(for:size:bubble:permitted:horizontal:scrollsToFit:)`,
    /// scrolling with `mapView.scrollToFitCallout` by the placement's pan. The map
    /// re-places the standard callout itself.
    open func layoutCustomCallout(in mapView: MapView, scrollsToFit: Bool) {}

    /// A drag state change; the map calls this, apps may override to animate the lift and drop.
    open func setDragState(_ newState: DragState, animated: Bool) {
        dragState = newState
    }

    /// Selection change; the map calls this, apps may override to restyle.
    open func setSelected(_ selected: Bool, animated: Bool) {
        selectedState = selected
        accessibilityFlags = selected ? [.selected] : []
    }

    /// Drawn as an image item when it has an `image`.
    public override var itemKind: ItemKind { image != nil ? .image : super.itemKind }

    /// The view's properties with its image.
    open override func itemProperties() -> ItemProperties {
        var p = super.itemProperties()
        if let image { p.image = image.id }
        return p
    }

    /// Declares the image so the browser has it before it paints.
    open override func willRenderContent(into context: inout RenderContext) {
        if let image { context.use(image) }
    }

    /// Called before each render while the annotation layer holds the view's
    /// last render: a view that shows state it is not told of (a marker
    /// showing its annotation's title) checks it here and, when it changed,
    /// changes a drawn property, which lets the held render go.
    func refreshHeldRender(fonts: FontBook) {}

    /// Whether `refreshHeldRender(fonts:)` does anything for this view now:
    /// the layer visits only those, not every badge of a watching map.
    var refreshesHeldRender: Bool { false }

    /// How far outside its frame this kind of view draws at least, px (a
    /// marker's title and grown balloon); its subviews' extent counts too.
    open var minimumHitReach: Double { 0 }

    /// How far the view's subtree reaches outside its frame, px, as of the
    /// last render: the map's hit test skips views farther than this from the
    /// point without converting into each one's coordinates.
    package internal(set) var hitReach: Double = 0

    /// Tells the annotation layer holding the view that what it counts of
    /// its views' collisions (`AnnotationContainerView.contestingViews`) no
    /// longer holds.
    final func collisionRoleChanged() {
        (superview as? AnnotationContainerView)?.contestingViews = nil
    }

    /// The map that last showed this view: a member's view off the map
    /// (its cluster stands in for it) still answers `cluster` from it.
    weak var lastMap: MapView?

    /// Places the view on its annotation: anchored at the coordinate's world
    /// point, centred there plus `centerOffset`.
    func place(at world: Point) {
        // Set only what changed: every layout places every view, and setting a value lets a held render go.
        if worldAnchor != world { worldAnchor = world }
        let origin = Point(
            x: (-frame.width / 2 + centerOffset.x).rounded(),
            y: (-frame.height / 2 + centerOffset.y).rounded())
        if frame.origin != origin { frame.origin = origin }
        nameInMirror(title: annotation?.title)
    }

    /// Names the view in the accessibility mirror after its annotation's title.
    func nameInMirror(title: String?) {
        let label = title ?? "Pin"
        if accessibilityLabel != label { accessibilityLabel = label }
    }

    /// Where the standard callout's arrow tip goes, in the view's coordinates.
    public var calloutAnchorPoint: Point {
        Point(x: frame.width / 2 + calloutOffset.x, y: calloutOffset.y)
    }

    /// What the view draws, in its own coordinates: its bounds by default. A
    /// view that draws outside them (a marker's title under its balloon)
    /// includes that: a standard callout hanging below the view (arrow up)
    /// hangs from its bottom rather than over it, a scroll to fit a callout
    /// keeps all of it on screen, and `showAnnotations` keeps it clear of the edges.
    open var drawnFrame: Rect { bounds }

    /// Declines: taps on a pin are the map's business (it selects), as with MKMapView's recognisers.
    open override func pointerDown(_ event: PointerEvent, at location: Point) -> Bool { false }

    /// Enter on a focused pin, or activation from the mirror, selects it as a tap does.
    open override func activate() -> Bool { activateForSelection() }
}

/// What `AnnotationView` keeps about its callout, apart from the view.
private final class CalloutSettings {
    var calloutOffset = Point.zero
    var leftCalloutOffset = Point.zero
    var rightCalloutOffset = Point.zero
    var calloutPermittedArrowDirection = CalloutPlacement.PermittedArrowDirection.preferDown
    var calloutPresentAnimation = CalloutAnimation.bounce
    var calloutDismissAnimation = CalloutAnimation.fade
    var leftCalloutAccessoryView: View?
    var rightCalloutAccessoryView: View?
    var detailCalloutAccessoryView: View?
    var calloutTitleView: View?
}
