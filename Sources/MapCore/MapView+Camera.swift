import Foundation
import MapGeometry
import ViewKit

extension MapView {
    /// Moves the camera, animated with ease-in-out when asked (zoom
    /// interpolated linearly, which is geometric in scale, as web maps do).
    public func setCamera(_ target: Camera, animated: Bool, duration: Double = 0.35) {
        let target = target.clampedToWorld()
        guard animated, let animator = window?.animator else {
            stopCameraMotion()
            camera = target
            endRegionChange(animated: false)
            return
        }
        let start = camera
        beginRegionChange()
        let handle = animator.animate(key: "map.camera", duration: duration, update: { [weak self] t in
            let e = TimingCurve.easeInOut.value(t)
            let zoom = start.zoom + (target.zoom - start.zoom) * e
            // Interpolate the centre in screen space at the current zoom so the
            // motion looks straight on screen while zooming.
            let center = start.center + (target.center - start.center) * e
            self?.camera = Camera(center: center, zoom: zoom)
        }, completion: { [weak self] in
            self?.cameraAnimation = nil
            self?.endRegionChange(animated: true)
        })
        cameraAnimation = (target, handle)
    }

    /// The camera an animated `setCamera` is heading for while it runs, else
    /// the camera: a second press of a zoom button mid-animation adds a level
    /// to where the first was going, not to where the camera happens to be.
    var targetCamera: Camera {
        guard let (target, handle) = cameraAnimation, !handle.isCancelled else { return camera }
        return target
    }

    /// Shows `region` (as `setRegion(_:animated:)`): the largest zoom that fits its span.
    public func setRegion(_ region: CoordinateRegion, animated: Bool) {
        let c = region.center
        let sw = Mercator.project(Coordinate(latitude: c.latitude - region.latitudeDelta / 2,
                                             longitude: c.longitude - region.longitudeDelta / 2))
        let ne = Mercator.project(Coordinate(latitude: c.latitude + region.latitudeDelta / 2,
                                             longitude: c.longitude + region.longitudeDelta / 2))
        let rect = Rect(x: sw.x, y: ne.y, width: ne.x - sw.x, height: sw.y - ne.y)
        setCamera(camera(fitting: rect, padding: .zero), animated: animated)
    }

    /// Moves the camera so all `annotations` are on screen, with room for their views.
    public func showAnnotations(_ annotations: [Annotation], animated: Bool) {
        guard let first = annotations.first else { return }
        var rect = Rect(origin: Mercator.project(first.coordinate), size: .zero)
        for a in annotations.dropFirst() {
            rect = rect.union(Rect(origin: Mercator.project(a.coordinate), size: .zero))
        }
        setCamera(camera(fitting: rect, padding: EdgeInsets(top: 70, left: 40, bottom: 40, right: 40)), animated: animated)
    }

    /// The camera that shows world rect `rect` inside the map's bounds less `padding`.
    public func camera(fitting rect: Rect, padding: EdgeInsets) -> Camera {
        let avail = bounds.inset(by: padding)
        let w = max(rect.width, 1), h = max(rect.height, 1)
        let scale = min(avail.width / w, avail.height / h)
        let zoom = log2(scale * Mercator.worldSize / 256)
        var c = Camera(center: rect.center, zoom: min(zoom, 16))
        // Shift so the padded area, not the whole map, is centred on the rect.
        let offset = Point(x: (padding.left - padding.right) / 2, y: (padding.top - padding.bottom) / 2)
        c = c.panned(byScreen: offset)
        return c
    }
}
