import DisplayList
import InputEvents
import MapGeometry
import ViewKit

/// The "Zoom in" and "Zoom out" buttons, one above the other on a white
/// card, as web maps have them. Each zooms the map by one level about its
/// centre, animated, and looks (and is mirrored as) disabled at the end of
/// the zoom range.
public final class ZoomControl: View {
    /// Zooms in by one level: "+", mirrored as "Zoom in".
    public let zoomInButton: Button
    /// Zooms out by one level: "−", mirrored as "Zoom out".
    public let zoomOutButton: Button
    private let separator = View()
    private var colors = MapChromeColors.light

    static let buttonSide = 32.0
    static let enabledColor = Color(hex: 0x1C1C1E)
    static let disabledColor = Color(hex: 0xB8B8BD)

    init(fonts: FontBook) {
        func button(_ title: String, named name: String) -> Button {
            let b = Button(
                title: title, typeface: fonts.bold, fontSize: 20, titleColor: Self.enabledColor,
                color: .white, highlightedColor: Color(hex: 0xE5E5EA))
            b.accessibilityLabel = name
            b.cornerRadius = 0
            b.frame = Rect(x: 0, y: 0, width: Self.buttonSide, height: Self.buttonSide)
            b.layoutTitle()
            return b
        }
        zoomInButton = button("+", named: "Zoom in")
        zoomOutButton = button("\u{2212}", named: "Zoom out")
        super.init(frame: Rect(x: 0, y: 0, width: Self.buttonSide, height: 2 * Self.buttonSide + 1))
        zoomOutButton.frame.origin.y = Self.buttonSide + 1
        separator.frame = Rect(x: 0, y: Self.buttonSide, width: Self.buttonSide, height: 1)
        separator.backgroundColor = Color(hex: 0xD1D1D6)
        backgroundColor = .white
        cornerRadius = 8
        clipsToBounds = true
        shadow = MapControls.shadow
        for v in [zoomInButton, separator, zoomOutButton] { addSubview(v) }
    }

    /// Enables each button only while the camera can still zoom its way:
    /// out to `least`, where the world just fills the map from top to bottom.
    func update(zoom: Double, least: Double) {
        set(zoomInButton, enabled: zoom < Camera.maxZoom - 1e-6)
        set(zoomOutButton, enabled: zoom > least + 1e-6)
    }

    /// Takes the light or dark look.
    func apply(_ colors: MapChromeColors) {
        self.colors = colors
        backgroundColor = colors.controlFill
        separator.backgroundColor = colors.separator
        for button in [zoomInButton, zoomOutButton] {
            button.normalColor = colors.controlFill
            button.highlightedColor = colors.controlPressed
            set(button, enabled: button.isEnabled)
        }
    }

    private func set(_ button: Button, enabled: Bool) {
        button.isEnabled = enabled
        button.titleLabel.textColor = enabled ? colors.controlInk : colors.controlInkDisabled
        button.accessibilityFlags = enabled ? [] : [.disabled]
    }

    // The line between the buttons is not map: a press there must not pan.
    public override func pointerDown(_ event: PointerEvent, at location: Point) -> Bool { true }
}
