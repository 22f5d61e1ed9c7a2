import Foundation
import InputEvents
import MapGeometry
import ViewKit

/// Drag to pan with inertia, pinch with two pointers or a trackpad, wheel zoom
/// around the pointer, double-tap zoom, taps that select, and the keyboard.
extension MapView {
    func handlePointerDown(_ event: PointerEvent, at location: Point) -> Bool {
        // Only the primary mouse button pans and taps; a few fingers at most count.
        if event.kind == .mouse && event.buttons & 1 == 0 { return false }
        guard gestures.pointers.count < 10 else { return false }
        stopCameraMotion()
        gestures.pointers[event.pointerID] = GestureState.Track(
            start: location, last: location,
            samples: [(location, event.time)])
        if gestures.pointers.count == 2 {
            let pts = gestures.pointers.values.map(\.last)
            gestures.pinch = (pts[0].distance(to: pts[1]), camera.zoom, midpoint(pts))
            beginRegionChange()
        }
        return true
    }

    func handlePointerMoved(_ event: PointerEvent, at location: Point) {
        guard var track = gestures.pointers[event.pointerID] else { return }
        let previous = track.last
        track.last = location
        track.samples.append((location, event.time))
        if track.samples.count > 20 { track.samples.removeFirst(track.samples.count - 20) }
        gestures.pointers[event.pointerID] = track
        if gestures.pointers.count >= 2, let pinch = gestures.pinch {
            let pts = gestures.pointers.values.prefix(2).map(\.last)
            let distance = max(pts[0].distance(to: pts[1]), 1)
            let mid = midpoint(pts)
            // The world point under the last midpoint follows the fingers to the new one.
            var c = camera.zoomed(
                to: pinch.zoom + log2(distance / max(pinch.distance, 1)), around: pinch.mid,
                viewport: frame.size)
            c = c.panned(byScreen: mid - pinch.mid)
            gestures.pinch!.mid = mid
            camera = c
            return
        }
        if !gestures.isDragging, track.start.distance(to: location) > GestureState.dragSlop {
            gestures.isDragging = true
            beginRegionChange()
        }
        if gestures.isDragging {
            camera = camera.panned(byScreen: location - previous)
        }
    }

    func handlePointerUp(_ event: PointerEvent, at location: Point) {
        guard let track = gestures.pointers.removeValue(forKey: event.pointerID) else { return }
        if gestures.pinch != nil {
            if gestures.pointers.isEmpty {
                gestures.pinch = nil
                gestures.isDragging = false
                endRegionChange(animated: false)
            } else {
                // One finger left: carry on as a drag from where it is.
                gestures.pinch = nil
                gestures.isDragging = true
            }
            return
        }
        if gestures.isDragging {
            gestures.isDragging = false
            startInertia(velocity: GestureState.velocity(track.samples, releasedAt: event.time))
            return
        }
        if let last = gestures.lastTap, event.time - last.time < GestureState.doubleTapInterval,
            last.point.distance(to: location) < GestureState.doubleTapDistance
        {
            gestures.lastTap = nil
            zoom(by: 1, around: location, animated: true)
            return
        }
        gestures.lastTap = (location, event.time)
        handleTap(at: location)
    }

    func handlePointerCancelled(_ event: PointerEvent) {
        gestures.pointers[event.pointerID] = nil
        if gestures.pointers.isEmpty {
            let wasMoving = gestures.isDragging || gestures.pinch != nil
            gestures.isDragging = false
            gestures.pinch = nil
            if wasMoving { endRegionChange(animated: false) }
        }
    }

    func handleWheel(_ event: WheelEvent, at location: Point) -> Bool {
        stopCameraMotion()
        // A trackpad pinch arrives as a wheel with Control and small deltas; a
        // mouse notch is about 100 px and zooms half a level.
        let dz = event.modifiers.contains(.control) ? -event.delta.y * 0.01 : max(-1, min(1, -event.delta.y / 200))
        if gestures.wheelSettlesAt == nil { beginRegionChange() }
        if dz != 0 {
            camera = camera.zoomed(to: camera.zoom + dz, around: location, viewport: frame.size)
        } else {
            camera = camera.panned(byScreen: Point(x: -event.delta.x, y: 0))
        }
        gestures.wheelSettlesAt = (window?.clock.now ?? 0) + 0.25
        keepTicking(until: 0.3, key: "map.wheel")
        return true
    }

    func handleKey(_ event: KeyEvent) -> Bool {
        let step = 100.0
        switch event.key {
        case "ArrowLeft": setCamera(camera.panned(byScreen: Point(x: step, y: 0)), animated: true)
        case "ArrowRight": setCamera(camera.panned(byScreen: Point(x: -step, y: 0)), animated: true)
        case "ArrowUp": setCamera(camera.panned(byScreen: Point(x: 0, y: step)), animated: true)
        case "ArrowDown": setCamera(camera.panned(byScreen: Point(x: 0, y: -step)), animated: true)
        case "+", "=": zoom(by: 1, around: bounds.center, animated: true)
        case "-", "_": zoom(by: -1, around: bounds.center, animated: true)
        case "Escape":
            guard let current = selected else { return false }
            deselectAnnotation(current, animated: true)
        default: return false
        }
        return true
    }

    /// Zooms by `levels` keeping the point under `location` fixed; animated,
    /// from where a running camera animation is heading (`targetCamera`), so
    /// pressing + twice quickly zooms in twice.
    public func zoom(by levels: Double, around location: Point, animated: Bool) {
        let from = animated ? targetCamera : camera
        setCamera(from.zoomed(to: from.zoom + levels, around: location, viewport: frame.size), animated: animated)
    }

    // MARK: Inertia and settling

    private func startInertia(velocity: Point) {
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        guard speed > GestureState.minInertiaSpeed, let animator = window?.animator else {
            endRegionChange(animated: false)
            return
        }
        let tau = GestureState.inertiaTimeConstant
        // Coast until the speed falls under 20 px/s.
        let duration = tau * log(speed / 20)
        let start = camera
        animator.animate(
            key: "map.camera", duration: duration,
            update: { [weak self] t in
                guard let self else { return }
                let elapsed = t * duration
                let travelled = velocity * (tau * (1 - exp(-elapsed / tau)))
                self.camera = start.panned(byScreen: travelled)
            },
            completion: { [weak self] in
                self?.endRegionChange(animated: true)
            })
    }

    /// Called each frame: a wheel gesture settles once it pauses.
    func tickGestures() {
        if let settle = gestures.wheelSettlesAt, let now = window?.clock.now, now >= settle {
            gestures.wheelSettlesAt = nil
            endRegionChange(animated: false)
        }
    }

    private func keepTicking(until seconds: Double, key: String) {
        window?.animator.animate(key: key, duration: seconds, update: { _ in })
    }

    func stopCameraMotion() {
        window?.animator.cancel(key: "map.camera")
    }

    func beginRegionChange() {
        delegate?.mapView(self, regionWillChangeAnimated: false)
    }

    func endRegionChange(animated: Bool) {
        (annotationContainer as? AnnotationContainerView)?.cameraDidSettle()
        delegate?.mapView(self, regionDidChangeAnimated: animated)
        cameraDidSettle?(camera)
        observer.cameraDidSettle?(camera)
    }

    private func midpoint(_ pts: [Point]) -> Point {
        Point(x: (pts[0].x + pts[1].x) / 2, y: (pts[0].y + pts[1].y) / 2)
    }
}
