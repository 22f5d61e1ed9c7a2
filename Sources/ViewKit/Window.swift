import DisplayList
import InputEvents
import MapGeometry

/// The root of a session's view tree: the browser's canvas. It routes input
/// to views (pointer capture, focus, the responder chain), owns the animator,
/// and renders the tree into a scene.
///
/// The session makes one per browser tab; views reach it through `View.window`
/// for its animator, its clock and keyboard focus.
public final class Window: View {
    /// Runs the animations of every view in this window on the window's clock.
    public let animator: Animator
    /// Projects a world point to the screen; set by the map that owns the camera.
    package var worldToScreen: (Point) -> Point = { $0 }
    /// The view that gets keys nobody focused handles (the map).
    package weak var defaultKeyResponder: View?
    /// The view with keyboard focus, if any (`focus(_:)` moves it).
    public private(set) weak var focusedView: View?
    /// A focus change the browser should mirror (the session sends it as a
    /// `FOCUS` op, through `takeFocusForMirror()`).
    package var pendingFocus: UInt32?
    package var cursor: Cursor = .default

    private var captured: [UInt32: View] = [:]
    /// Views that close on Escape or a press outside them (Window+Dismissibles.swift).
    var dismissibles: [Dismissible] = []
    /// Items in the last rendered scene: the next one reserves as many.
    private var lastItemCount = 0
    /// Renders so far (`Scene.generation`).
    package private(set) var generation: UInt64 = 0

    package init(size: Size, clock: Clock) {
        animator = Animator(clock: clock)
        super.init(frame: Rect(origin: .zero, size: size))
    }

    /// The time animations and gestures run on, in seconds.
    public var clock: Clock { animator.clock }
    /// The browser's canvas size, CSS px.
    public var size: Size { frame.size }

    /// Where a world point is on screen, with the camera of the map in this window.
    public func screenPoint(forWorld p: Point) -> Point { worldToScreen(p) }

    // MARK: Pointer

    /// Delivers a pointer event: a down goes to the deepest view under it and
    /// climbs the superview chain until one handles it; that view then gets the
    /// rest of the gesture (pointer capture), wherever the pointer goes. A
    /// down outside the frontmost dismissible view only closes it.
    package func dispatch(_ event: PointerEvent) {
        switch event.phase {
        case .down:
            if dismissFrontmost(ifOutside: event.location) {
                // The window takes the rest of the press and does nothing with it.
                captured[event.pointerID] = self
                return
            }
            var v = hitTest(event.location)
            while let current = v {
                if current.pointerDown(event, at: current.convertFromWindow(event.location)) {
                    captured[event.pointerID] = current
                    return
                }
                v = current.superview
            }
        case .moved:
            if let target = captured[event.pointerID] {
                target.pointerMoved(event, at: target.convertFromWindow(event.location))
            } else {
                hover(event)
            }
        case .up:
            if let target = captured.removeValue(forKey: event.pointerID) {
                target.pointerUp(event, at: target.convertFromWindow(event.location))
            }
        case .cancelled:
            captured.removeValue(forKey: event.pointerID)?.pointerCancelled(event)
        }
    }

    private func hover(_ event: PointerEvent) {
        var v = hitTest(event.location)
        while let current = v {
            if let c = (current as? CursorProviding)?.cursor {
                cursor = c
                return
            }
            v = current.superview
        }
        cursor = .default
    }

    /// Sends a wheel event up the chain from the view under it.
    package func dispatch(_ event: WheelEvent) {
        var v = hitTest(event.location)
        while let current = v {
            if current.wheel(event, at: current.convertFromWindow(event.location)) { return }
            v = current.superview
        }
    }

    // MARK: Keyboard and focus

    /// Tab/Shift-Tab move focus through the accessible views in paint order;
    /// Escape closes the frontmost dismissible view, if one shows; Enter and
    /// Space activate; other keys go up the chain from the focused view, then
    /// to `defaultKeyResponder`.
    package func dispatch(_ event: KeyEvent) {
        guard event.phase == .down else { return }
        if event.key == "Tab" {
            moveFocus(backwards: event.modifiers.contains(.shift))
            return
        }
        if event.key == "Escape", dismissFrontmost() { return }
        if event.key == "Enter" || event.key == " ", let f = focusedView, f.activate() { return }
        var v: View? = focusedView
        while let current = v {
            if current.key(event) { return }
            v = current.superview
        }
        if let d = defaultKeyResponder, !(focusedView?.isDescendant(of: d) ?? false) { _ = d.key(event) }
    }

