import MapGeometry

/// The room a callout is placed in, and how a view over the map takes part of it.
extension CalloutPlacement {
    /// How much nearer one edge must be than another to count alone, px.
    static let cornerSlack = 24.0

    /// SMCalloutView's `offsetToContainRect:inRect:`: the smallest move that
    /// brings `inner` inside `outer`; when it is too big, its top left wins.
    static func offset(toContain inner: Rect, in outer: Rect) -> Point {
        let right = max(0, outer.minX - inner.minX), left = min(0, outer.maxX - inner.maxX)
        let down = max(0, outer.minY - inner.minY), up = min(0, outer.maxY - inner.maxY)
        return Point(x: right != 0 ? right : left, y: down != 0 ? down : up)
    }

    /// The parts of `room` on each side of `obstacle` (below, above, right
    /// and left of it), each with how far the obstacle is from that side's
    /// opposite edge; sides with no room are left out.
    static func sides(of room: Rect, around obstacle: Rect) -> [(distance: Double, rect: Rect)] {
        let c = obstacle, r = room
        return [
            (c.minY - r.minY, Rect(x: r.minX, y: c.maxY, width: r.width, height: r.maxY - c.maxY)),
            (r.maxY - c.maxY, Rect(x: r.minX, y: r.minY, width: r.width, height: c.minY - r.minY)),
            (c.minX - r.minX, Rect(x: c.maxX, y: r.minY, width: r.maxX - c.maxX, height: r.height)),
            (r.maxX - c.maxX, Rect(x: r.minX, y: r.minY, width: c.minX - r.minX, height: r.height)),
        ].map { (max(0, $0.0), $0.1) }.filter { !$0.1.isEmpty }
    }

    /// The rooms a callout may try round `obstacle`: each side of it.
    static func rooms(in room: Rect, around obstacle: Rect) -> [Rect] {
        sides(of: room, around: obstacle).map(\.rect)
    }

    /// The part of `bounds` clear of everything over the map: `bounds` less
    /// `insets`, then less each `covering` view (a toolbar, the map's
    /// controls), each taking the edge it is nearest to (a view in a corner,
    /// within `cornerSlack` of two edges, takes the one that costs less room).
    /// `MapView.showAnnotations` frames annotations inside it; a callout is
    /// kept clear only of the views it would be under (`place`).
    public static func constrainedRect(bounds: Rect, insets: EdgeInsets, covering: [Rect]) -> Rect {
        var r = Rect(
            x: bounds.minX + insets.left, y: bounds.minY + insets.top,
            width: max(0, bounds.width - insets.left - insets.right),
            height: max(0, bounds.height - insets.top - insets.bottom))
        for c in covering where c.width > 0 && c.height > 0 && c.intersects(r) {
            let fitting = sides(of: r, around: c)
            // A view in a corner is at two edges: it takes the one that costs less room.
            guard let nearest = fitting.map(\.distance).min(),
                let best = fitting.filter({ $0.distance <= nearest + cornerSlack })
                    .max(by: { $0.rect.width * $0.rect.height < $1.rect.width * $1.rect.height })
            else { continue }
            r = best.rect
        }
        return r
    }
}
