import MapGeometry
import ViewKit

/// A patch of glided views that meet nothing. The collision pass and the
/// city-name check look at every view, and they were most of a watching
/// session's frame under a live feed, though a pin gliding in open space,
/// clear of every other view, title and name where it was and where it
/// goes, changes what neither of them finds.
extension MapView {
    /// More glides than this between two frames run both passes whole.
    static let glidesCheckedAlone = 8

    /// Notes that `view` is about to glide from its anchor now, for the next patch.
    func noteGlide(of view: AnnotationView) {
        guard glidedSinceRender != nil else { return }
        guard let from = view.worldAnchor, glidedSinceRender?.count ?? 0 < Self.glidesCheckedAlone else {
            glidedSinceRender = nil
            return
        }
        if glidedSinceRender?.contains(where: { $0.view === view }) == false {
            glidedSinceRender?.append((view, from))
        }
    }

    /// Whether the collision pass and the city-name check would find what
    /// they last found, the views in `glided` (with where each was at the
    /// last render) being all that changed: each, where it was and where it
    /// is, meets no other view's reach (what any view may take around its
    /// anchor, a hidden title included, as the last passes found), none of
    /// the others glided, and no city name the base map placed or left out.
    func glidesLeaveCollisionsAsTheyWere(_ glided: [(view: AnnotationView, from: Point)]) -> Bool {
        guard let layer = annotationContainer as? AnnotationContainerView else { return false }
        let contested = layer.contestingViews != 0 || layer.receivedHiddenView
        guard let drawn = drawnReach, !contested || collisionReach != nil else { return false }
        let reach = collisionReach.map { $0.union(drawn) } ?? drawn
        var shapes: [(view: AnnotationView, rect: Rect)] = []
        for (view, from) in glided {
            guard view.superview === layer, !view.isHidden, let to = view.worldAnchor else { return false }
            for point in [from, to] {
                let p = screenPoint(forWorld: point)
                shapes.append((view, reach.offsetBy(dx: p.x, dy: p.y)))
            }
        }
        if contested {
            for other in layer.subviews where !glided.contains(where: { $0.view === other }) {
                guard let anchor = other.worldAnchor else { continue }
                let p = screenPoint(forWorld: anchor)
                let theirs = reach.offsetBy(dx: p.x, dy: p.y)
                if shapes.contains(where: { $0.rect.intersects(theirs) }) { return false }
            }
            for (i, a) in shapes.enumerated() {
                for b in shapes[(i + 1)...] where a.view !== b.view && a.rect.intersects(b.rect) { return false }
            }
        }
        return !streetLabels.namesMeet(shapes.map(\.rect))
    }
}
