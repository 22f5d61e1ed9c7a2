import MapGeometry
import ViewKit

extension MapView {
    /// The selected annotations (at most one, as MapKit's default).
    public var selectedAnnotations: [Annotation] { selected.map { [$0] } ?? [] }

    /// Selects `annotation`, deselecting any other; its view rises above the
    /// rest, and its callout opens when the view can show one and the
    /// annotation has a title (as MapKit requires).
    public func selectAnnotation(_ annotation: Annotation, animated: Bool) {
        if selected === annotation { return }
        if let current = selected { deselectAnnotation(current, animated: animated) }
        let key = AnnotationKey(annotation)
        guard index.contains(key) || isClusteredMember(key) || showsShared(key, annotation) else { return }
        selected = annotation
        observer.didSelect?(annotation)
        needsAnnotationLayout = true
        layoutAnnotationViews()
        guard let view = liveViews[AnnotationKey(annotation)] else { return }
        view.setSelected(true, animated: animated)
        needsAnnotationLayout = true // the selected view rises above the rest
        if view.canShowCallout, let title = annotation.title, !title.isEmpty {
            showCallout(for: view, animated: animated)
        }
        delegate?.mapView(self, didSelect: view)
    }

    /// Deselects `annotation` and closes its callout.
    public func deselectAnnotation(_ annotation: Annotation?, animated: Bool) {
        guard let current = selected, annotation == nil || annotation === current else { return }
        selected = nil
        observer.didDeselect?(current)
        needsAnnotationLayout = true
        if let callout {
            callout.dismiss(animator: window?.animator, animated: animated)
            self.callout = nil
        }
        if let view = liveViews[AnnotationKey(current)] {
            view.setSelected(false, animated: animated)
            delegate?.mapView(self, didDeselect: view)
        }
    }

    /// The open standard callout, if any.
    public var calloutView: CalloutView? { callout }

    /// Re-reads title and subtitle of the open callout (MKAnnotationCalloutInfoDidChange).
    public func annotationCalloutInfoDidChange(_ annotation: Annotation) {
        guard let callout, let view = callout.annotationView, view.annotation === annotation else { return }
        callout.update(from: view)
        placeCallout(callout, for: view, panIfNeeded: false)
    }

    /// The open callout follows its annotation's title and subtitle, as MapKit
    /// observes them: checked once a frame, two string comparisons.
    func refreshCalloutInfo() {
        guard let callout, let annotation = callout.annotationView?.annotation else { return }
        if callout.titleLabel.text != (annotation.title ?? "") || callout.subtitleLabel.text != (annotation.subtitle ?? "") {
            annotationCalloutInfoDidChange(annotation)
        }
    }

    func showCallout(for view: AnnotationView, animated: Bool) {
        let callout = CalloutView(for: view, fonts: fonts)
        wireAccessoryControls(of: view, in: callout)
        calloutContainer.addSubview(callout)
        self.callout = callout
        placeCallout(callout, for: view, panIfNeeded: true)
        if animated, let window { callout.present(animator: window.animator) }
    }

    private func wireAccessoryControls(of view: AnnotationView, in callout: CalloutView) {
        for accessory in [view.leftCalloutAccessoryView, view.rightCalloutAccessoryView] {
            guard let control = accessory as? Control else { continue }
            control.onTap = { [weak self, weak view, weak control] in
                guard let self, let view, let control else { return }
                self.observer.calloutControlTapped?(view, control)
                self.delegate?.mapView(self, annotationView: view, calloutAccessoryControlTapped: control)
            }
        }
    }

    /// Sizes and places the callout; pans the map just enough (animated 1/3 s)
    /// when it cannot fit, unless the user is dragging.
    func placeCallout(_ callout: CalloutView, for view: AnnotationView, panIfNeeded: Bool) {
        guard let anchorWorld = view.worldAnchor else { return }
        let size = callout.layoutContent(mapWidth: frame.width)
        let anchorScreen = screenPoint(forWorld: anchorWorld)
        let target = view.frame.offsetBy(dx: anchorScreen.x, dy: anchorScreen.y)
        let tip = Point(x: target.minX + view.calloutAnchorPoint.x, y: target.minY + view.calloutAnchorPoint.y)
        let placement = CalloutPlacement.place(
            target: target, tip: tip, size: size, arrowHeight: callout.bubble.arrowHeight,
            arrowHalfWidth: callout.bubble.arrowWidth / 2, cornerRadius: callout.bubble.cornerRadius,
            in: bounds, permitsPan: panIfNeeded && !gestures.isDragging)
        callout.apply(placement, anchorScreen: anchorScreen, anchorWorld: anchorWorld)
        if placement.pan != .zero {
            setCamera(camera.panned(byScreen: placement.pan), animated: true, duration: 1.0 / 3.0)
        }
    }

    /// The tap on the map at `location`: select the pin under it, keep the
    /// selected one, or deselect when it is empty map.
    func handleTap(at location: Point) {
        var hit = hitTest(location)
        while let v = hit, !(v is AnnotationView), v !== self { hit = v.superview }
        if let view = hit as? AnnotationView, view.isEnabled, let cluster = view.annotation as? ClusterAnnotation {
            showMembers(of: cluster, animated: true)
        } else if let view = hit as? AnnotationView, view.isEnabled, let annotation = view.annotation {
            selectAnnotation(annotation, animated: true)
        } else if let current = selected {
            deselectAnnotation(current, animated: true)
        }
    }
}
