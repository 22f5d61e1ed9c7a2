import DisplayList
import MapGeometry
import ViewKit

/// The credit for the map's data ("Natural Earth"), small on a pale strip,
/// as web maps show it in a corner; mirrored as text.
public final class AttributionView: View {
    /// The credits shown, in order: the base map's, then the app's.
    public var sources: [String] = [] {
        didSet {
            label.text = text
            accessibilityLabel = text.isEmpty ? nil : "Map data: " + text
        }
    }
    private let label: Label
    /// What the last layout was for: text is measured again only when it or the width changes.
    private var laidOut: (maxWidth: Double, text: String)?

    static let padding = EdgeInsets(top: 2, left: 6, bottom: 2, right: 6)

    init(fonts: FontBook) {
        label = Label(text: "", typeface: fonts.regular, fontSize: 11, color: Color(hex: 0x333333))
        label.numberOfLines = 2
        super.init()
        backgroundColor = Color.white.withAlpha(0.8)
        accessibilityRole = .text
        isUserInteractionEnabled = false
        addSubview(label)
    }

    /// The credits joined as shown: "Natural Earth | © My data".
    public var text: String { sources.joined(separator: " | ") }

    /// Takes the light or dark look.
    func apply(_ colors: MapChromeColors) {
        backgroundColor = colors.strip
        label.textColor = colors.attributionInk
    }

    /// Text for reading, never a Tab stop.
    public override var canBecomeFocused: Bool { false }

    /// Sizes the strip to its text, wrapping past `maxWidth`.
    func layout(maxWidth: Double) {
        guard laidOut?.maxWidth != maxWidth || laidOut?.text != text else { return }
        laidOut = (maxWidth, text)
        let pad = Self.padding
        let text = label.sizeThatFits(maxWidth: max(40, maxWidth - pad.left - pad.right))
        label.frame = Rect(x: pad.left, y: pad.top, width: text.width, height: text.height)
        frame.size = Size(width: text.width + pad.left + pad.right, height: text.height + pad.top + pad.bottom)
    }
}
