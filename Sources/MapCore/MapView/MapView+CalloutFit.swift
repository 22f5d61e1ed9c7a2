import MapGeometry
import ViewKit

/// What the map keeps to fit its callouts: the app's insets, how long a
/// scroll to fit takes, and what the open callout was last placed for.
struct CalloutFitState {
    var insets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    var scrollDuration = 1.0 / 3.0
    /// What the selected view's callout was placed for; a change re-places it.
    var placedFor: CalloutFitKey?
}

/// Everything a callout's placement depends on besides the camera's centre
/// (a pan moves callout and pin together, so it changes nothing).
struct CalloutFitKey: Equatable {
    var mapSize: Size
    var area: Rect
    var obstacles: [Rect]
    var anchor: Point?
    var viewFrame: Rect
}

extension MapView {
    /// Room the map keeps free of callouts along each edge, as SMCalloutView's
    /// `constrainedInsets` (a bar the app draws over the map's top, say).
    /// Views the app adds over the map and the map's own controls are kept
    /// clear of as well, without being counted here.
    public var calloutInsets: EdgeInsets {
        get { calloutFit.insets }
        set {
            calloutFit.insets = newValue
            calloutFit.placedFor = nil
        }
    }

    /// How long the map scrolls to fit a callout, seconds; the callout pops
    /// once the scroll ends (SMCalloutView's `delayForRepositionWithSize`).
    public var calloutScrollDuration: Double {
        get { calloutFit.scrollDuration }
        set { calloutFit.scrollDuration = max(0, newValue) }
    }

    /// The part of the map clear of everything over it: the bounds less
    /// `calloutInsets`, less each view floating over the map (an app's
    /// toolbar, the zoom buttons, the attribution), each taking the edge it
    /// is nearest to. `showAnnotations` frames annotations inside it.
    /// Callouts use more of the map: they keep clear only of the views they
    /// would be under (`calloutPlacement(for:size:bubble:permitted:horizontal:scrollsToFit:)`).
    public var calloutConstrainedRect: Rect {
        CalloutPlacement.constrainedRect(bounds: bounds, insets: calloutFit.insets, covering: calloutObstacles)
    }

    /// The bounds less `calloutInsets`: where callouts may go.
    var calloutArea: Rect {
        CalloutPlacement.constrainedRect(bounds: bounds, insets: calloutFit.insets, covering: [])
    }

    /// What floats over the map, in its coordinates: the views an app added
    /// over it (a toolbar) and the map's own controls. A callout, and the pin
    /// it points at, keep clear of those they would be under.
    public var calloutObstacles: [Rect] {
        overlayFrames(excluding: controls) + controls.coveredRects
    }

    /// Where a callout of `size`, on a bubble shaped as `bubble`, goes to
    /// point at `view`, as the standard callout is placed: inside the bounds
    /// less `calloutInsets`, clear of the views over the map it would be
    /// under, the arrow as `permitted` allows. Scroll by its `pan` with
    /// `scrollToFitCallout(by:animated:)`, which is zero when `scrollsToFit`
    /// is false or the user is dragging the map or a pin. Nil for a view
    /// that is not on the map. Apps placing their own cards
    /// (`AnnotationView.layoutCustomCallout(in:scrollsToFit:)`) call it.
    public func calloutPlacement(
        for view: AnnotationView, size: Size, bubble: BubbleView,
        permitted: CalloutPlacement.PermittedArrowDirection = .preferDown,
        horizontal: CalloutPlacement.HorizontalPolicy = .centredOnTarget,
        scrollsToFit: Bool = true
    ) -> CalloutPlacement? {
        guard let anchorWorld = view.worldAnchor else { return nil }
        let viewOrigin = screenPoint(forWorld: anchorWorld) + view.frame.origin
        return CalloutPlacement.place(
            target: view.drawnFrame.offsetBy(dx: viewOrigin.x, dy: viewOrigin.y),
            tip: viewOrigin + view.calloutAnchorPoint, size: size, arrowHeight: bubble.arrowHeight,
            arrowHalfWidth: bubble.arrowWidth / 2, cornerRadius: bubble.cornerRadius, in: calloutArea,
            avoiding: calloutObstacles, permitted: permitted, horizontal: horizontal,
            permitsPan: scrollsToFit && !gestures.isDragging && !isDraggingAnnotation, panLimits: panLimits)
    }

    /// The pans (screen px) the map can make before its centre reaches the world's edge.
    var panLimits: Rect {
        let k = camera.pixelsPerUnit, side = Mercator.worldSize * k
        return Rect(x: camera.center.x * k - side, y: camera.center.y * k - side, width: side, height: side)
    }

    /// Scrolls the map by `offset` (screen px) so a callout fits, telling the
    /// delegate first; returns how long the scroll takes, the delay before
    /// the callout should pop. Apps placing their own cards call it with
    /// `CalloutPlacement.pan`.
    @discardableResult
    public func scrollToFitCallout(by offset: Point, animated: Bool = true) -> Double {
        guard offset != .zero else { return 0 }
        let duration = animated && window != nil ? calloutFit.scrollDuration : 0
        delegate?.mapView(self, calloutWillScrollMapBy: offset, duration: duration)
        setCamera(camera.panned(byScreen: offset), animated: duration > 0, duration: duration)
        return duration
    }

    /// What the selected view's callout depends on now, or nil when nothing is selected.
    func currentCalloutFitKey() -> CalloutFitKey? {
        guard let key = selectedKey, let view = liveViews[key] else { return nil }
        return CalloutFitKey(
            mapSize: frame.size, area: calloutArea, obstacles: calloutObstacles,
            anchor: view.worldAnchor, viewFrame: view.frame)
    }

    /// Re-places the open callout (or the selected view's own card) when the
    /// map resized, what covers it changed, or the pin moved: scrolling to
    /// fit on a resize, never while the user drags the map or the pin.
    func refitCalloutIfNeeded() {
        guard let key = currentCalloutFitKey(), let view = liveViews[selectedKey!] else {
            calloutFit.placedFor = nil
            return
        }
        guard let old = calloutFit.placedFor, old != key else {
            calloutFit.placedFor = key
            return
        }
        calloutFit.placedFor = key
        let areaChanged = old.mapSize != key.mapSize || old.area != key.area || old.obstacles != key.obstacles
        let scroll = areaChanged && !gestures.isDragging && !isDraggingAnnotation
        if let callout, callout.annotationView === view {
            placeCallout(callout, for: view, panIfNeeded: scroll)
        }
        view.layoutCustomCallout(in: self, scrollsToFit: scroll)
    }

    /// After drawing: views over the map lay themselves out as they draw, so
    /// what covers it may only now be known; if that moved the constrained
    /// rect, re-place and ask for one more frame.
    func refitCalloutAfterRender() {
        guard let placed = calloutFit.placedFor, let key = currentCalloutFitKey(), placed != key else { return }
        refitCalloutIfNeeded()
        window?.animator.animate(key: "map.callout.refit", duration: 1.0 / 60, update: { _ in })
    }
}
