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
    var constrained: Rect
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
        set { calloutFit.insets = newValue; calloutFit.placedFor = nil }
    }

    /// How long the map scrolls to fit a callout, seconds; the callout pops
    /// once the scroll ends (SMCalloutView's `delayForRepositionWithSize`).
    public var calloutScrollDuration: Double {
        get { calloutFit.scrollDuration }
        set { calloutFit.scrollDuration = max(0, newValue) }
    }

    /// The part of the map a callout (and the pin it points at) may use: the
    /// bounds less `calloutInsets`, less each view floating over the map (an
    /// app's toolbar, the zoom buttons, the attribution), each taking the edge
    /// it is nearest to.
    public var calloutConstrainedRect: Rect {
        let covering = overlayFrames(excluding: controls) + controls.coveredRects
        return CalloutPlacement.constrainedRect(bounds: bounds, insets: calloutFit.insets, covering: covering)
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
        return CalloutFitKey(mapSize: frame.size, constrained: calloutConstrainedRect, anchor: view.worldAnchor,
                             viewFrame: view.frame)
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
        let areaChanged = old.mapSize != key.mapSize || old.constrained != key.constrained
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
