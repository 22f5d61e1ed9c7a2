import InputEvents
import MapGeometry
import ViewKit

/// Dragging draggable annotation views: press-and-hold (0.5 s) lifts one,
/// or a drag that starts on the selected one; it follows the pointer, the
/// map pans while the pointer is near an edge, release drops it and Escape
/// puts it back. The delegate sees each `DragState` change in order.
extension MapView {
    /// A press: remember a draggable view under it and start the hold timer
    /// (a selected view lifts as soon as the pointer moves instead).
    func armAnnotationDrag(_ event: PointerEvent, at location: Point) {
        guard annotationDrag.view == nil, gestures.pointers.isEmpty else { return }
        var hit = hitTest(location)
        while let v = hit, !(v is AnnotationView), v !== self { hit = v.superview }
        if let view = hit as? AnnotationView, view.isEnabled {
            view.isHighlighted = true
            pressedAnnotationView = view
        }
        guard let view = hit as? AnnotationView, view.isDraggable, view.isEnabled,
            view.annotation is DraggableAnnotation
        else { return }
        annotationDrag = AnnotationDragState()
        annotationDrag.view = view
        annotationDrag.pointerID = event.pointerID
        annotationDrag.pressLocation = location
        annotationDrag.lastLocation = location
        guard !view.isSelected, let animator = window?.animator else { return }
        animator.animate(
            key: "map.dragHold", duration: AnnotationDragState.holdDuration, update: { _ in },
            completion: { [weak self] in self?.liftDraggedView() })
    }

    /// Lifts the armed view: `.starting`.
    private func liftDraggedView() {
        guard let view = annotationDrag.view, !annotationDrag.isLifted,
            let annotation = view.annotation as? DraggableAnnotation, let anchor = view.worldAnchor
        else { return }
        annotationDrag.isLifted = true
        annotationDrag.originalCoordinate = annotation.coordinate
        annotationDrag.grabOffset = annotationDrag.pressLocation - screenPoint(forWorld: anchor)
        // The press now belongs to the drag, not to a pan or a tap.
        gestures.pointers.removeAll()
        gestures.isDragging = false
        view.scaleOrigin = Point(x: view.frame.width / 2, y: view.frame.height)
        view.scale = AnnotationDragState.liftScale
        changeDragState(of: view, to: .starting)
    }

    private func changeDragState(of view: AnnotationView, to state: DragState) {
        let old = view.dragState
        guard old != state else { return }
        view.setDragState(state, animated: true)
        delegate?.mapView(self, annotationView: view, didChange: state, fromOldState: old)
    }

    /// Ends the pressed look of the view under a press (released, or the press became a pan).
    func unhighlightPressedView() {
        pressedAnnotationView?.isHighlighted = false
        pressedAnnotationView = nil
    }

    /// A move: follow the pointer with a lifted view; true when the drag took the event.
    func annotationDragMoved(_ event: PointerEvent, at location: Point) -> Bool {
        if let press = gestures.pointers[event.pointerID]?.start, press.distance(to: location) > GestureState.dragSlop {
            unhighlightPressedView()
        }
        guard let view = annotationDrag.view, event.pointerID == annotationDrag.pointerID else { return false }
        annotationDrag.lastLocation = location
        if !annotationDrag.isLifted {
            guard location.distance(to: annotationDrag.pressLocation) > GestureState.dragSlop else { return false }
            if view.isSelected {
                liftDraggedView()
            } else {
                // Moved before the hold fired: it is a pan after all.
                window?.animator.cancel(key: "map.dragHold")
                annotationDrag = AnnotationDragState()
                return false
            }
        }
        if view.dragState == .starting { changeDragState(of: view, to: .dragging) }
        moveDraggedAnnotation(to: location)
        updateEdgePan(at: location)
        return true
    }

    /// Puts the annotation under `location` (less the grab offset) and tells whoever listens.
    private func moveDraggedAnnotation(to location: Point) {
        guard let view = annotationDrag.view, let annotation = view.annotation as? DraggableAnnotation else { return }
        let world = camera.worldPoint(forScreen: location - annotationDrag.grabOffset, viewport: frame.size)
        let coordinate = Mercator.unproject(world)
        annotation.coordinate = coordinate
        annotationDidMove(annotation)
        annotationDragDidMove?(annotation, coordinate)
    }

    /// Near an edge the map pans on every tick, the view staying under the pointer.
    private func updateEdgePan(at location: Point) {
        let zone = AnnotationDragState.edgeZone, speed = AnnotationDragState.edgeSpeed
        func push(_ distanceToLow: Double, _ distanceToHigh: Double) -> Double {
            if distanceToLow < zone { return speed * (zone - max(distanceToLow, 0)) / zone }
            if distanceToHigh < zone { return -speed * (zone - max(distanceToHigh, 0)) / zone }
            return 0
        }
        let velocity = Point(
            x: push(location.x, frame.width - location.x), y: push(location.y, frame.height - location.y))
        annotationDrag.edgeVelocity = velocity
        guard velocity != .zero, let animator = window?.animator else {
            window?.animator.cancel(key: "map.dragEdge")
            return
        }
        guard annotationDrag.lastEdgeTick == nil else { return }
        annotationDrag.lastEdgeTick = animator.clock.now
        animator.animate(key: "map.dragEdge", duration: 3600, update: { [weak self] _ in self?.edgePanTick() })
    }

    private func edgePanTick() {
        guard annotationDrag.isLifted, annotationDrag.edgeVelocity != .zero, let clock = window?.clock,
            let last = annotationDrag.lastEdgeTick
        else { return }
        let dt = clock.now - last
        annotationDrag.lastEdgeTick = clock.now
        guard dt > 0 else { return }
        camera = camera.panned(byScreen: annotationDrag.edgeVelocity * dt)
        moveDraggedAnnotation(to: annotationDrag.lastLocation)
    }

    /// A release: drop a lifted view (`.ending`, then `.none`); true when the drag took the event.
    func annotationDragEnded(_ event: PointerEvent, at location: Point) -> Bool {
        guard let view = annotationDrag.view, event.pointerID == annotationDrag.pointerID else { return false }
        let lifted = annotationDrag.isLifted
        if lifted {
            moveDraggedAnnotation(to: location)
            finishDrag(view, through: .ending)
        } else {
            window?.animator.cancel(key: "map.dragHold")
            annotationDrag = AnnotationDragState()
        }
        return lifted
    }

    /// Escape or a lost pointer: a lifted view goes back (`.canceling`, then `.none`).
    @discardableResult
    func cancelAnnotationDrag() -> Bool {
        window?.animator.cancel(key: "map.dragHold")
        guard let view = annotationDrag.view, annotationDrag.isLifted else {
            annotationDrag = AnnotationDragState()
            return false
        }
        if let annotation = view.annotation as? DraggableAnnotation, let original = annotationDrag.originalCoordinate {
            annotation.coordinate = original
            annotationDidMove(annotation)
            annotationDragDidMove?(annotation, original)
        }
        finishDrag(view, through: .canceling)
        return true
    }

    private func finishDrag(_ view: AnnotationView, through state: DragState) {
        window?.animator.cancel(key: "map.dragEdge")
        annotationDrag = AnnotationDragState()
        view.scale = 1
        if view.dragState == .starting, state == .ending { changeDragState(of: view, to: .dragging) }
        changeDragState(of: view, to: state)
        changeDragState(of: view, to: .none)
    }

    /// True while a view is lifted.
    public var isDraggingAnnotation: Bool { annotationDrag.isLifted }
}
