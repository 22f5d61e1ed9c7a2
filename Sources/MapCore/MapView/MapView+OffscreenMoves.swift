import MapGeometry
import ViewKit

/// Moves out of sight: a pin that moves in the margin the layout keeps
/// around the screen, or through it, changes nothing a person sees, so the
/// map leaves it for the next layout rather than laying out and rendering
/// the whole window for it. Under a busy feed most of the pins that enter
/// or leave what a map laid out do so in that margin, over and over, and
/// each such move cost a watching session a whole frame.
extension MapView {
    /// Leaves the move of shared `annotation` from world point `from` to
    /// `to` for a later layout, and returns true, when neither its way nor
    /// its view (where it is, where the page draws it) comes within half the
    /// reuse margin of the screen, as near as a layout lets views go
    /// unlaid-out while the camera pans. Its view, if it has one, stays
    /// where it was, out of sight; a pin without one gets none. The layout
    /// that follows the camera's next move, or anything else that lays out,
    /// reads the source and puts both right.
    ///
    /// False, changing nothing, for the map's own annotations, clustered
    /// ones, the selected one, when a layout is due anyway, or while the
    /// camera moves (a gesture, an animation, a camera not yet rendered): a
    /// panning map would lay out whole at its next frame for what it now
    /// follows in strips. The caller moves those at once (`annotationDidMove`).
    package func defersOffscreenMove(of annotation: Annotation, from: Point, to: Point) -> Bool {
        guard !needsAnnotationLayout, laidOutRect != nil, shared.source != nil, cameraRestsSinceRender else {
            return false
        }
        let key = AnnotationKey(annotation)
        if let selected, AnnotationKey(selected) == key { return false }
        guard !index.contains(key), !isClusteredMember(key) else { return false }
        let visible = camera.visibleWorldRect(viewport: frame.size)
        let sight = viewsStayWithin(visible)
        var way = ShortWayBounds(from)
        way.add(to)
        if let view = liveViews[key] {
            guard let anchor = view.worldAnchor else { return false }
            way.add(anchor)
            if let drawn = drawnAnchor(of: view) { way.add(drawn) }
        }
        guard !WorldWrap.intersects(sight, way.rect) else { return false }
        offscreenMovesDeferredAt = visible
        return true
    }
}

/// The rect around a few points, each taken in the world copy nearest the
/// first: a pin's way across 180° is short, not a world wide.
struct ShortWayBounds {
    private(set) var rect: Rect
    private let reference: Double

    init(_ first: Point) {
        reference = first.x
        rect = Rect(origin: first, size: .zero)
    }

    mutating func add(_ p: Point) {
        let x = reference + WorldWrap.delta(from: reference, to: p.x)
        rect = rect.union(Rect(origin: Point(x: x, y: p.y), size: .zero))
    }
}
