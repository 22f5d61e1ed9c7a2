import DisplayList
import MapGeometry

/// Where a callout bubble goes, decided as SMCalloutView does: arrow down by
/// default and flipped up when there is no room above and more below; the
/// bubble placed by its horizontal policy, sliding along the edge with its
/// arrow still on the target when it must; and, when even that fails, how far
/// the map must scroll so the bubble and its target (grown by `margin`) both
/// lie inside the constrained rect. A pure function, tested without a map.
public struct CalloutPlacement: Equatable, Sendable {
    /// Room the bubble, and the target it points at, keep from the constrained rect's edges.
    public static let margin = 10.0

    /// Which ways the arrow may point (SMCalloutView's `permittedArrowDirection`).
    public enum PermittedArrowDirection: Sendable, Equatable {
        /// Only up: the bubble always hangs below its target.
        case up
        /// Only down: the bubble always sits above its target.
        case down
        /// Down when there is room above, up when there is more room below.
        case any
    }

    /// Where the bubble sits across, before it slides to fit.
    public enum HorizontalPolicy: Sendable, Equatable {
        /// As UICalloutView: in the middle of the map when the arrow can still
        /// reach the target from there, and only as far off the middle as it must.
        case preferMiddle
        /// Centred on its target (an app's card).
        case centredOnTarget
    }

    /// Which way the arrow points: down when the bubble is above its target.
    public var direction: ItemBubble.Direction
    /// The bubble body's frame in map coordinates before any scroll (the arrow is outside it).
    public var frame: Rect
    /// The arrow tip's x in the bubble's own coordinates.
    public var arrowX: Double
    /// How far the map's content must move (screen px) for bubble and target to fit; zero when they fit.
    public var pan: Point

    /// Where a bubble of `size` goes to point at `target` inside `constrained`.
    ///
    /// - Parameters:
    ///   - target: the annotation view's frame in map coordinates.
    ///   - tip: the arrow tip for a down arrow (top centre plus `calloutOffset`), map coordinates.
    ///   - size: the bubble body's size.
    ///   - arrowHeight / arrowHalfWidth / cornerRadius: bubble shape, to keep the arrow off the corners.
    ///   - constrained: the part of the map a callout may use (`MapView.calloutConstrainedRect`).
    ///   - permitted: which ways the arrow may point.
    ///   - horizontal: where the bubble prefers to sit across.
    ///   - permitsPan: false while the user drags, so the map never fights them.
    public static func place(target: Rect, tip: Point, size: Size, arrowHeight: Double, arrowHalfWidth: Double,
                             cornerRadius: Double, in constrained: Rect, permitted: PermittedArrowDirection = .any,
                             horizontal: HorizontalPolicy = .centredOnTarget,
                             permitsPan: Bool = true) -> CalloutPlacement {
        let inner = constrained.insetBy(dx: margin, dy: margin)
        let bottomTip = Point(x: tip.x, y: target.maxY)
        let direction = direction(permitted: permitted, size: size,
                                  roomAbove: tip.y - arrowHeight - inner.minY,
                                  roomBelow: inner.maxY - bottomTip.y - arrowHeight)
        let anchor = direction == .down ? tip : bottomTip

        // Across: the policy's place, kept inside, then slid so the arrow (clear
        // of the corners) still reaches the anchor; the scroll does the rest.
        let minArrow = min(cornerRadius + arrowHalfWidth, size.width / 2)
        var x: Double
        switch horizontal {
        case .centredOnTarget:
            x = anchor.x - size.width / 2
        case .preferMiddle:
            x = inner.midX - size.width / 2
            if anchor.x < x + minArrow { x = anchor.x - minArrow }
            if anchor.x > x + size.width - minArrow { x = anchor.x - size.width + minArrow }
        }
        x = size.width > inner.width ? inner.minX : min(max(x, inner.minX), inner.maxX - size.width)
        let arrowX = min(max(anchor.x - x, minArrow), size.width - minArrow)
        x = anchor.x - arrowX

        let y = direction == .down ? anchor.y - arrowHeight - size.height : anchor.y + arrowHeight
        let frame = Rect(x: x, y: y, width: size.width, height: size.height)
        let content = frame.insetBy(dx: -margin, dy: -margin).union(target.insetBy(dx: -margin, dy: -margin))
        let pan = permitsPan ? offset(toContain: content, in: constrained) : .zero
        return CalloutPlacement(direction: direction, frame: frame, arrowX: arrowX, pan: pan)
    }

    private static func direction(permitted: PermittedArrowDirection, size: Size, roomAbove: Double,
                                  roomBelow: Double) -> ItemBubble.Direction {
        switch permitted {
        case .up: return .up
        case .down: return .down
        case .any: return roomAbove < size.height && roomBelow > roomAbove ? .up : .down
        }
    }

    /// How much nearer one edge must be than another to count alone, px.
    static let cornerSlack = 24.0

    /// SMCalloutView's `offsetToContainRect:inRect:`: the smallest move that
    /// brings `inner` inside `outer`; when it is too big, its top left wins.
    static func offset(toContain inner: Rect, in outer: Rect) -> Point {
        let right = max(0, outer.minX - inner.minX), left = min(0, outer.maxX - inner.maxX)
        let down = max(0, outer.minY - inner.minY), up = min(0, outer.maxY - inner.maxY)
        return Point(x: right != 0 ? right : left, y: down != 0 ? down : up)
    }

    /// The part of `bounds` a callout may use: `bounds` less `insets`, then
    /// less each `covering` view (a toolbar, the map's controls), each taking
    /// the edge it is nearest to (a view in a corner, within `cornerSlack` of
    /// two edges, takes the one that costs less room).
    public static func constrainedRect(bounds: Rect, insets: EdgeInsets, covering: [Rect]) -> Rect {
        var r = Rect(x: bounds.minX + insets.left, y: bounds.minY + insets.top,
                     width: max(0, bounds.width - insets.left - insets.right),
                     height: max(0, bounds.height - insets.top - insets.bottom))
        for c in covering where c.width > 0 && c.height > 0 && c.intersects(r) {
            let candidates: [(distance: Double, rect: Rect)] = [
                (c.minY - r.minY, Rect(x: r.minX, y: c.maxY, width: r.width, height: r.maxY - c.maxY)),
                (r.maxY - c.maxY, Rect(x: r.minX, y: r.minY, width: r.width, height: c.minY - r.minY)),
                (c.minX - r.minX, Rect(x: c.maxX, y: r.minY, width: r.maxX - c.maxX, height: r.height)),
                (r.maxX - c.maxX, Rect(x: r.minX, y: r.minY, width: c.minX - r.minX, height: r.height)),
            ].map { (max(0, $0.0), $0.1) }
            let fitting = candidates.filter { $0.rect.width > 0 && $0.rect.height > 0 }
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
