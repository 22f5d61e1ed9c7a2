import DisplayList
import InputEvents
import MapGeometry
import ViewKit

/// A map with annotations, as `MKMapView`: a camera over the base map,
/// annotation views made for what is near the screen and recycled through
/// reuse queues, one selection with its callout, and the gestures that move
/// the camera. It lives in a session's window and is driven by its events.
open class MapView: View, CursorProviding {
    /// Makes the annotation views and hears about selection, callouts, drags
    /// and camera changes. Held weakly, as in MapKit.
    public weak var delegate: MapViewDelegate?
    /// The UI fonts the map's own views use (marker titles, callouts); the
    /// fonts an app's views should use too.
    public let fonts: FontBook
    /// The image of the default annotation view, used when the delegate gives none (not for a `StyledAnnotation`).
    public var defaultPinImage: ImageResource?
    /// Called when the camera settles (after a gesture or animation), for the URL.
    package var cameraDidSettle: ((Camera) -> Void)?
    /// The session's own view of selection and callout taps, beside the app's
    /// delegate (MapObservation.swift).
    package var observer = MapObservation()

    /// Where the map looks. Setting it moves the map at once. It is kept
    /// to what the map's size can show (`Camera.constrained(to:)`): zoomed
    /// in far enough that the world fills the map from top to bottom, and
    /// never past the poles. East and west it pans without limit; the world
    /// repeats.
    public var camera: Camera {
        didSet { camera = camera.constrained(to: frame.size) }
    }

    /// Fraction of the viewport kept as a margin around it where views stay alive.
    package var reuseMargin = 0.15

    /// The most pins of the shared world without a clustering identifier
    /// (API pins) the map shows one by one, a view each, near its viewport
    /// (the viewport and the reuse margin around it). Beyond, it gathers them
    /// into clusters (`ClusterAnnotation.unclusteredIdentifier`) per 128 px
    /// cell, and shows them one by one again once three quarters of it or
    /// fewer lie near. Each view costs a session a few kilobytes and its
    /// first frame a few hundred bytes.
    public var unclusteredPinLimit = 200 {
        didSet { needsAnnotationLayout = true }
    }

