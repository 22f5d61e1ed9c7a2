import DisplayList
import MapGeometry

/// Where a callout bubble goes, decided as SMCalloutView does: arrow down by
/// default and flipped up when there is no room above and more below; the
/// bubble centred on its target when it can, sliding along the edge with its
/// arrow still on the target when it can't; and, when even that fails, how far
/// the map must pan to make it fit. A pure function, tested without a map.
public struct CalloutPlacement: Equatable, Sendable {
    /// Room the bubble keeps from the map's edges.
    public static let margin = 10.0

    /// Which way the arrow points: down when the bubble is above its target.
    public var direction: ItemBubble.Direction
    /// The bubble body's frame in map coordinates (the arrow is outside it).
    public var frame: Rect
    /// The arrow tip's x in the bubble's own coordinates.
    public var arrowX: Double
    /// How far the map's content must move (screen px) for the bubble to fit; zero when it fits.
    public var pan: Point

    /// Where a bubble of `size` goes to point at `target` inside `bounds`.
    ///
    /// - Parameters:
    ///   - target: the annotation view's frame in map coordinates.
    ///   - tip: the arrow tip for a down arrow (top centre plus `calloutOffset`), map coordinates.
    ///   - size: the bubble body's size.
    ///   - arrowHeight / arrowHalfWidth / cornerRadius: bubble shape, to keep the arrow off the corners.
    ///   - bounds: the map's bounds.
    ///   - permitsPan: false while the user drags, so the map never fights them.
    public static func place(target: Rect, tip: Point, size: Size, arrowHeight: Double, arrowHalfWidth: Double,
                             cornerRadius: Double, in bounds: Rect, permitsPan: Bool = true) -> CalloutPlacement {
        let inner = bounds.insetBy(dx: margin, dy: margin)
        let roomAbove = tip.y - arrowHeight - inner.minY
        let bottomTip = Point(x: tip.x, y: target.maxY)
        let roomBelow = inner.maxY - bottomTip.y - arrowHeight
        let direction: ItemBubble.Direction = (roomAbove < size.height && roomBelow > roomAbove) ? .up : .down
        let anchor = direction == .down ? tip : bottomTip

        // Horizontal: centred, then slid inside, keeping the arrow clear of the corners.
        let minArrow = cornerRadius + arrowHalfWidth
        var x = anchor.x - size.width / 2
        x = min(max(x, inner.minX), inner.maxX - size.width)
        var arrowX = anchor.x - x
        var dx = 0.0
        if arrowX < minArrow {
            dx = minArrow - arrowX
        } else if arrowX > size.width - minArrow {
            dx = (size.width - minArrow) - arrowX
        }
        // When the bubble is wider than the map, centre it and let the pan do the rest.
        if size.width > inner.width {
            x = inner.minX
            arrowX = anchor.x - x
        }

        // Vertical: how much is cut off in the chosen direction.
        var y: Double
        var dy = 0.0
        switch direction {
        case .down:
            y = anchor.y - arrowHeight - size.height
            if y < inner.minY { dy = inner.minY - y }
        case .up:
            y = anchor.y + arrowHeight
            if y + size.height > inner.maxY { dy = inner.maxY - (y + size.height) }
        }
        if !permitsPan { dx = 0; dy = 0 }
        // After the pan the bubble sits where it would with the target moved by (dx, dy).
        if dx != 0 || dy != 0 {
            let moved = place(target: target.offsetBy(dx: dx, dy: dy), tip: tip + Point(x: dx, y: dy), size: size,
                              arrowHeight: arrowHeight, arrowHalfWidth: arrowHalfWidth, cornerRadius: cornerRadius,
                              in: bounds, permitsPan: false)
            x = moved.frame.minX - dx
            y = moved.frame.minY - dy
            arrowX = moved.arrowX
            return CalloutPlacement(direction: moved.direction,
                                    frame: Rect(x: x, y: y, width: size.width, height: size.height),
                                    arrowX: arrowX, pan: Point(x: dx, y: dy))
        }
        return CalloutPlacement(direction: direction, frame: Rect(x: x, y: y, width: size.width, height: size.height),
                                arrowX: arrowX, pan: .zero)
    }
}
