import DisplayList
import InputEvents
import MapGeometry
import ViewKit

/// The list of keys the map answers to, in a card over the map with a Close
/// button. The "Keyboard shortcuts" control and the `?` key open it; Escape,
/// `?`, Close and a press outside it close it. Mirrored as a dialog, each key
/// as a line of text.
public final class KeyboardHelpPanel: View {
    /// A key (or keys) and what it does on the map.
    public struct Shortcut: Equatable, Sendable {
        /// The keys, as written on the keyboard: "Enter or Space".
        public var keys: String
        /// What they do: "Zoom in".
        public var action: String
    }

    /// What `MapView` and the window do with keys (MapView+Gestures.swift,
    /// MapView.key, Window.dispatch), in the order a newcomer needs them.
    public static let shortcuts: [Shortcut] = [
        Shortcut(keys: "Arrow keys", action: "Pan the map"),
        Shortcut(keys: "+ or =", action: "Zoom in"),
        Shortcut(keys: "\u{2212} or _", action: "Zoom out"),
        Shortcut(keys: "Tab, Shift+Tab", action: "Move between pins, callouts and controls"),
        Shortcut(keys: "Enter or Space", action: "Select the focused pin, or press the focused button"),
        Shortcut(
            keys: "Escape",
            action: "Close what is in front: this list, a dialog or a callout; "
                + "go back from a screen, or put back a pin being dragged"),
        Shortcut(keys: "?", action: "Show or hide this list"),
    ]

    /// Closes the panel.
    public let closeButton: Button
    private let titleLabel: Label
    private let rows: [(row: View, keys: Label, action: Label)]
    private var laidOutSize: Size?

    static let padding = 16.0
    static let keyColumn = 112.0
    static let rowSpacing = 6.0
    static let maxWidth = 400.0

    init(fonts: FontBook) {
        titleLabel = Label(text: "Keyboard shortcuts", typeface: fonts.bold, fontSize: 16, color: Color(hex: 0x1C1C1E))
        titleLabel.accessibilityRole = .heading
        closeButton = Button(
            title: "Close", typeface: fonts.bold, fontSize: 14, color: Color(hex: 0x007AFF),
            highlightedColor: Color(hex: 0x0060DF))
        rows = Self.shortcuts.map { s in
            let row = ShortcutRow()
            row.accessibilityRole = .text
            row.accessibilityLabel = "\(s.keys): \(s.action)"
            let keys = Label(text: s.keys, typeface: fonts.bold, fontSize: 13, color: Color(hex: 0x1C1C1E))
            let action = Label(text: s.action, typeface: fonts.regular, fontSize: 13, color: Color(hex: 0x3A3A3C))
            action.numberOfLines = 0
            row.addSubview(keys)
            row.addSubview(action)
            return (row, keys, action)
        }
        super.init()
        backgroundColor = .white
        cornerRadius = 12
        shadow = ItemShadow(color: Color.black.withAlpha(0.3), blur: 16, offsetY: 4)
        accessibilityRole = .dialog
        accessibilityLabel = "Keyboard shortcuts"
        addSubview(titleLabel)
        for r in rows { addSubview(r.row) }
        addSubview(closeButton)
        isHidden = true
    }

    /// Takes the light or dark look.
    func apply(_ colors: MapChromeColors) {
        backgroundColor = colors.controlFill
        titleLabel.textColor = colors.controlInk
        closeButton.normalColor = colors.tint
        closeButton.highlightedColor = colors.tintPressed
        for r in rows {
            r.keys.textColor = colors.controlInk
            r.action.textColor = colors.panelSecondaryInk
        }
    }

    /// Lays the card out centred in a map of `size`, as wide as fits.
    func layout(in size: Size) {
        guard size != laidOutSize else { return }
        laidOutSize = size
        let p = Self.padding
        let width = min(Self.maxWidth, max(200, size.width - 24))
        let inner = width - 2 * p
        titleLabel.frame = Rect(x: p, y: p, width: inner, height: titleLabel.lineHeight)
        var y = titleLabel.frame.maxY + 10
        for r in rows {
            let actionWidth = inner - Self.keyColumn
            let actionSize = r.action.sizeThatFits(maxWidth: actionWidth)
            let height = max(r.keys.lineHeight, actionSize.height)
            r.row.frame = Rect(x: p, y: y, width: inner, height: height)
            r.keys.frame = Rect(x: 0, y: 0, width: Self.keyColumn - 8, height: r.keys.lineHeight)
            r.action.frame = Rect(x: Self.keyColumn, y: 0, width: actionWidth, height: actionSize.height)
            y += height + Self.rowSpacing
        }
        closeButton.frame = Rect(x: width - p - 84, y: y + 6, width: 84, height: 32)
        closeButton.layoutTitle()
        let height = closeButton.frame.maxY + p
        frame = Rect(
            x: ((size.width - width) / 2).rounded(), y: max(10, ((size.height - height) / 2).rounded()),
            width: width, height: height)
    }

    // A card over the map: presses and wheels on it stay off the map.
    public override func pointerDown(_ event: PointerEvent, at location: Point) -> Bool { true }
    public override func wheel(_ event: WheelEvent, at location: Point) -> Bool { true }
}

/// One line of the list: read by screen readers, skipped by Tab.
private final class ShortcutRow: View {
    override var canBecomeFocused: Bool { false }
}
