import DisplayList
import InputEvents
import MapGeometry

/// A view that tracks a press as `UIControl` does: highlighted while the
/// pointer is down inside it, fires on release inside, and not when the
/// pointer slid off before release.
open class Control: View, CursorProviding {
    public private(set) var isHighlighted = false {
        didSet { if isHighlighted != oldValue { highlightDidChange() } }
    }
    public var isEnabled = true
    /// Called when a press ends inside the control, or on keyboard activation.
    public var onTap: (() -> Void)?
    /// How far outside the bounds a pointer may wander and still count as inside (UIKit uses ~70 pt).
    public var touchSlop: Double = 16

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        accessibilityRole = .button
    }

    public var cursor: Cursor? { isEnabled ? .pointer : nil }

    open func highlightDidChange() {}

    private func isNear(_ p: Point) -> Bool {
        bounds.insetBy(dx: -touchSlop, dy: -touchSlop).contains(p)
    }

    open override func pointerDown(_ event: PointerEvent, at location: Point) -> Bool {
        guard isEnabled else { return false }
        isHighlighted = true
        return true
    }

    open override func pointerMoved(_ event: PointerEvent, at location: Point) {
        isHighlighted = isNear(location)
    }

    open override func pointerUp(_ event: PointerEvent, at location: Point) {
        let fire = isHighlighted && isNear(location)
        isHighlighted = false
        if fire { sendAction() }
    }

    open override func pointerCancelled(_ event: PointerEvent) {
        isHighlighted = false
    }

    open override func activate() -> Bool {
        guard isEnabled else { return false }
        sendAction()
        return true
    }

    /// Runs `onTap`.
    open func sendAction() {
        onTap?()
    }
}

/// A control with a text title and colours for its normal and pressed states.
public final class Button: Control {
    public let titleLabel: Label
    public var normalColor: Color { didSet { highlightDidChange() } }
    public var highlightedColor: Color

    public init(title: String, typeface: Typeface, fontSize: Double = 15, titleColor: Color = .white,
                color: Color, highlightedColor: Color) {
        titleLabel = Label(text: title, typeface: typeface, fontSize: fontSize, color: titleColor)
        titleLabel.alignment = .center
        normalColor = color
        self.highlightedColor = highlightedColor
        super.init()
        backgroundColor = color
        cornerRadius = 8
        accessibilityLabel = title
        addSubview(titleLabel)
    }

    public var title: String {
        get { titleLabel.text }
        set {
            titleLabel.text = newValue
            accessibilityLabel = newValue
        }
    }

    public override func highlightDidChange() {
        backgroundColor = isHighlighted ? highlightedColor : normalColor
    }

    /// Centres the title in the current frame.
    public func layoutTitle() {
        let h = titleLabel.lineHeight
        titleLabel.frame = Rect(x: 6, y: ((frame.height - h) / 2).rounded(), width: max(0, frame.width - 12), height: h)
    }
}
