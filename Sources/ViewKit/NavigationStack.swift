import InputEvents
import MapGeometry

/// A screen that can be pushed on a `NavigationStack`, as a view controller's view.
open class Screen: View {
    /// The stack it is on, while it is on one.
    public internal(set) weak var navigationStack: NavigationStack?
    /// What had keyboard focus when the screen was pushed; it gets it back on pop.
    weak var focusBeforePush: View?

    /// A screen at `frame`; the stack lays it out to fill the window when pushed.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// Lays the screen out for `size` (on push and when the window resizes).
    open func layout(in size: Size) {
        frame = Rect(origin: frame.origin, size: size)
    }

    /// The view keyboard focus goes to when the screen appears (its back button).
    open var initialFocus: View? { nil }

    /// Escape goes back, as the browser's Back does.
    open override func key(_ event: KeyEvent) -> Bool {
        guard event.key == "Escape", let stack = navigationStack else { return false }
        stack.pop(animated: true)
        return true
    }

    /// A screen is opaque to the pointer: a press nothing on it took stops here.
    open override func pointerDown(_ event: PointerEvent, at location: Point) -> Bool { true }
    /// A screen is opaque to the wheel too: the map under it never zooms.
    open override func wheel(_ event: WheelEvent, at location: Point) -> Bool { true }
}

/// Screens pushed over a root view with a sliding transition, as
/// `UINavigationController`: a push slides the new screen in from the right,
/// a pop slides it out. Once a screen covers everything, the views under it
/// are hidden, so they neither paint, take focus nor appear in the mirror.
public final class NavigationStack {
    /// How long a push or pop slides.
    public static let transitionDuration = 0.35

    /// The view screens are added to (the window).
    public unowned let container: View
    /// What the screens cover (the map); hidden while a screen is fully shown.
    public unowned let root: View
    /// The pushed screens, bottom first.
    public private(set) var screens: [Screen] = []
    /// Who got unfocused keys before the first push; keys go to the top screen while one is shown.
    private weak var baseKeyResponder: View?
    /// Called after the top screen changed (a push began or a pop finished).
    public var didChange: (() -> Void)?

    /// A stack that pushes screens into `container` over `root`.
    public init(container: View, root: View) {
        self.container = container
        self.root = root
    }

    /// The screen shown on top; nil when `root` shows.
    public var topScreen: Screen? { screens.last }

    private var animator: Animator? { container.window?.animator }

    /// Slides `screen` in over what is shown and focuses its `initialFocus`.
    public func push(_ screen: Screen, animated: Bool) {
        let size = container.frame.size
        screen.layout(in: size)
        screen.navigationStack = self
        let below: View = topScreen ?? root
        if screens.isEmpty { baseKeyResponder = container.window?.defaultKeyResponder }
        screen.focusBeforePush = container.window?.focusedView
        screens.append(screen)
        container.addSubview(screen)
        container.window?.defaultKeyResponder = screen
        let finish = { [weak self, weak screen, weak below] in
            guard let screen, self?.topScreen === screen else { return }
            screen.frame.origin.x = 0
            below?.isHidden = true
        }
        if animated, let animator {
            screen.frame.origin.x = size.width
            animator.animate(
                key: "navigation", duration: Self.transitionDuration,
                update: { [weak screen] t in
                    screen?.frame.origin.x = (size.width * (1 - TimingCurve.easeOut.value(t))).rounded()
                }, completion: finish)
        } else {
            finish()
        }
        if let focus = screen.initialFocus { container.window?.focus(focus) }
        didChange?()
    }

    /// Slides the top screen out and shows what was under it.
    public func pop(animated: Bool) {
        guard let screen = screens.popLast() else { return }
        let below: View = topScreen ?? root
        below.isHidden = false
        screen.navigationStack = nil
        // A leaving screen is gone for input and the mirror at once; only its picture slides away.
        screen.isUserInteractionEnabled = false
        func silence(_ v: View) {
            v.accessibilityRole = nil
            for s in v.subviews { silence(s) }
        }
        silence(screen)
        container.window?.defaultKeyResponder = topScreen ?? baseKeyResponder
        let width = container.frame.width
        if let window = container.window, window.focusedView.map({ $0.isDescendant(of: screen) }) ?? true {
            // Back to where the user was before the push, if it is still there.
            let previous = screen.focusBeforePush.flatMap { $0.window === window ? $0 : nil }
            window.focus(previous)
        }
        if animated, let animator {
            let start = screen.frame.minX
            animator.animate(
                key: "navigation", duration: Self.transitionDuration,
                update: { [weak screen] t in
                    screen?.frame.origin.x = (start + (width - start) * TimingCurve.easeInOut.value(t)).rounded()
                }, completion: { [weak screen] in screen?.removeFromSuperview() })
        } else {
            screen.removeFromSuperview()
        }
        didChange?()
    }

    /// Pops every screen.
    public func popToRoot(animated: Bool) {
        while !screens.isEmpty { pop(animated: animated) }
    }

    /// Re-lays every screen for a new container size.
    package func containerDidResize() {
        for s in screens { s.layout(in: container.frame.size) }
    }
}
