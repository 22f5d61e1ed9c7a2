import DisplayList
import InputEvents
import MapGeometry

/// A rectangle in a retained tree, as `UIView`: it has a frame in its
/// superview, subviews painted in order, and takes part in hit testing and
/// the accessibility mirror. Rendering a tree gives display-list items with
/// the view's stable `id`.
///
/// Views belong to one session and are used from that session's queue only.
open class View {
    /// The display-list item id: stable for the view's life.
    public let id: UInt32 = ItemID.next()
    /// Position in the superview's coordinates (or relative to `worldAnchor`) and size.
    public var frame: Rect { didSet { invalidateRender() } }
    /// The views inside this one, back to front: later ones paint over earlier ones and are hit first.
    public private(set) var subviews: [View] = [] {
        didSet {
            subviewsVersion &+= 1
            invalidateRender()
        }
    }
    /// The view this one is a subview of. Not `weak`: a weak reference gives
    /// the parent a side table, which sends every retain and release of every
    /// view with subviews down the slow path (a quarter of a hit test's time).
    /// A parent clears its children's pointers when it goes (see `deinit`),
    /// and views are used from one queue, so the pointer never dangles.
    public private(set) unowned(unsafe) var superview: View?

    /// When set, `frame.origin` is relative to this world point's screen position:
    /// the view follows the map as it pans with no per-frame updates. A new
    /// anchor is jumped to; `glideAnchor(to:milliseconds:)` glides there.
    public var worldAnchor: Point? {
        didSet {
            if glideMilliseconds != 0, !isSettingGlide, worldAnchor != oldValue { glideMilliseconds = 0 }
            invalidateAnchor()
        }
    }
    /// Hidden views and their subviews are not drawn, hit, focused or mirrored.
    public var isHidden = false { didSet { invalidateRender() } }
    /// Whether the superview holds this view's last render as what it draws
    /// (View+RenderHolding.swift). Beside a Bool, in the padding before the
    /// next 8-byte field: it makes no view larger.
    package var isRenderHeld = false
    /// Set only while `glideAnchor(to:milliseconds:)` moves the anchor, so
    /// that move keeps its glide. In the same padding as the flag above.
    private var isSettingGlide = false
    /// How long the page takes to move the view to a new anchor (the
    /// protocol's `GLIDE`): set by `glideAnchor(to:milliseconds:)` and kept
    /// until the anchor is set otherwise. In the same padding as the flags.
    package private(set) var glideMilliseconds: UInt16 = 0 { didSet { invalidateAnchor() } }
    /// Whether all that changed in what the view draws since its render was
    /// held is its anchor and glide (a live pin's move): the holder may
    /// patch those two properties of what it held rather than render the
    /// view again (View+RenderHolding.swift). In the same padding as the flags.
    package internal(set) var changedOnlyInAnchor = false
    /// Opacity in 0...1, subviews included; a view nearly transparent is not hit.
    public var alpha: Double = 1 { didSet { invalidateRender() } }
    /// Scale about `scaleOrigin` (in the view's own coordinates).
    public var scale: Double = 1 { didSet { invalidateRender() } }
    /// The point that stays put when `scale` changes (a callout grows from its arrow tip).
    public var scaleOrigin: Point = .zero { didSet { invalidateRender() } }
    /// The fill behind the subviews; `.clear` draws none.
    public var backgroundColor: Color = .clear { didSet { invalidateRender() } }
    /// The outline's colour; `.clear` draws none.
    public var borderColor: Color = .clear { didSet { invalidateRender() } }
    /// The outline's width, CSS px, when `borderColor` is set.
    public var borderWidth: Double = 1 { didSet { invalidateRender() } }
    /// Rounds the background, border and clipping, CSS px.
    public var cornerRadius: Double = 0 { didSet { invalidateRender() } }
    /// A drop shadow under the background.
    public var shadow: ItemShadow = .none { didSet { invalidateRender() } }
    /// Cuts subviews off at the bounds, and ignores touches outside them.
    public var clipsToBounds = false { didSet { invalidateRender() } }
    /// Counts changes to `subviews` (added, removed, reordered): a cache of
    /// the subviews' renders holds while it is unchanged. 32 bits beside a
    /// Bool, in padding, like `isRenderHeld`.
    package private(set) var subviewsVersion: UInt32 = 0
    /// Content shift for scrolling containers: subviews are drawn at `-contentOffset`.
    public var contentOffset: Point = .zero { didSet { invalidateRender() } }
    /// False makes the view and its subtree invisible to hit testing, as in UIKit.
    public var isUserInteractionEnabled = true

