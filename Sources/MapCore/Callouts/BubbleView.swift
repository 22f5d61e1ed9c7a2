import DisplayList
import MapGeometry
import ViewKit

/// The callout's rounded body with its arrow, drawn as one `BUBBLE` item.
///
/// Apps use it for callouts of their own (a card over a pin), placed with
/// `CalloutPlacement` as the standard callout is.
public final class BubbleView: View {
    /// Whether the arrow points down from the body (the bubble is above its target) or up.
    public var direction: ItemBubble.Direction = .down
    /// The arrow tip's x in the bubble's coordinates.
    public var arrowX: Double = 0
    /// The arrow's width where it meets the body, px.
    public var arrowWidth: Double = 26
    /// How far the arrow sticks out of the body, px.
    public var arrowHeight: Double = 13

    /// A white, rounded, shadowed bubble with its arrow down.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .white
        cornerRadius = 10
        shadow = ItemShadow(color: Color(red: 0, green: 0, blue: 0, alpha: 0.3), blur: 12, offsetY: 3)
    }

    /// Drawn as one bubble item, body and arrow.
    public override var itemKind: ItemKind { .bubble }

    /// The view's properties with the arrow.
    public override func itemProperties() -> ItemProperties {
        var p = super.itemProperties()
        p.bubble = ItemBubble(
            direction: direction, arrowX: Float(arrowX), arrowWidth: Float(arrowWidth),
            arrowHeight: Float(arrowHeight))
        return p
    }

    /// The arrow tip in this view's coordinates.
    public var arrowTip: Point {
        Point(x: arrowX, y: direction == .down ? frame.height + arrowHeight : -arrowHeight)
    }

    /// The body and the arrow both take taps.
    public override func point(inside point: Point) -> Bool {
        if bounds.contains(point) { return true }
        let tip = arrowTip
        let dy = direction == .down ? point.y - frame.height : -point.y
        guard dy >= 0, dy <= arrowHeight else { return false }
        let halfAtY = arrowWidth / 2 * (1 - dy / arrowHeight)
        return abs(point.x - tip.x) <= halfAtY
    }
}
