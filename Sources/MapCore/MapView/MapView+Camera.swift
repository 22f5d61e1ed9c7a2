import Foundation
import MapGeometry
import ViewKit

extension MapView {
    /// Moves the camera, animated with ease-in-out when asked (zoom
    /// interpolated linearly, which is geometric in scale, as web maps do).
    /// It goes the short way round: to the copy of `target` nearest the
    /// camera, so a move from Fiji to Samoa crosses 180° rather than the
    /// whole world.
    public func setCamera(_ target: Camera, animated: Bool, duration: Double = 0.35) {
        var target = target.constrained(to: frame.size)
        target.center.x = WorldWrap.nearest(target.center.x, to: camera.center.x)
        guard animated, let animator = window?.animator else {
            stopCameraMotion()
            camera = target
            endRegionChange(animated: false)
            return
        }
        let start = camera
        beginRegionChange()
        let handle = animator.animate(
            key: "map.camera", duration: duration,
            update: { [weak self] t in
                let e = TimingCurve.easeInOut.value(t)
                let zoom = start.zoom + (target.zoom - start.zoom) * e
                // Interpolate the centre in screen space at the current zoom so the
                // motion looks straight on screen while zooming.
                let center = start.center + (target.center - start.center) * e
                self?.camera = Camera(center: center, zoom: zoom)
            },
            completion: { [weak self] in
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

    /// Keeps the camera to what the map's size can show after the map was
    /// resized (`Camera.constrained(to:)`); a camera that had to change
    /// settles there, as after a gesture.
    func fitCameraToSize() {
        let fitted = camera.constrained(to: frame.size)
        guard fitted != camera else { return }
        camera = fitted
        endRegionChange(animated: false)
    }

    /// Shows `region` (as `setRegion(_:animated:)`): the largest zoom that
    /// fits its span. A region across 180° (its centre's longitude near it,
    /// or its span reaching past it) is shown in one piece.
    public func setRegion(_ region: CoordinateRegion, animated: Bool) {
        let c = region.center
        let sw = Mercator.project(
            Coordinate(
                latitude: c.latitude - region.latitudeDelta / 2,
                longitude: c.longitude - region.longitudeDelta / 2))
        let ne = Mercator.project(
            Coordinate(
                latitude: c.latitude + region.latitudeDelta / 2,
                longitude: c.longitude + region.longitudeDelta / 2))
        let rect = Rect(x: sw.x, y: ne.y, width: ne.x - sw.x, height: sw.y - ne.y)
        setCamera(camera(fitting: rect, padding: .zero), animated: animated)
    }

    /// The room `showAnnotations` leaves by default between the annotations'
    /// views and the edges of the part of the map nothing floats over.
    public static let defaultAnnotationEdgePadding = EdgeInsets(all: 20)

    /// Moves the camera so all `annotations` are on screen with their views
    /// (a pin is drawn above its coordinate, a marker's title under it), as
    /// MapKit's `showAnnotations(_:animated:)`: every view ends at least
    /// `edgePadding` inside `calloutConstrainedRect`, the bounds less
    /// `calloutInsets`, the app's views over the map and the map's controls
    /// (`setVisibleMapRect(_:edgePadding:animated:)` pads the same way).
    /// Zooms in no closer than level 16. The annotations are framed the
    /// short way round: Fiji, Tonga and Samoa across 180°, not the whole
    /// world between them.
    public func showAnnotations(
        _ annotations: [Annotation],
        edgePadding: EdgeInsets = MapView.defaultAnnotationEdgePadding, animated: Bool
    ) {
        guard let rect = WorldWrap.bounds(of: annotations.lazy.map { Mercator.project($0.coordinate) }) else { return }
        let padding = framingPadding(edgePadding: edgePadding, reach: viewReach(of: annotations))
        setCamera(camera(fitting: rect, padding: padding), animated: animated)
    }

    /// The padding that keeps views reaching `reach` from their points at
    /// least `edgePadding` inside `calloutConstrainedRect`.
    func framingPadding(edgePadding: EdgeInsets, reach: EdgeInsets) -> EdgeInsets {
        // The controls lay themselves out as they draw: an app framing its
        // annotations as it sets up has not drawn them yet.
        controls.layout(in: self)
        let free = calloutConstrainedRect
        return EdgeInsets(
            top: free.minY - bounds.minY + edgePadding.top + reach.top,
            left: free.minX - bounds.minX + edgePadding.left + reach.left,
            bottom: bounds.maxY - free.maxY + edgePadding.bottom + reach.bottom,
            right: bounds.maxX - free.maxX + edgePadding.right + reach.right)
    }

    /// How far the views of `annotations` draw from their coordinates' points
    /// on each side, screen px, at most: a live view's `drawnFrame`, else that
    /// of a view made for it as the map would make it, then queued for reuse
    /// (the camera is about to bring it on screen).
    func viewReach(of annotations: [Annotation]) -> EdgeInsets {
        var reach = EdgeInsets.zero
        for annotation in annotations {
            let drawn: Rect
            if let live = liveViews[AnnotationKey(annotation)] {
                drawn = live.drawnFrame.offsetBy(dx: live.frame.minX, dy: live.frame.minY)
            } else {
                let probe = makeView(for: annotation)
                probe.place(at: .zero)
                drawn = probe.drawnFrame.offsetBy(dx: probe.frame.minX, dy: probe.frame.minY)
                reuseQueue.noteLive()
                retire(probe)
            }
            reach = EdgeInsets(
                top: max(reach.top, -drawn.minY), left: max(reach.left, -drawn.minX),
                bottom: max(reach.bottom, drawn.maxY), right: max(reach.right, drawn.maxX))
        }
        return reach
    }

    /// The camera that shows world rect `rect` inside the map's bounds less `padding`.
    public func camera(fitting rect: Rect, padding: EdgeInsets) -> Camera {
        let avail = bounds.inset(by: padding)
        let w = max(rect.width, 1), h = max(rect.height, 1)
        let scale = min(avail.width / w, avail.height / h)
        let zoom = log2(scale * Mercator.worldSize / 256)
        return camera(centering: rect, padding: padding, zoom: min(zoom, 16))
    }

    /// The camera at `zoom` that centres world rect `rect` in the map's bounds less `padding`.
    func camera(centering rect: Rect, padding: EdgeInsets, zoom: Double) -> Camera {
        // Shift so the padded area, not the whole map, is centred on the rect.
        let offset = Point(x: (padding.left - padding.right) / 2, y: (padding.top - padding.bottom) / 2)
        return Camera(center: rect.center, zoom: zoom).panned(byScreen: offset)
    }
}
