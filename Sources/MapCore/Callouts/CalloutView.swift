import DisplayList
import InputEvents
import MapGeometry
import ViewKit

/// The standard callout, as MapKit draws it for `canShowCallout`: title,
/// subtitle (or a detail view), left and right accessory views, on a bubble
/// whose arrow points at the pin. It opens with SMCalloutView's bounce,
/// growing from the arrow tip, and closes with a fade (see `CalloutAnimation`
/// for the others).
public final class CalloutView: View {
    /// The open animation: scale keyframes and key times over 1/3 s, each
    /// segment eased in and out (SMCalloutView, from UIKit's own).
    package static let bounce = Keyframes(
        values: [0.05, 1.11245, 0.951807, 1.0],
        keyTimes: [0, 4.0 / 9.0, 4.0 / 9.0 + 5.0 / 18.0, 1],
        curves: [.easeInOut, .easeInOut, .easeInOut])
    package static let bounceDuration = CalloutAnimation.bounce.duration

    static let padding = EdgeInsets(top: 10, left: 12, bottom: 10, right: 12)
    static let accessorySpacing = 10.0
    static let maxWidth = 300.0

    /// The body and arrow behind the content.
    public let bubble = BubbleView()
    /// The annotation's title, bold.
    public let titleLabel: Label
    /// The annotation's subtitle; hidden when empty or when a detail accessory shows.
    public let subtitleLabel: Label
    /// The annotation view's `leftCalloutAccessoryView`, as shown.
    public private(set) var leftAccessory: View?
    /// The annotation view's `rightCalloutAccessoryView`, as shown.
    public private(set) var rightAccessory: View?
    /// The annotation view's `detailCalloutAccessoryView` (the custom subtitle view), as shown.
    public private(set) var detailAccessory: View?
    /// The annotation view's `calloutTitleView`, shown instead of the title label.
    public private(set) var titleAccessory: View?
    /// True while a press on the bubble is down, when the delegate lets it highlight.
    public private(set) var isHighlighted = false
    /// Asked on a press whether the bubble highlights (and so can be clicked).
    var shouldHighlight: () -> Bool = { false }
    /// A highlighted press released on the bubble.
    var onClick: () -> Void = {}
    /// Light or dark, as the map it opened on.
    package private(set) var colors = MapChromeColors.light
    /// The annotation view this callout points at.
    public private(set) weak var annotationView: AnnotationView?
    /// Which ways its arrow may point; the annotation view's `calloutPermittedArrowDirection`.
    public private(set) var permittedArrowDirection: CalloutPlacement.PermittedArrowDirection = .preferDown
    /// How it appears; the annotation view's `calloutPresentAnimation`.
    public private(set) var presentAnimation = CalloutAnimation.bounce
    /// How it goes; the annotation view's `calloutDismissAnimation`.
    public private(set) var dismissAnimation = CalloutAnimation.fade

    package init(for view: AnnotationView, fonts: FontBook) {
        annotationView = view
        titleLabel = Label(text: "", typeface: fonts.bold, fontSize: 16, color: Color(hex: 0x1C1C1E))
        subtitleLabel = Label(text: "", typeface: fonts.regular, fontSize: 13, color: Color(hex: 0x6C6C70))
        super.init()
        accessibilityRole = .dialog
        titleLabel.accessibilityRole = .heading
        subtitleLabel.accessibilityRole = .text
        addSubview(bubble)
        for v in [titleLabel, subtitleLabel] { addSubview(v) }
        update(from: view)
    }

    /// Takes the light or dark look. An accessory button still in the other
    /// look's system blue follows, as a UIKit button tinted by default does; one the app tinted keeps its tint.
    package func apply(_ colors: MapChromeColors) {
        let old = self.colors
        self.colors = colors
        bubble.backgroundColor = isHighlighted ? colors.calloutPressed : colors.calloutFill
        titleLabel.textColor = colors.calloutTitle
        subtitleLabel.textColor = colors.calloutSubtitle
        applyTint(from: old)
    }