    /// Focuses `view` (nil clears focus) and tells the browser.
    public func focus(_ view: View?) {
        guard view !== focusedView else { return }
        let old = focusedView
        focusedView = view
        old?.didLoseFocus()
        view?.didGainFocus()
        pendingFocus = view?.id ?? 0
    }

    /// The focus change to send the browser now, if any. The browser draws
    /// its focus ring around the focused view's mirror element, which stands
    /// where the view will be even while it cannot be seen; so a change to a
    /// view still hidden or transparent (a card waiting for the map's scroll
    /// to fit) waits until the view shows, and its ring appears with it. A
    /// view wholly off screen (a screen about to slide in) waits too: the
    /// browser hides its element, which cannot take focus.
    package func takeFocusForMirror() -> UInt32? {
        guard let pending = pendingFocus else { return nil }
        if pending != 0, let view = focusedView, view.id == pending,
            !view.isShowing(in: self) || !view.isOnScreen(in: self)
        {
            return nil
        }
        pendingFocus = nil
        return pending
    }

    /// Focus coming from the browser's mirror: no echo back.
    package func focusFromMirror(item: UInt32) {
        let view = item == 0 ? nil : findView(item: item)
        focus(view)
        pendingFocus = nil
    }

    /// The mirror element of `item` was clicked or activated by keyboard.
    @discardableResult
    package func activate(item: UInt32) -> Bool {
        guard let view = findView(item: item) else { return false }
        return view.activate()
    }

    private func moveFocus(backwards: Bool) {
        let order = focusableViews()
        guard !order.isEmpty else { return }
        let current = focusedView.flatMap { f in order.firstIndex { $0 === f } }
        let next: Int
        if let current {
            next = (current + (backwards ? order.count - 1 : 1)) % order.count
        } else {
            next = backwards ? order.count - 1 : 0
        }
        focus(order[next])
    }

    /// The views that take keyboard focus, in the order they are painted:
    /// only those with some part on screen, as the browser's mirror has them
    /// (a pin in the margin beyond the map's edge is not a Tab stop).
    package func focusableViews() -> [View] {
        var out: [View] = []
        func walk(_ v: View) {
            guard !v.isHidden else { return }
            if v.canBecomeFocused, v.isOnScreen(in: self) { out.append(v) }
            for s in v.visibleSubviewsForFocus() { walk(s) }
        }
        walk(self)
        return out
    }

    /// The view with display-list id `item` in this tree.
    package func findView(item: UInt32) -> View? {
        func walk(_ v: View) -> View? {
            if v.id == item { return v }
            for s in v.subviews { if let f = walk(s) { return f } }
            return nil
        }
        return walk(self)
    }

    // MARK: Rendering

    /// The whole tree as a scene; the window itself is not an item.
    package func renderScene() -> Scene {
        var context = RenderContext()
        generation += 1
        context.scene.generation = generation
        // Items are large values: growing the array from empty copies them
        // all a few times per frame, so start at the size of the last scene,
        // with room for a pan that brings a few views in (growing past it
        // copied the items once, and the differ's record once more to drop
        // the room the growth left).
        context.scene.items.reserveCapacity(lastItemCount + lastItemCount / 16)
        for sub in subviews { sub.render(parent: 0, into: &context) }
        context.scene.cursor = cursor
        context.scene.background = backgroundColor
        lastItemCount = context.scene.items.count
        return context.scene
    }
}

extension View {
    /// Whether some of the view is inside the window, cut by the ancestors
    /// that clip: where the browser puts its mirror element, which it hides
    /// when nothing of it is left.
    func isOnScreen(in window: Window) -> Bool {
        var visible = frameInWindow()
        var v: View? = superview
        while let current = v, current !== window {
            if current.clipsToBounds { visible = visible.clipped(to: current.frameInWindow()) }
            v = current.superview
        }
        return !visible.clipped(to: window.bounds).isEmpty
    }

    /// True when the view is in `window` and a person can see it: neither it
    /// nor a superview is hidden or nearly transparent (the bar hit testing uses).
    func isShowing(in window: Window) -> Bool {
        var opacity = 1.0
        var v: View? = self
        while let current = v {
            if current === window { return opacity > 0.01 }
            if current.isHidden { return false }
            opacity *= current.alpha
            v = current.superview
        }
        return false
    }
}

extension Rect {
    /// The part of this rect inside `other`; empty when they do not meet.
    fileprivate func clipped(to other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

/// A view that shows a particular cursor when hovered.
public protocol CursorProviding {
    /// The cursor while the pointer is over this view; nil lets the superview choose.
    var cursor: Cursor? { get }
}