    /// What the map draws under its annotations; nil: nothing (whatever is behind the map shows).
    package let baseMap: BaseMap?
    /// The map's tiles: land, water, borders and streets, under the overlays (MapView+Streets.swift).
    let streetLayer = StreetLayerView()
    /// The style's background under the tiles, painted once for the screen when the tiles leave it to
    /// the map (`StreetTileSource.ground(zoom:)`), rather than once under each tile.
    package let groundView = View()
    /// The overlays over the tiles' land, water and roads, under their names (MapView+Overlays.swift).
    let overlaysAboveRoads = OverlayLayerView()
    /// The tiles' names: places, roads, water, over the overlays above roads.
    let streetLabels: StreetLabelView
    /// The overlays over the place names, under the annotation views.
    let overlaysAboveLabels = OverlayLayerView()
    /// The level of each overlay on the map: whether one is on it is a lookup, so adding thousands costs no search each.
    var overlayLevels: [ObjectIdentifier: OverlayLevel] = [:]
    /// Overlays or their renderers changed since the last render: no patch of the annotation views alone then.
    var overlaysChangedSinceRender = false
    let annotationContainer: View = AnnotationContainerView()
    let calloutContainer = View()
    /// The zoom buttons, scale bar, attribution and keyboard shortcuts over
    /// the map (MapControls.swift); all hidden until `controls.options` shows them.
    public let controls: MapControls
    /// The map's own annotations (`addAnnotations`); shared ones are in `shared`.
    var index = AnnotationIndex()
    /// The shared source and what this map keeps about it (MapView+SharedAnnotations.swift).
    var shared = SharedAnnotationsState()
    var liveViews: [AnnotationKey: AnnotationView] = [:]
    /// Views the page is gliding to a new anchor, by view: where the page
    /// draws them meanwhile, so a click lands on the pin it sees.
    var anchorGlides: [ObjectIdentifier: AnchorGlide] = [:]
    var registrations: [String: AnnotationView.Type] = [:]
    var reuseQueue = ReuseQueue()
    var selected: Annotation?
    var selectedKey: AnnotationKey? { selected.map(AnnotationKey.init) }
    var callout: CalloutView?
    /// The app's choice of light or dark for this map (MapView+InterfaceStyle.swift).
    public var overrideUserInterfaceStyle = UserInterfaceStyle.unspecified
    /// The look the map's controls and callouts have now.
    public internal(set) var userInterfaceStyle = UserInterfaceStyle.light
    /// Insets and what the open callout was placed for (MapView+CalloutFit.swift).
    var calloutFit = CalloutFitState()
    var gestures = GestureState()
    /// Where an animated `setCamera` is heading, while it runs (MapView+Camera.swift).
    var cameraAnimation: (target: Camera, handle: Animator.Handle)?
    /// The world rect views were last made for, and whether something forces a new pass.
    var laidOutRect: Rect?
    /// Counts layout passes, to mark the views each one still wants (`AnnotationView.layoutPass`).
    var layoutPass: UInt32 = 0
    /// What the index and the shared source showed in `laidOutRect`, kept
    /// while only the shared clusters change around an unmoved camera: a
    /// watcher of a busy feed lays out every epoch, and asking the source
    /// again would take the store's lock against the feed.
    var keptUnclustered: [(annotation: Annotation, point: Point)]?
    var needsAnnotationLayout = true {
        didSet {
            if needsAnnotationLayout {
                laidOutRect = nil
                keptUnclustered = nil
                offscreenMovesDeferredAt = nil
            }
        }
    }
    /// The visible rect when moves out of sight were left for a later layout
    /// (MapView+OffscreenMoves.swift): the camera leaving it lays out anew.
    var offscreenMovesDeferredAt: Rect?
    /// The camera and size of the last render (MapView+EpochPatch.swift).
    var rendered: (camera: Camera, size: Size)?
    /// What the last collision pass saw (MapView+Collisions.swift); equal means nothing to redo.
    var collisionSignature: Int?
    /// The views glided since the last render or patch, each with the anchor it had then, or nil once
    /// too many did (MapView+GlidePatch.swift).
    var glidedSinceRender: [(view: AnnotationView, from: Point)]? = []
    /// How far from its anchor any view's shape, title and drawing reached at the last collision pass
    /// and the last city-name check (MapView+GlidePatch.swift).
    var collisionReach: Rect?
    var drawnReach: Rect?
    /// The tiles the attribution last credited (MapView+Streets.swift).
    var creditedTiles: [StreetTile]?
    /// Collision passes skipped for glides that met nothing, since the start (tests count them).
    package internal(set) var collisionPassesSkipped = 0
    /// Clustering groups and live clusters (MapView+Clustering.swift).
    final var clustering = ClusteringState()
    /// The annotation drag under way, if any (MapView+Dragging.swift).
    var annotationDrag = AnnotationDragState()
    /// Called each time a drag moves an annotation (and when Escape puts it
    /// back), so an app can share the move with other maps.
    package var annotationDragDidMove: ((Annotation, Coordinate) -> Void)?
    /// The annotation view under a press, highlighted until release (MapView+Dragging.swift).
    weak var pressedAnnotationView: AnnotationView?

    /// A map at `frame` looking through `camera`, drawing `baseMap` under
    /// its annotations (nil: no base map; whatever is behind the map shows).
    public init(frame: Rect, fonts: FontBook, baseMap: BaseMap?, camera: Camera) {
        self.fonts = fonts
        self.camera = camera.constrained(to: frame.size)
        self.baseMap = baseMap
        streetLabels = StreetLabelView(typeface: fonts.regular)
        controls = MapControls(fonts: fonts)
        super.init(frame: frame)
        streetLayer.source = baseMap?.tiles
        groundView.isUserInteractionEnabled = false
        addSubview(groundView)
        addSubview(streetLayer)
        addSubview(overlaysAboveRoads)
        addSubview(streetLabels)
        streetLabels.streets = streetLayer
        addSubview(overlaysAboveLabels)
        addSubview(annotationContainer)
        addSubview(calloutContainer)
        addSubview(controls)
        registrations[Self.defaultIdentifier] = MarkerAnnotationView.self
        registrations[Self.styledMarkerIdentifier] = MarkerAnnotationView.self
    }

    /// The open hand over the map, closed while it is dragged.
    public var cursor: Cursor? { gestures.isDragging ? .grabbing : .grab }

    // MARK: Coordinates

    /// The map's point of a world point, in the copy of the world nearest
    /// the camera's centre: where annotations, clusters and callouts show.
    public func screenPoint(forWorld p: Point) -> Point {
        camera.screenPoint(
            forWorld: Point(x: WorldWrap.nearest(p.x, to: camera.center.x), y: p.y),
            viewport: frame.size)
    }

    /// The map's point of a coordinate, in the copy of the world nearest the camera's centre.
    public func convert(_ coordinate: Coordinate) -> Point {
        screenPoint(forWorld: Mercator.project(coordinate))
    }

    /// The coordinate under a point of the map (its longitude in -180...180).
    public func convert(_ point: Point) -> Coordinate {
        Mercator.unproject(camera.worldPoint(forScreen: point, viewport: frame.size))
    }

