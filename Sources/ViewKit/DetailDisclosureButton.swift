import DisplayList
import MapGeometry

/// The round ⓘ button that UIKit calls `.detailDisclosure`: a callout's
/// usual right accessory for "show me more about this place". Screen
/// readers hear "More Info", as on iOS.
public final class DetailDisclosureButton: Control {
    /// Its width and height, CSS px (a circle).
    public static let size = 24.0
    /// The "i" inside the circle.
    public let glyph: Label
    /// The colour of the ring and the "i" (the whole circle while pressed).
    public var tintColor: Color { didSet { highlightDidChange() } }

    /// A 24 px ⓘ button in `tintColor` (iOS blue by default), its "i" set in `typeface`.
    public init(typeface: Typeface, tintColor: Color = Color(hex: 0x007AFF)) {
        self.tintColor = tintColor
        glyph = Label(text: "i", typeface: typeface, fontSize: 15, color: tintColor)
        super.init(frame: Rect(x: 0, y: 0, width: Self.size, height: Self.size))
        glyph.alignment = .center
        glyph.frame = Rect(
            x: 0, y: ((Self.size - glyph.lineHeight) / 2).rounded(), width: Self.size, height: glyph.lineHeight)
        addSubview(glyph)
        cornerRadius = Self.size / 2
        borderWidth = 1.5
        accessibilityLabel = "More Info"
        highlightDidChange()
    }

    /// Outline and "i" in the tint at rest; filled while pressed.
    public override func highlightDidChange() {
        borderColor = tintColor
        backgroundColor = isHighlighted ? tintColor : .clear
        glyph.textColor = isHighlighted ? .white : tintColor
    }
}