    /// The view's entry in the accessibility mirror, if any.
    public var accessibilityRole: AccessibilityElement.Role? { didSet { invalidateRender() } }
    /// What a screen reader says for the view; a view with a role but no label is not mirrored.
    public var accessibilityLabel: String? { didSet { invalidateRender() } }
    /// States a screen reader announces (selected, disabled, expanded).
    public var accessibilityFlags: AccessibilityElement.Flags = [] { didSet { invalidateRender() } }

    /// A view at `frame` in its future superview, drawing nothing until styled.
    public init(frame: Rect = .zero) {
        self.frame = frame
    }

    deinit {
        for sub in subviews { sub.superview = nil }
    }

    /// The view's own rectangle: its size at its own origin, where subviews' frames live.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    // MARK: Tree

    /// Appends `view` on top of the other subviews, taking it from its old superview.
    open func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` in paint order (0 is at the back), taking it from its old superview.
    open func insertSubview(_ view: View, at index: Int) {
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
    }

    /// Takes the view out of its superview's tree; it stops drawing and taking input.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        if let i = parent.subviews.firstIndex(where: { $0 === self }) { parent.subviews.remove(at: i) }
        superview = nil
    }

    /// Removes every subview `shouldRemove` picks in one pass (a map retiring many pins at once).
    package func removeSubviews(where shouldRemove: (View) -> Bool) {
        subviews.removeAll { sub in
            guard shouldRemove(sub) else { return false }
            sub.superview = nil
            return true
        }
    }

    /// Moves `view` above its siblings.
    public func bringSubviewToFront(_ view: View) {
        guard let i = subviews.firstIndex(where: { $0 === view }), i != subviews.count - 1 else { return }
        subviews.remove(at: i)
        subviews.append(view)
    }

    /// Reorders subviews in place (stable), used for z-priority.
    package func sortSubviews(by areInIncreasingOrder: (View, View) -> Bool) {
        subviews.sort(by: areInIncreasingOrder)
    }

    /// Puts the subviews in the order `order` gives (positions in
    /// `subviews`, each once): for callers that sort by keys of their own.
    package func reorderSubviews(_ order: [Int]) {
        precondition(order.count == subviews.count, "an order must name every subview once")
        subviews = order.map { subviews[$0] }
    }

    /// Moves the subview at position `from` to position `to` of the list
    /// without it: for callers that put a few subviews back in an order of
    /// their own. The others shift over and are not otherwise touched.
    package final func moveSubview(from: Int, to: Int) {
        let view = subviews.remove(at: from)
        subviews.insert(view, at: to)
    }

    /// The root of the tree, if it is a window.
    public var window: Window? {
        var v: View? = self
        while let current = v {
            if let w = current as? Window { return w }
            v = current.superview
        }
        return nil
    }

    /// True when this view is `view` or inside it.
    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }

    /// Moves the view's anchor to `point`, the page gliding it there from
    /// where it is drawn over `milliseconds` (a live pin's move: one frame,
    /// however long the glide). Setting `worldAnchor` afterwards jumps.
    package func glideAnchor(to point: Point, milliseconds: UInt16) {
        isSettingGlide = true
        if worldAnchor != point { worldAnchor = point }
        isSettingGlide = false
        if glideMilliseconds != milliseconds { glideMilliseconds = milliseconds }
    }

    // MARK: Geometry

    /// Where the view's origin is in its superview's content coordinates,
    /// the anchor projected with the window's camera.
    public func originInSuperview() -> Point {
        guard let anchor = worldAnchor, let window else { return frame.origin }
        return window.screenPoint(forWorld: anchor) + frame.origin
    }

    /// Converts a point in the superview's coordinates into this view's.
    public func convertFromSuperview(_ p: Point) -> Point {
        let scroll = superview?.contentOffset ?? .zero
        var q = p + scroll - originInSuperview()
        if scale != 1, scale > 0 {
            q = scaleOrigin + (q - scaleOrigin) * (1 / scale)
        }
        return q
    }

    /// Converts a point in this view's coordinates into its superview's.
    public func convertToSuperview(_ p: Point) -> Point {
        let scaled = scaleOrigin + (p - scaleOrigin) * scale
        let scroll = superview?.contentOffset ?? .zero
        return scaled + originInSuperview() - scroll
    }

    /// Converts a window (screen) point into this view's coordinates.
    public func convertFromWindow(_ p: Point) -> Point {
        var chain: [View] = []
        var v: View? = self
        while let current = v, !(current is Window) {
            chain.append(current)
            v = current.superview
        }
        return chain.reversed().reduce(p) { $1.convertFromSuperview($0) }
    }

    /// This view's bounds in window (screen) coordinates, ignoring clipping.
    public func frameInWindow() -> Rect {
        var topLeft = Point.zero
        var bottomRight = Point(x: frame.width, y: frame.height)
        var v: View? = self
        while let current = v, !(current is Window) {
            topLeft = current.convertToSuperview(topLeft)
            bottomRight = current.convertToSuperview(bottomRight)
            v = current.superview
        }
        return Rect(x: topLeft.x, y: topLeft.y, width: bottomRight.x - topLeft.x, height: bottomRight.y - topLeft.y)
    }

    // MARK: Hit testing

    /// The deepest visible, interactive view containing `point` (in this view's
    /// coordinates), front-most first: UIKit's `hitTest(_:with:)`.
    open func hitTest(_ point: Point) -> View? {
        // Scaled to nothing (a callout at the start of its stretch) it is drawn nowhere, so hit nowhere.
        guard !isHidden, isUserInteractionEnabled, alpha > 0.01, scale > 0 else { return nil }
        let inside = self.point(inside: point)
        if clipsToBounds && !inside { return nil }
        for sub in subviews.reversed() {
            if let hit = sub.hitTest(sub.convertFromSuperview(point)) { return hit }
        }
        return inside ? self : nil
    }

    /// True when `point` (own coordinates) is on this view; override for round or shaped views.
    open func point(inside point: Point) -> Bool {
        bounds.contains(point)
    }

    // MARK: Events (return true when handled; unhandled events go to the superview)

    /// A press began on this view at `location` (own coordinates). Return
    /// true to take the press: the rest of it (moves, up) comes here wherever
    /// the pointer goes. The default passes it to the superview.
    open func pointerDown(_ event: PointerEvent, at location: Point) -> Bool { false }
    /// The pointer of a press this view took moved to `location` (own coordinates).
    open func pointerMoved(_ event: PointerEvent, at location: Point) {}
    /// The press this view took ended at `location` (own coordinates).
    open func pointerUp(_ event: PointerEvent, at location: Point) {}
    /// The press this view took was taken away (by the browser): undo what it started.
    open func pointerCancelled(_ event: PointerEvent) {}
    /// A wheel or trackpad scroll over this view; return true to consume it
    /// (the default passes it to the superview).
    open func wheel(_ event: WheelEvent, at location: Point) -> Bool { false }
    /// A key while this view or a subview has focus; return true to consume it
    /// (the default passes it to the superview).
    open func key(_ event: KeyEvent) -> Bool { false }
    /// Enter/Space on the focused view, or ACTIVATE from the mirror.
    open func activate() -> Bool { false }
    /// Whether Tab stops here: by default, visible views with an accessibility role.
    open var canBecomeFocused: Bool { accessibilityRole != nil && !isHidden }
    /// The view just got keyboard focus (show a focus ring, scroll into view).
    open func didGainFocus() {}
    /// The view just lost keyboard focus.
    open func didLoseFocus() {}
    /// The subviews that keyboard focus may visit; a map limits this to what is on screen.
    open func visibleSubviewsForFocus() -> [View] { subviews }

    // MARK: Rendering (see View+Rendering.swift)

    /// What this view's item draws.
    open var itemKind: ItemKind {
        (backgroundColor == .clear && borderColor == .clear && shadow == .none) ? .group : .rect
    }

    /// The item properties of the view itself (not its subviews).
    open func itemProperties() -> ItemProperties {
        var p = ItemProperties()
        p.frame = Rect32(frame)
        if let worldAnchor { p.anchor = WorldAnchor(worldAnchor) }
        p.glideMilliseconds = glideMilliseconds
        if scale != 1 {
            p.scale = ItemScale(scale: Float(scale), originX: Float(scaleOrigin.x), originY: Float(scaleOrigin.y))
        }
        p.alpha = Float(alpha)
        p.fill = backgroundColor
        if borderColor != .clear { p.stroke = ItemStroke(color: borderColor, width: Float(borderWidth)) }
        p.radius = Float(cornerRadius)
        p.shadow = shadow
        p.clip = clipsToBounds
        p.hidden = isHidden
        if contentOffset != .zero { p.scroll = Point32(x: Float(contentOffset.x), y: Float(contentOffset.y)) }
        return p
    }

    /// Renders the subviews under this view's item. Override to render only
    /// some (a map renders only what is near the viewport). Hidden views'
    /// subtrees are not rendered at all.
    open func renderSubviews(into context: inout RenderContext) {
        for sub in subviews { sub.render(parent: id, into: &context) }
    }

    /// A hook for views that use resources (fonts, images) or add extra items.
    open func willRenderContent(into context: inout RenderContext) {}
}
