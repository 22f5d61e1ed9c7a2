import MapGeometry
import ViewKit

/// The layer that holds the live annotation views. Its hit test skips, with
/// one multiply-add per view, the views nowhere near the point, instead of
/// converting the point into every view's coordinates (each conversion walks
/// up to the window to project the view's anchor): a frame of a thousand
/// views answers in microseconds.
final class AnnotationContainerView: View {
    /// How far outside its frame a view's own subviews may reach (marker
    /// titles under the balloon, a grown balloon above it), px.
    static let reach = 90.0

    /// How far a view's subtree may reach outside its frame: nothing for a
    /// bare image, its subviews' extent otherwise (a wishlist card above its
    /// pin), and at least `reach` for markers, whose balloon grows.
    static func reach(of view: View) -> Double {
        if view.subviews.isEmpty || view is ClusterAnnotationView { return 0 }
        var extent = view is MarkerAnnotationView ? reach : 0
        let size = view.frame.size
        for sub in view.subviews where !sub.isHidden {
            let f = sub.frame
            extent = max(extent, -f.minX, -f.minY, f.maxX - size.width, f.maxY - size.height)
        }
        return extent
    }

    override func hitTest(_ point: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha > 0.01, let map = superview as? MapView else {
            return super.hitTest(point)
        }
        let camera = map.camera, k = camera.pixelsPerUnit
        let cx = map.frame.width / 2 - camera.center.x * k, cy = map.frame.height / 2 - camera.center.y * k
        let q = point + contentOffset
        for sub in subviews.reversed() {
            guard let anchor = sub.worldAnchor, sub.scale == 1 else {
                if let hit = sub.hitTest(sub.convertFromSuperview(point)) { return hit }
                continue
            }
            // The point in the view's own coordinates, as convertFromSuperview would give it.
            let x = q.x - (anchor.x * k + cx) - sub.frame.minX
            let y = q.y - (anchor.y * k + cy) - sub.frame.minY
            let size = sub.frame.size
            let reach = Self.reach(of: sub)
            if x < -reach || y < -reach || x > size.width + reach || y > size.height + reach { continue }
            if let hit = sub.hitTest(Point(x: x, y: y)) { return hit }
        }
        return self.point(inside: point) ? self : nil
    }
}
