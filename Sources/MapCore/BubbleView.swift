import DisplayList
import MapGeometry
import ViewKit

/// The callout's rounded body with its arrow, drawn as one `BUBBLE` item.
public final class BubbleView: View {
    public var direction: ItemBubble.Direction = .down
    public var arrowX: Double = 0
    public var arrowWidth: Double = 26
    public var arrowHeight: Double = 13

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .white
        cornerRadius = 10
        shadow = ItemShadow(color: Color(red: 0, green: 0, blue: 0, alpha: 0.3), blur: 12, offsetY: 3)
    }

    public override var itemKind: ItemKind { .bubble }

    public override func itemProperties() -> ItemProperties {
        var p = super.itemProperties()
        p.bubble = ItemBubble(direction: direction, arrowX: Float(arrowX), arrowWidth: Float(arrowWidth),
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
