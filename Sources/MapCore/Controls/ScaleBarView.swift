import DisplayList
import MapGeometry
import ViewKit

/// A metric scale bar: a round ground length (1, 2 or 5 × 10ⁿ m or km) drawn
/// at its true length at the map's centre latitude, with its label above it.
/// It follows the camera, and is mirrored as text ("Scale: 500 km").
public final class ScaleBarView: View {
    /// The length shown now (updated before each frame).
    public private(set) var length = ScaleBarLength(latitude: 0, zoom: 1, maxWidth: 100)
    /// The longest the bar may be, CSS px (Leaflet's default).
    public var maxWidth = 100.0
    /// The line whose width is `length.pixels`; its ends have ticks.
    public let bar = View()
    private let label: Label
    private let leftTick = View(), rightTick = View()

    static let padding = 6.0
    static let lineWidth = 2.0
    static let tickHeight = 7.0
    static let ink = Color(hex: 0x3A3A3C)

    init(fonts: FontBook) {
        label = Label(text: "", typeface: fonts.bold, fontSize: 11, color: Self.ink)
        super.init()
        backgroundColor = Color.white.withAlpha(0.8)
        cornerRadius = 4
        accessibilityRole = .text
        isUserInteractionEnabled = false
        for v in [bar, leftTick, rightTick] { v.backgroundColor = Self.ink }
        for v in [label, bar, leftTick, rightTick] { addSubview(v) }
    }

    /// Takes the light or dark look.
    func apply(_ colors: MapChromeColors) {
        backgroundColor = colors.strip
        label.textColor = colors.stripInk
        for v in [bar, leftTick, rightTick] { v.backgroundColor = colors.stripInk }
    }

    /// Text for reading, never a Tab stop.
    public override var canBecomeFocused: Bool { false }

    /// Picks the length for the camera and lays the bar and label out.
    func update(latitude: Double, zoom: Double) {
        let next = ScaleBarLength(latitude: latitude, zoom: zoom, maxWidth: maxWidth)
        // Most frames (a pan along a parallel, a pin moving) change nothing here.
        guard next != length || frame.size == .zero else { return }
        length = next
        label.text = length.label
        accessibilityLabel = "Scale: " + length.label
        let p = Self.padding, textSize = label.sizeThatFits(maxWidth: .infinity)
        label.frame = Rect(x: p, y: 2, width: textSize.width, height: label.lineHeight)
        let barTop = label.frame.maxY + 1
        bar.frame = Rect(
            x: p, y: barTop + Self.tickHeight - Self.lineWidth, width: length.pixels,
            height: Self.lineWidth)
        leftTick.frame = Rect(x: p, y: barTop, width: Self.lineWidth, height: Self.tickHeight)
        rightTick.frame = Rect(
            x: p + length.pixels - Self.lineWidth, y: barTop, width: Self.lineWidth,
            height: Self.tickHeight)
        frame.size = Size(
            width: (max(length.pixels, textSize.width) + 2 * p).rounded(.up),
            height: barTop + Self.tickHeight + 4)
    }
}