    private func applyTint(from old: MapChromeColors) {
        for case let button as DetailDisclosureButton in [leftAccessory, rightAccessory] {
            if button.tintColor == old.tint || button.tintColor == MapChromeColors.light.tint {
                button.tintColor = colors.tint
            }
        }
    }

    /// Re-reads title, subtitle and accessories (the annotation's callout info changed).
    package func update(from view: AnnotationView) {
        titleLabel.text = view.annotation?.title ?? ""
        subtitleLabel.text = view.annotation?.subtitle ?? ""
        accessibilityLabel = titleLabel.text
        permittedArrowDirection = view.calloutPermittedArrowDirection
        presentAnimation = view.calloutPresentAnimation
        dismissAnimation = view.calloutDismissAnimation
        swap(&leftAccessory, view.leftCalloutAccessoryView)
        swap(&rightAccessory, view.rightCalloutAccessoryView)
        swap(&detailAccessory, view.detailCalloutAccessoryView)
        swap(&titleAccessory, view.calloutTitleView)
        applyTint(from: colors)
        titleLabel.isHidden = titleAccessory != nil
        subtitleLabel.isHidden = detailAccessory != nil || subtitleLabel.text.isEmpty
    }

    private func swap(_ slot: inout View?, _ new: View?) {
        guard slot !== new else { return }
        slot?.removeFromSuperview()
        slot = new
        if let new { addSubview(new) }
    }

    /// Lays out the content for a map `mapWidth` wide and returns the bubble body size.
    package func layoutContent(mapWidth: Double) -> Size {
        let pad = Self.padding
        let maxWidth = min(Self.maxWidth, mapWidth - 2 * CalloutPlacement.margin)
        let leftW = leftAccessory.map { $0.frame.width + Self.accessorySpacing } ?? 0
        let rightW = rightAccessory.map { $0.frame.width + Self.accessorySpacing } ?? 0
        let textMax = max(40, maxWidth - pad.left - pad.right - leftW - rightW)
        let title = titleAccessory?.frame.size ?? titleLabel.sizeThatFits(maxWidth: textMax)
        var textW = title.width
        var textH = title.height
        if let detail = detailAccessory {
            textW = max(textW, detail.frame.width)
            textH += 4 + detail.frame.height
        } else if !subtitleLabel.isHidden {
            let sub = subtitleLabel.sizeThatFits(maxWidth: textMax)
            textW = max(textW, sub.width)
            textH += 2 + sub.height
        }
        textW = min(textW, textMax)
        let accessoryH = max(leftAccessory?.frame.height ?? 0, rightAccessory?.frame.height ?? 0)
        let contentH = max(textH, accessoryH)
        let size = Size(
            width: (pad.left + leftW + textW + rightW + pad.right).rounded(.up),
            height: (pad.top + contentH + pad.bottom).rounded(.up))
        var x = pad.left
        if let left = leftAccessory {
            let offset = annotationView?.leftCalloutOffset ?? .zero
            left.frame.origin = Point(x: x + offset.x, y: ((size.height - left.frame.height) / 2).rounded() + offset.y)
            x += left.frame.width + Self.accessorySpacing
        }
        let textTop = (pad.top + (contentH - textH) / 2).rounded()
        titleLabel.frame = Rect(x: x, y: textTop, width: textW, height: title.height)
        titleAccessory?.frame.origin = Point(x: x, y: textTop)
        if let detail = detailAccessory {
            detail.frame.origin = Point(x: x, y: titleLabel.frame.maxY + 4)
        } else {
            subtitleLabel.frame = Rect(
                x: x, y: titleLabel.frame.maxY + 2, width: textW, height: subtitleLabel.lineHeight)
        }
        if let right = rightAccessory {
            let offset = annotationView?.rightCalloutOffset ?? .zero
            right.frame.origin = Point(
                x: size.width - pad.right - right.frame.width + offset.x,
                y: ((size.height - right.frame.height) / 2).rounded() + offset.y)
        }
        return size
    }

