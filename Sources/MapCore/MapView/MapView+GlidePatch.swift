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
        // Every view's reach is the same rect about its anchor: two meet when their anchors are closer than its
        // size, on screen. A hair more, so that rounding never lets a meeting pass.
        let (k, width, height) = (camera.pixelsPerUnit, reach.width + 1e-6, reach.height + 1e-6)
        func meet(_ a: Point, _ b: Point) -> Bool {
            abs(WorldWrap.delta(from: a.x, to: b.x) * k) < width && abs((b.y - a.y) * k) < height
        }
        var ends: [(view: AnnotationView, at: Point)] = []
        ends.reserveCapacity(2 * glided.count)
        for (view, from) in glided {
            guard view.superview === layer, !view.isHidden, let to = view.worldAnchor else { return false }
            ends.append((view, from))
            ends.append((view, to))
        }
        if contested {
            guard let held = layer.heldAnchors else { return false }
            // The others stand where the last render found them: nothing but these glides changed since.
            for (k, anchor) in held.anchors.enumerated() where !glided.contains(where: { $0.view.id == held.ids[k] }) {
                if ends.contains(where: { meet($0.at, anchor) }) { return false }
            }
            for (i, a) in ends.enumerated() {
                for b in ends[(i + 1)...] where a.view !== b.view && meet(a.at, b.at) { return false }
            }
        }
        return !streetLabels.namesMeet(
            ends.map { end in
                let p = screenPoint(forWorld: end.at)
                return reach.offsetBy(dx: p.x, dy: p.y)
            })
    }
}
