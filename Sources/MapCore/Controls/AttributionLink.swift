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

    /// Its text's colour, and while pressed.
    var inks = AttributionLink.lightInks {
        didSet { highlightDidChange() }
    }
    static let lightInks = (normal: Color(hex: 0x0078A8), pressed: Color(hex: 0x004E6E))
    /// On a dark strip: MapKit's dark-mode blue.
    static let darkInks = (normal: Color(hex: 0x0A84FF), pressed: Color(hex: 0x409CFF))

    init(credit: MapCredit, typeface: Typeface, fontSize: Double) {
        self.credit = credit
        label = Label(text: credit.text, typeface: typeface, fontSize: fontSize, color: Self.lightInks.normal)
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
        label.textColor = isHighlighted ? inks.pressed : inks.normal
    }
}