    /// Puts the bubble where `placement` says, relative to `anchorScreen`, the
    /// screen point of the annotation's world anchor.
    package func apply(_ placement: CalloutPlacement, anchorScreen: Point, anchorWorld: Point) {
        worldAnchor = anchorWorld
        frame = Rect(
            x: (placement.frame.minX - anchorScreen.x).rounded(),
            y: (placement.frame.minY - anchorScreen.y).rounded(),
            width: placement.frame.width, height: placement.frame.height)
        bubble.frame = bounds
        bubble.direction = placement.direction
        bubble.arrowX = placement.arrowX.rounded()
        scaleOrigin = bubble.arrowTip
    }

    /// Its present animation, on `animator`'s clock, once `delay` seconds
    /// (the map's scroll to fit) have passed; hidden until then.
    package func present(animator: Animator, after delay: Double = 0) {
        let animation = presentAnimation
        let duration = animation.duration
        let total = delay + duration
        isHidden = delay > 0
        apply(animation, at: duration > 0 ? 0 : 1)
        guard total > 0 else { return }
        animator.animate(key: presentationAnimationKey, duration: total) { [weak self] t in
            let elapsed = t * total
            self?.isHidden = elapsed < delay
            self?.apply(animation, at: duration > 0 ? max(0, elapsed - delay) / duration : 1)
        }
    }

    /// Shows `animation` at time fraction `t` of its run in.
    private func apply(_ animation: CalloutAnimation, at t: Double) {
        switch animation {
        case .bounce:
            scale = Self.bounce.value(at: t)
            alpha = 1
        case .fade:
            alpha = TimingCurve.easeInOut.value(t)
            scale = 1
        case .stretch:
            scale = t
            alpha = 1
        case .none:
            alpha = 1
            scale = 1
        }
    }

    /// Leaves the mirror and input at once, runs its dismiss animation, then
    /// removes itself (at once when not animated or `.none`).
    package func dismiss(animator: Animator?, animated: Bool) {
        switch dismissAnimation {
        case .fade, .none:
            let animate = animated && dismissAnimation != .none
            fadeOutAndRemove(over: dismissAnimation.duration, animator: animator, animated: animate)
        case .bounce:
            // Silenced and removed by the fade machinery; the scale shrinks into the tip meanwhile.
            fadeOutAndRemove(over: dismissAnimation.duration, animator: animator, animated: animated)
            guard animated, let animator else { return }
            let startScale = scale
            animator.animate(key: "callout.dismiss.scale", duration: dismissAnimation.duration) { [weak self] t in
                self?.scale = startScale * (1 - TimingCurve.easeInOut.value(t) * 0.95)
            }
        case .stretch:
            // No fade: it shrinks into the tip at constant speed and goes when it is gone.
            let startScale = scale
            animateOutAndRemove(over: dismissAnimation.duration, animator: animator, animated: animated) { view, t in
                view.scale = startScale * (1 - t)
            }
        }
    }

    /// The bubble swallows presses so the map under it doesn't deselect; it
    /// highlights when the delegate says so (SMCalloutView's `calloutViewShouldHighlight`).
    public override func pointerDown(_ event: PointerEvent, at location: Point) -> Bool {
        if shouldHighlight() { setHighlighted(true) }
        return true
    }

    /// Highlighted only while the pointer stays on the bubble.
    public override func pointerMoved(_ event: PointerEvent, at location: Point) {
        guard shouldHighlight() else { return }
        setHighlighted(point(inside: location))
    }

    /// A highlighted press released on the bubble is a click (`calloutViewClicked`).
    public override func pointerUp(_ event: PointerEvent, at location: Point) {
        let clicked = isHighlighted && point(inside: location)
        setHighlighted(false)
        if clicked { onClick() }
    }

    /// Unhighlights without a click.
    public override func pointerCancelled(_ event: PointerEvent) { setHighlighted(false) }

    private func setHighlighted(_ on: Bool) {
        isHighlighted = on
        bubble.backgroundColor = on ? colors.calloutPressed : colors.calloutFill
    }
    /// The bubble swallows the wheel so the map under it doesn't zoom.
    public override func wheel(_ event: WheelEvent, at location: Point) -> Bool { true }
    /// The bubble's shape, arrow included, is the callout's.
    public override func point(inside point: Point) -> Bool {
        bubble.point(inside: point)
    }
}
