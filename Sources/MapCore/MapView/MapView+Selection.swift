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
        guard
            index.contains(key) || isClusteredMember(key) || showsShared(key, annotation)
                || isGatheredBySource(annotation)
        else { return }
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
        let view = liveViews[AnnotationKey(current)]
        if let callout {
            // Focus inside the closing callout goes back to its pin, as a sheet gives it back to what opened it.
            if let window, let focused = window.focusedView, focused.isDescendant(of: callout) { window.focus(view) }
            unwireAccessoryActions(of: callout)
            callout.dismiss(animator: window?.animator, animated: animated)
            self.callout = nil
        }
        if let view {
            view.setSelected(false, animated: animated)
            delegate?.mapView(self, didDeselect: view)
        }
        forgetOverlayCallout(current)
    }

    /// The open standard callout, if any.
    public var calloutView: CalloutView? { callout }

    /// Re-reads title and subtitle of the open callout (MKAnnotationCalloutInfoDidChange).
    public func annotationCalloutInfoDidChange(_ annotation: Annotation) {
        guard let callout, let view = callout.annotationView, view.annotation === annotation else { return }
        unwireAccessoryActions(of: callout)
        callout.update(from: view)
        wireAccessoryActions(of: view, in: callout)
        placeCallout(callout, for: view, panIfNeeded: false)
    }

    /// The open callout follows its annotation's title and subtitle, as MapKit
    /// observes them: checked once a frame, two string comparisons.
    func refreshCalloutInfo() {
        guard let callout, let annotation = callout.annotationView?.annotation else { return }
        if callout.titleLabel.text != (annotation.title ?? "")
            || callout.subtitleLabel.text != (annotation.subtitle ?? "")
        {
            annotationCalloutInfoDidChange(annotation)
        }
    }

    func showCallout(for view: AnnotationView, animated: Bool) {
        let callout = CalloutView(for: view, fonts: fonts)
        callout.apply(chromeColors)
        wireAccessoryControls(of: view, in: callout)
        calloutContainer.addSubview(callout)
        self.callout = callout
        let delay = placeCallout(callout, for: view, panIfNeeded: true, animated: animated)
        if animated, let window { callout.present(animator: window.animator, after: delay) }
        // Opened from the keyboard (the pin had focus): focus goes into the callout, so its controls
        // come next in the Tab order rather than after every other pin. The browser is told once it shows.
        if let window, window.focusedView === view { window.focus(callout) }
    }

    private func wireAccessoryControls(of view: AnnotationView, in callout: CalloutView) {
        callout.shouldHighlight = { [weak self, weak view] in
            guard let self, let view else { return false }
            return self.delegate?.mapView(self, calloutShouldHighlightFor: view) ?? false
        }
        callout.onClick = { [weak self, weak view] in
            guard let self, let view else { return }
            self.delegate?.mapView(self, calloutClickedFor: view)
        }
        wireAccessoryActions(of: view, in: callout)
    }

    /// The left and right accessories tell the delegate when tapped, after
    /// their own `onTap`, as MapKit adds itself as one more target of the
    /// control. Controls inside the detail view keep only their own actions
    /// (MapKit's rule: `calloutAccessoryControlTapped` is for the sides).
    func wireAccessoryActions(of view: AnnotationView, in callout: CalloutView) {
        for accessory in [callout.leftAccessory, callout.rightAccessory] {
            guard let control = accessory as? Control else { continue }
            control.containerAction = { [weak self, weak view, weak control] in
                guard let self, let view, let control else { return }
                self.observer.calloutControlTapped?(view, control)
                self.delegate?.mapView(self, annotationView: view, calloutAccessoryControlTapped: control)
            }
        }
    }

    /// A closed callout's accessories stop telling the delegate: the app may
    /// show the same controls elsewhere.
    func unwireAccessoryActions(of callout: CalloutView) {
        for accessory in [callout.leftAccessory, callout.rightAccessory] {
            (accessory as? Control)?.containerAction = nil
        }
    }

    /// Sizes and places the callout clear of what covers the map; scrolls the
    /// map just enough when it cannot fit, unless the user is dragging. Returns
    /// how long that scroll takes (zero when there is none).
    @discardableResult
    func placeCallout(
        _ callout: CalloutView, for view: AnnotationView, panIfNeeded: Bool,
        animated: Bool = true
    ) -> Double {
        guard let anchorWorld = view.worldAnchor else { return 0 }
        let size = callout.layoutContent(mapWidth: calloutArea.width)
        guard
            let placement = calloutPlacement(
                for: view, size: size, bubble: callout.bubble,
                permitted: callout.permittedArrowDirection, horizontal: .preferMiddle,
                scrollsToFit: panIfNeeded)
        else { return 0 }
        callout.apply(placement, anchorScreen: screenPoint(forWorld: anchorWorld), anchorWorld: anchorWorld)
        calloutFit.placedFor = currentCalloutFitKey()
        return scrollToFitCallout(by: placement.pan, animated: animated)
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
        } else {
            // Annotations win over overlays; a tap on an overlay deselects as one on the bare map does.
            if let current = selected { deselectAnnotation(current, animated: true) }
            _ = tapOverlay(at: location)
        }
    }
}
