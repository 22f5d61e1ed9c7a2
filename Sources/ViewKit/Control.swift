import DisplayList
import InputEvents
import MapGeometry

/// A view that tracks a press as `UIControl` does: highlighted while the
/// pointer is down inside it, fires on release inside, and not when the
/// pointer slid off before release.
open class Control: View, CursorProviding {
    /// True while a press on the control is down and the pointer is still near it.
    public private(set) var isHighlighted = false {
        didSet { if isHighlighted != oldValue { highlightDidChange() } }
    }
    /// A disabled control ignores presses and activation and shows no hand cursor.
    public var isEnabled = true
    /// Called when a press ends inside the control, or on keyboard activation.
    public var onTap: (() -> Void)?
    /// A second action, run after `onTap`, that whoever shows the control
    /// sets without taking the app's handler (a map's callout tells its
    /// delegate): UIKit's target-action lets a control have several targets.
    package var containerAction: (() -> Void)?
    /// How far outside the bounds a pointer may wander and still count as inside (UIKit uses ~70 pt).
    public var touchSlop: Double = 16

    /// A control at `frame`, mirrored as a button for screen readers.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        accessibilityRole = .button
    }

    /// The hand over an enabled control.
    public var cursor: Cursor? { isEnabled ? .pointer : nil }

    /// `isHighlighted` changed: override to restyle (a button darkens while pressed).
    open func highlightDidChange() {}

    private func isNear(_ p: Point) -> Bool {
        bounds.insetBy(dx: -touchSlop, dy: -touchSlop).contains(p)
    }

    /// Takes the press and highlights, when enabled.
    open override func pointerDown(_ event: PointerEvent, at location: Point) -> Bool {
        guard isEnabled else { return false }
        isHighlighted = true
        return true
    }

    /// Highlighted only while the pointer stays within `touchSlop` of the bounds.
    open override func pointerMoved(_ event: PointerEvent, at location: Point) {
        isHighlighted = isNear(location)
    }

    /// Fires `sendAction()` when released near the control.
    open override func pointerUp(_ event: PointerEvent, at location: Point) {
        let fire = isHighlighted && isNear(location)
        isHighlighted = false
        if fire { sendAction() }
    }

    /// Unhighlights without firing.
    open override func pointerCancelled(_ event: PointerEvent) {
        isHighlighted = false
    }

    /// Enter, Space or a screen reader fires the control as a tap does, when enabled.
    open override func activate() -> Bool {
        guard isEnabled else { return false }
        sendAction()
        return true
    }

    /// Runs `onTap`, then the container's action.
    open func sendAction() {
        onTap?()
        containerAction?()
    }
}

/// A control with a text title and colours for its normal and pressed states.
public final class Button: Control {
    /// The label showing `title`; style its font and colour here.
    public let titleLabel: Label
    /// The background at rest.
    public var normalColor: Color { didSet { highlightDidChange() } }
    /// The background while pressed.
    public var highlightedColor: Color

    /// A rounded button titled `title` on `color`, turning `highlightedColor`
    /// while pressed; set its frame, then call `layoutTitle()`.
    public init(
        title: String, typeface: Typeface, fontSize: Double = 15, titleColor: Color = .white,
        color: Color, highlightedColor: Color
    ) {
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

    /// The text on the button, also what screen readers say for it.
    public var title: String {
        get { titleLabel.text }
        set {
            titleLabel.text = newValue
            accessibilityLabel = newValue
        }
    }

    /// Swaps the background between `normalColor` and `highlightedColor`.
    public override func highlightDidChange() {
        backgroundColor = isHighlighted ? highlightedColor : normalColor
    }

    /// Centres the title in the current frame.
    public func layoutTitle() {
        let h = titleLabel.lineHeight
        titleLabel.frame = Rect(x: 6, y: ((frame.height - h) / 2).rounded(), width: max(0, frame.width - 12), height: h)
    }
}
