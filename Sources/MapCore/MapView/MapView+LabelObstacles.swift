import MapGeometry
import ViewKit

extension MapView {
    /// Where the base map's city names must not print: every annotation
    /// view shown, with the title and subtitle under a marker, in screen
    /// points. Pins win over the base map's own labels, as in MapKit, so a
    /// traveller's title never prints over "New Delhi".
    func cityLabelObstacles() -> [Rect] {
        var rects: [Rect] = []
        let views = annotationContainer.subviews
        rects.reserveCapacity(views.count)
        var reach: Rect?
        for view in views where !view.isHidden {
            let v = unsafeDowncast(view, to: AnnotationView.self)
            guard let anchor = v.worldAnchor else { continue }
            let point = screenPoint(forWorld: anchor)
            let around = v.drawnFrame.offsetBy(dx: v.frame.minX, dy: v.frame.minY)
            reach = reach?.union(around) ?? around
            rects.append(around.offsetBy(dx: point.x, dy: point.y))
        }
        drawnReach = reach
        return rects
    }
}