    // MARK: Annotations

    /// What the map shows: its own annotations, clustered or not, and those of
    /// its shared source it does not hide.
    public var annotations: [Annotation] { index.all + clusteredMembers + shownSharedAnnotations }

    /// Adds one annotation to the map (see `addAnnotations(_:)`).
    public func addAnnotation(_ annotation: Annotation) { addAnnotations([annotation]) }

    /// Adds annotations to the map. One its shared source holds costs the map
    /// nothing (it shows from the source) unless the delegate clusters it; one
    /// removed from this map before shows again.
    public func addAnnotations(_ annotations: [Annotation]) {
        for a in annotations {
            let isShared = unhideShared(a)
            if addToClusterGroup(a) {
                if !isShared, shared.source?.point(of: a) == nil { shared.ownClustered.insert(AnnotationKey(a)) }
                continue
            }
            if isShared { continue }
            index.insert(a)
        }
        needsAnnotationLayout = true
    }

    /// Removes one annotation from the map (see `removeAnnotations(_:)`).
    public func removeAnnotation(_ annotation: Annotation) { removeAnnotations([annotation]) }

    /// Removes annotations from the map; a shared one stays hidden on this map
    /// while its source holds it.
    public func removeAnnotations(_ annotations: [Annotation]) {
        removeAnnotations(annotations, hidingShared: true)
    }

    func removeAnnotations(_ annotations: [Annotation], hidingShared: Bool) {
        for a in annotations {
            let key = AnnotationKey(a)
            if selectedKey == key { deselectAnnotation(a, animated: false) }
            if !removeFromClusterGroup(key) { index.remove(key) }
            shared.ownClustered.remove(key)
            forgetShared(a, hide: hidingShared)
            if let view = liveViews.removeValue(forKey: key) { retire(view) }
        }
        needsAnnotationLayout = true
    }

    /// Tells the map an annotation moved: its view and any open callout follow.
    public func annotationDidMove(_ annotation: Annotation) {
        let key = AnnotationKey(annotation)
        if clusteredAnnotationDidMove(annotation) { return }
        guard index.contains(key) else {
            sharedAnnotationDidMove(annotation)
            return
        }
        index.update(annotation)
        needsAnnotationLayout = true
    }

    /// The view showing `annotation`, if it has one now.
    public func view(for annotation: Annotation) -> AnnotationView? {
        liveViews[AnnotationKey(annotation)]
    }

    /// Counts of the reuse queue (created, reused, live, queued).
    package var reuseCounts: ReuseQueue.Counts { reuseQueue.counts }

    // MARK: Reuse

    /// Registers the class `dequeueReusableAnnotationView(withIdentifier:for:)` creates for `identifier`.
    /// Registering for `defaultAnnotationViewReuseIdentifier` replaces the default view, with or without a
    /// `defaultPinImage`.
    public func register(_ viewClass: AnnotationView.Type, forAnnotationViewWithReuseIdentifier identifier: String) {
        registrations[identifier] = viewClass
        if identifier == Self.defaultIdentifier { registrations[Self.defaultPinIdentifier] = viewClass }
    }

    /// A recycled view for `identifier` now showing `annotation`, or a new one
    /// of the registered class.
    public func dequeueReusableAnnotationView(withIdentifier identifier: String, for annotation: Annotation)
        -> AnnotationView
    {
        if let view = dequeueReusableAnnotationView(withIdentifier: identifier) {
            view.annotation = annotation
            return view
        }
        let type = registrations[identifier] ?? AnnotationView.self
        reuseQueue.noteCreated()
        return type.init(annotation: annotation, reuseIdentifier: identifier)
    }

    /// A recycled view for `identifier`, or nil.
    public func dequeueReusableAnnotationView(withIdentifier identifier: String) -> AnnotationView? {
        reuseQueue.dequeue(identifier)
    }

    static let defaultIdentifier = defaultAnnotationViewReuseIdentifier
    static let defaultPinIdentifier = "mapwire.default.pin"

