import DisplayList
import MapGeometry
import ViewKit

/// A credit in the attribution that links to its source's page ("©
/// OpenStreetMap contributors" to its copyright page): blue text, as web
/// maps' attributions show their links, a hand over it, a Tab stop mirrored
/// as a link. A press or Enter asks the page to open the URL.
final class AttributionLink: Control {
    let credit: MapCredit
    let label: Label

    static let color = Color(hex: 0x0078A8)
    static let pressedColor = Color(hex: 0x004E6E)

    init(credit: MapCredit, typeface: Typeface, fontSize: Double) {
        self.credit = credit
        label = Label(text: credit.text, typeface: typeface, fontSize: fontSize, color: Self.color)
        super.init()
        accessibilityRole = .link
        accessibilityLabel = credit.text
        // Small print: a press just off the line still means the link.
        touchSlop = 8
        addSubview(label)
    }

    /// The text's size within `maxWidth`, on one line.
    func sizeThatFits(maxWidth: Double) -> Size {
        label.sizeThatFits(maxWidth: maxWidth)
    }

    /// Puts the link, its text filling it, at `frame`.
    func place(_ frame: Rect) {
        self.frame = frame
        label.frame = bounds
    }

    override func highlightDidChange() {
        label.textColor = isHighlighted ? Self.pressedColor : Self.color
    }
}
