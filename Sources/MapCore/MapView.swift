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

    /// Where the map looks. Setting it moves the map at once.
    public var camera: Camera {
        didSet { camera = camera.clampedToWorld() }
    }

    /// Fraction of the viewport kept as a margin around it where views stay alive.
    package var reuseMargin = 0.15

    let baseMapView: BaseMapView?
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
    var registrations: [String: AnnotationView.Type] = [:]
    var reuseQueue = ReuseQueue()
    var selected: Annotation?
    var selectedKey: AnnotationKey? { selected.map(AnnotationKey.init) }
    var callout: CalloutView?
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
            }
        }
    }
    /// The camera and size of the last render (MapView+EpochPatch.swift).
    var rendered: (camera: Camera, size: Size)?
    /// What the last collision pass saw (MapView+Collisions.swift); equal means nothing to redo.
    var collisionSignature: Int?
    /// Clustering groups and live clusters (MapView+Clustering.swift).
    var clustering = ClusteringState()
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
        self.camera = camera
        baseMapView = baseMap.map { BaseMapView(baseMap: $0, typeface: fonts.regular) }
        controls = MapControls(fonts: fonts, baseMapAttributions: baseMap?.attributions ?? [])
        super.init(frame: frame)
        if let baseMapView { addSubview(baseMapView) }
        addSubview(annotationContainer)
        addSubview(calloutContainer)
        addSubview(controls)
        registrations[Self.defaultIdentifier] = MarkerAnnotationView.self
        registrations[Self.styledMarkerIdentifier] = MarkerAnnotationView.self
    }

    /// The open hand over the map, closed while it is dragged.
    public var cursor: Cursor? { gestures.isDragging ? .grabbing : .grab }

    // MARK: Coordinates

    /// The map's point of a world point.
    public func screenPoint(forWorld p: Point) -> Point {
        camera.screenPoint(forWorld: p, viewport: frame.size)
    }

    /// The map's point of a coordinate.
    public func convert(_ coordinate: Coordinate) -> Point {
        screenPoint(forWorld: Mercator.project(coordinate))
    }

    /// The coordinate under a point of the map.
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
    public func dequeueReusableAnnotationView(withIdentifier identifier: String, for annotation: Annotation) -> AnnotationView {
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

    func retire(_ view: AnnotationView) {
        view.removeFromSuperview()
        reuseQueue.enqueue(view)
    }

    /// Brings the live views in line with what is near the viewport: new
    /// annotations get views (recycled when possible), far ones give theirs
    /// back, everyone is placed on its coordinate and sorted by z.
    package func layoutAnnotationViews() {
        let visible = camera.visibleWorldRect(viewport: frame.size)
        // A pan inside the margin changes nothing here: views are anchored to
        // the world, so skip the query until the viewport nears the edge of
        // what was laid out (half the margin) or something else changed.
        let slack = visible.insetBy(dx: -visible.width * reuseMargin / 2, dy: -visible.height * reuseMargin / 2)
        if !needsAnnotationLayout, let last = laidOutRect, last.width < visible.width * (1 + 2 * reuseMargin) * 1.01,
           last.contains(slack), !sharedClustersChanged || followSharedClustersInPlace(in: last) {
            return
        }
        let near = visible.insetBy(dx: -visible.width * reuseMargin, dy: -visible.height * reuseMargin)
        let wanted: [(annotation: Annotation, point: Point)]
        if !needsAnnotationLayout, laidOutRect == near, shared.displaced.isEmpty, let kept = keptUnclustered {
            wanted = kept
        } else {
            wanted = index.entries(in: near) + sharedAnnotations(in: near)
            keptUnclustered = wanted
        }
        needsAnnotationLayout = false
        laidOutRect = near
        // Kept apart from `wanted`, which `keptUnclustered` shares: appending would copy every entry.
        let clustered = clusteredAnnotations(in: near)
        deselectIfAbsorbed(byAnyOf: wanted)
        deselectIfAbsorbed(byAnyOf: clustered)
        // Views still wanted are marked with this pass; the others (but the selected one's) are retired first,
        // so the new ones reuse them. A mark a view, where sets of keys hashed every view three times.
        layoutPass &+= 1
        let pass = layoutPass
        for list in [wanted, clustered] {
            for entry in list { liveViews[AnnotationKey(entry.annotation)]?.layoutPass = pass }
        }
        if let selectedKey { liveViews[selectedKey]?.layoutPass = pass }
        var leaving: [AnnotationKey] = []
        for (key, view) in liveViews where view.layoutPass != pass { leaving.append(key) }
        if !leaving.isEmpty {
            annotationContainer.removeSubviews { unsafeDowncast($0, to: AnnotationView.self).layoutPass != pass }
        }
        for key in leaving {
            if let view = liveViews.removeValue(forKey: key) { retire(view) }
        }
        for list in [wanted, clustered] {
            for (annotation, point) in list { showView(for: annotation, at: point) }
        }
        // The selected view stays alive off screen, as its callout may still show.
        if let selected, let key = selectedKey, liveViews[key] == nil {
            showView(for: selected, at: displayedPoint(of: selected) ?? Mercator.project(selected.coordinate))
        }
        sortAnnotationViews()
        if let callout, let view = callout.annotationView, let anchor = view.worldAnchor {
            callout.worldAnchor = anchor
        }
    }

    /// Places `annotation`'s live view at `point`, making (or reusing) one if it has none.
    private func showView(for annotation: Annotation, at point: Point) {
        let key = AnnotationKey(annotation)
        let view: AnnotationView
        if let live = liveViews[key] {
            view = live
        } else {
            view = makeView(for: annotation)
            liveViews[key] = view
            reuseQueue.noteLive()
            view.prepareForDisplay()
            annotationContainer.addSubview(view)
        }
        view.place(at: point)
    }

    /// Where a pin paints among the others: by z-priority, then from the top
    /// of the map down (a pin lower on screen covers the one behind it).
    struct PaintOrder {
        var z: Float
        var y: Double
        var id: UInt32

        init(_ view: AnnotationView) {
            z = view.isSelected ? view.selectedZPriority : view.zPriority
            y = view.worldAnchor?.y ?? 0
            id = view.id
        }

        func precedes(_ other: PaintOrder) -> Bool {
            if z != other.z { return z < other.z }
            return y != other.y ? y < other.y : id < other.id
        }
    }

    /// Puts the annotation views in paint order. Each frame re-sorts them and
    /// they are nearly always in order already, so that is checked first:
    /// one comparison a view. Views that joined the layer come last: only
    /// they are sorted, then merged into the run before them.
    func sortAnnotationViews() {
        let views = annotationContainer.subviews
        var keys: [PaintOrder] = []
        keys.reserveCapacity(views.count)
        // The annotation layer holds annotation views only (it refuses anything else).
        for view in views { keys.append(PaintOrder(unsafeDowncast(view, to: AnnotationView.self))) }
        var sorted = 1
        while sorted < keys.count, !keys[sorted].precedes(keys[sorted - 1]) { sorted += 1 }
        guard sorted < keys.count else { return }
        // Ids are unique, so no two keys tie and the order is total.
        let rest = (sorted..<keys.count).sorted { keys[$0].precedes(keys[$1]) }
        var order: [Int] = []
        order.reserveCapacity(keys.count)
        var i = 0, j = 0
        while i < sorted || j < rest.count {
            if j == rest.count || (i < sorted && keys[i].precedes(keys[rest[j]])) {
                order.append(i)
                i += 1
            } else {
                order.append(rest[j])
                j += 1
            }
        }
        annotationContainer.reorderSubviews(order)
    }

    // MARK: Rendering

    /// Lets go of what the map keeps only to make its next frames cheaper:
    /// the shared layouts it follows epochs from and its annotation views'
    /// last render. A session that rests (a tab left open) calls it; its
    /// next frame lays out and draws every view afresh.
    package func rest() {
        clustering.sharedLayouts = [:]
        (annotationContainer as? AnnotationContainerView)?.forgetHeldRenders()
    }

    /// Before drawing, steps the gestures' momentum and lays the map out for
    /// the current camera: annotation views, clusters, collisions, the callout.
    open override func renderSubviews(into context: inout RenderContext) {
        tickGestures()
        baseMapView?.camera = camera
        baseMapView?.viewport = frame.size
        baseMapView?.frame = bounds
        noteClusterLevel()
        layoutAnnotationViews()
        spreadCoincidentMembers()
        resolveCollisions()
        refreshCalloutInfo()
        refitCalloutIfNeeded()
        keepControlsOnTop()
        super.renderSubviews(into: &context)
        refitCalloutAfterRender()
        rendered = (camera, frame.size)
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
        subviews.filter { $0 !== baseMapView }
    }
}