    func makeView(for annotation: Annotation) -> AnnotationView {
        if annotation is OverlayCalloutPoint {
            return OverlayCalloutAnchorView(annotation: annotation, reuseIdentifier: nil)
        }
        if let view = delegate?.mapView(self, viewFor: annotation) {
            view.annotation = annotation
            return view
        }
        if let cluster = annotation as? ClusterAnnotation { return defaultClusterView(for: cluster) }
        let view: AnnotationView
        if let styled = annotation as? StyledAnnotation {
            view = makeStyledMarker(for: styled)
        } else if let pin = defaultPinImage {
            view = dequeueReusableAnnotationView(withIdentifier: Self.defaultPinIdentifier, for: annotation)
            if view.image == nil {
                view.image = pin
                view.centerOffset = Point(x: 0, y: -Double(pin.height) / 2)
                view.canShowCallout = true
            }
        } else {
            // Without a pin image the default view is a marker, as in MapKit since iOS 11.
            view = dequeueReusableAnnotationView(withIdentifier: Self.defaultIdentifier, for: annotation)
        }
        view.isDraggable = (annotation as? DraggableAnnotation)?.isDraggable ?? false
        return view
    }

    // MARK: Rendering

    /// Lets go of what the map keeps only to make its next frames cheaper:
    /// the shared layouts it follows epochs from, its annotation views'
    /// last render and what its controls were placed for. A session that
    /// rests (a tab left open) calls it; its next frame lays out and draws
    /// every view afresh.
    package func rest() {
        clustering.sharedLayouts = [:]
        (annotationContainer as? AnnotationContainerView)?.forgetHeldRenders()
        overlaysAboveRoads.forgetRender()
        overlaysAboveLabels.forgetRender()
        streetLayer.forgetRender()
        streetLabels.forgetRender()
        creditedTiles = nil
        controls.forgetPlacement()
    }

    /// Before drawing, steps the gestures' momentum and lays the map out for
    /// the current camera: annotation views, clusters, collisions, the callout.
    open override func renderSubviews(into context: inout RenderContext) {
        fitCameraToSize()
        tickGestures()
        for layer in [overlaysAboveRoads, overlaysAboveLabels] {
            layer.camera = camera
            layer.frame = bounds
        }
        streetLayer.camera = camera
        streetLayer.frame = bounds
        groundView.frame = bounds
        let ground = streets?.ground(zoom: camera.zoom) ?? .clear
        if groundView.backgroundColor != ground { groundView.backgroundColor = ground }
        updateStreetAttributions()
        noteClusterLevel()
        layoutAnnotationViews()
        spreadCoincidentMembers()
        resolveCollisions()
        refreshCalloutInfo()
        refitCalloutIfNeeded()
        keepControlsOnTop()
        streetLabels.camera = camera
        streetLabels.frame = bounds
        streetLabels.obstacles = cityLabelObstacles()
        super.renderSubviews(into: &context)
        refitCalloutAfterRender()
        rendered = (camera, frame.size)
        glidedSinceRender = []
        overlaysChangedSinceRender = false
    }

    // MARK: Events (the gestures are in MapView+Gestures.swift)

    /// Starts a pan, pinch or tap, or arms a drag of a draggable pin under the press.
    open override func pointerDown(_ event: PointerEvent, at location: Point) -> Bool {
        armAnnotationDrag(event, at: location)
        return handlePointerDown(event, at: location)
    }
    /// Pans or pinches the camera, or moves a dragged pin.
    open override func pointerMoved(_ event: PointerEvent, at location: Point) {
        if annotationDragMoved(event, at: location) { return }
        handlePointerMoved(event, at: location)
    }
    /// Ends the gesture: a flick glides on, a tap selects or deselects, a
    /// double tap zooms in, a dragged pin drops.
    open override func pointerUp(_ event: PointerEvent, at location: Point) {
        unhighlightPressedView()
        if annotationDragEnded(event, at: location) { return }
        handlePointerUp(event, at: location)
    }
    /// Abandons the gesture and any drag of a pin.
    open override func pointerCancelled(_ event: PointerEvent) {
        unhighlightPressedView()
        cancelAnnotationDrag()
        handlePointerCancelled(event)
    }
    /// Zooms around the pointer (a wheel or a trackpad pinch); a sideways scroll pans.
    open override func wheel(_ event: WheelEvent, at location: Point) -> Bool {
        handleWheel(event, at: location)
    }
    /// Arrows pan, + and - zoom, Escape cancels a drag or deselects, `?`
    /// opens the keyboard shortcuts (and Escape closes them first).
    open override func key(_ event: KeyEvent) -> Bool {
        if controls.handleKey(event) { return true }
        if event.key == "Escape", cancelAnnotationDrag() { return true }
        return handleKey(event)
    }

    /// Tab visits the pins near the screen, the callout and the app's
    /// overlays, never the base map.
    open override func visibleSubviewsForFocus() -> [View] {
        // Pins, the callout, then any overlay an app adds (a toolbar); never the base map.
        subviews.filter {
            $0 !== groundView && !($0 is OverlayLayerView) && !($0 is StreetLayerView) && !($0 is StreetLabelView)
        }
    }
}
