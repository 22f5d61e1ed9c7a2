import Foundation
import InputEvents
import MapGeometry

/// A clipped view whose content moves under it, as `UIScrollView`: drag to
/// scroll, keep gliding after a flick (momentum on the window's animator),
/// stretch with resistance past the ends and spring back (rubber-band bounce).
/// The wheel scrolls it too and is always consumed, so a map underneath never
/// zooms while the pointer is over a list.
///
/// Subclasses learn about the finger through `touchBegan(at:)`,
/// `touchCancelled()` and `tapped(at:)` (content coordinates), so rows can
/// highlight and select without taking the pointer away from the scroll view.
open class ScrollView: View {
    /// How far the content extends; the scrollable range is what exceeds the bounds.
    public var contentSize: Size = .zero {
        didSet { if contentSize != oldValue { contentOffset = clamped(contentOffset) } }
    }
    /// Bounce even when the content fits, as `alwaysBounceVertical`.
    public var alwaysBounceVertical = true
    /// Momentum decay constant in seconds: velocity falls by e every `decelerationTime`.
    public var decelerationTime = 0.325
    /// How long the spring back from a stretch takes.
    public static let bounceDuration = 0.4
    /// Movement before a press becomes a drag (a tap below it).
    public static let dragSlop = 6.0

    /// True while the pointer drags the content.
    public private(set) var isDragging = false
    /// True while the content glides or springs back after a release.
    public var isDecelerating: Bool { motion != nil && !(motion?.isCancelled ?? true) }

    private var pressStart: Point?
    private var dragOrigin: Point = .zero
    private var offsetAtPress: Point = .zero
    private var samples: [(point: Point, time: Double)] = []
    private var motion: Animator.Handle?

    /// An empty scroll view at `frame`; it clips its content. Set `contentSize`.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        clipsToBounds = true
    }

    /// Called when `contentOffset` changes; a list lays out its rows here.
    open func didScroll() {}

    /// How far the content is scrolled; setting it calls `didScroll()`.
    open override var contentOffset: Point {
        didSet { if contentOffset != oldValue { didScroll() } }
    }

    // MARK: Range

    /// The largest offset that shows content (zero when it fits).
    public var maxOffset: Point {
        Point(x: max(0, contentSize.width - frame.width), y: max(0, contentSize.height - frame.height))
    }

    private func clamped(_ p: Point) -> Point {
        let m = maxOffset
        return Point(x: min(max(p.x, 0), m.x), y: min(max(p.y, 0), m.y))
    }

    private var canScrollVertically: Bool { alwaysBounceVertical || maxOffset.y > 0 }

    /// Where the content sits for a finger offset `raw`: past the ends it moves
    /// less and less the further it is pulled (UIKit's rubber-band curve).
    func rubberBanded(_ raw: Double, limit: Double, dimension: Double) -> Double {
        func band(_ excess: Double) -> Double {
            let d = max(dimension, 1)
            return (1 - 1 / (excess * 0.55 / d + 1)) * d
        }
        if raw < 0 { return -band(-raw) }
        if raw > limit { return limit + band(raw - limit) }
        return raw
    }

    /// Scrolls to `offset` (clamped), stopping any glide.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        stopMotion()
        let target = clamped(offset)
        guard animated, let animator = window?.animator else {
            contentOffset = target
            return
        }
        let start = contentOffset
        motion = animator.animate(
            key: motionKey, duration: 0.3,
            update: { [weak self] t in
                let k = TimingCurve.easeOut.value(t)
                self?.contentOffset = start + (target - start) * k
            })
    }

    /// Scrolls the least that makes `rect` (content coordinates) visible.
    public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        var y = contentOffset.y
        if rect.minY < y { y = rect.minY } else if rect.maxY > y + frame.height { y = rect.maxY - frame.height }
        if y != contentOffset.y { setContentOffset(Point(x: contentOffset.x, y: y), animated: animated) }
    }

    // MARK: Touch hooks for subclasses

    /// A press began at `location` (content coordinates).
    open func touchBegan(at location: Point) {}
    /// The press turned into a drag or was cancelled.
    open func touchCancelled() {}
    /// A press ended where it began: a tap at `location` (content coordinates).
    open func tapped(at location: Point) {}

    // MARK: Pointer

    /// Takes a primary-button or touch press: it may become a tap or a drag.
    /// A press on gliding content only stops it.
    open override func pointerDown(_ event: PointerEvent, at location: Point) -> Bool {
        // Only the primary mouse button scrolls, as on the map.
        if event.kind == .mouse && event.buttons & 1 == 0 { return false }
        // A press on gliding content only stops it, as on iOS; it does not tap.
        let wasMoving = isDecelerating
        stopMotion()
        pressStart = location
        dragOrigin = location
        offsetAtPress = contentOffset
        samples = [(location, event.time)]
        isDragging = false
        if !wasMoving { touchBegan(at: location + contentOffset) } else { pressStart = nil }
        return true
    }

    /// Past the drag slop, the content follows the finger, rubber-banding past the ends.
    open override func pointerMoved(_ event: PointerEvent, at location: Point) {
        samples.append((location, event.time))
        if samples.count > 12 { samples.removeFirst(samples.count - 12) }
        if !isDragging, location.distance(to: dragOrigin) > Self.dragSlop {
            isDragging = true
            if pressStart != nil { touchCancelled() }
            pressStart = nil
        }
        // The content stays under the finger from where it went down.
        guard isDragging, canScrollVertically else { return }
        let raw = offsetAtPress.y - (location.y - dragOrigin.y)
        contentOffset = Point(
            x: contentOffset.x,
            y: rubberBanded(raw, limit: maxOffset.y, dimension: frame.height))
    }

    /// A drag glides on with the finger's speed or springs back; a press that did not move is a tap.
    open override func pointerUp(_ event: PointerEvent, at location: Point) {
        defer {
            pressStart = nil
            samples = []
        }
        guard isDragging else {
            if let start = pressStart, location.distance(to: start) <= Self.dragSlop {
                tapped(at: location + contentOffset)
            } else if pressStart != nil {
                touchCancelled()
            }
            return
        }
        isDragging = false
        samples.append((location, event.time))
        release(velocity: -verticalVelocity())
    }

    /// Ends the press without a tap, springing back if stretched.
    open override func pointerCancelled(_ event: PointerEvent) {
        if !isDragging, pressStart != nil { touchCancelled() }
        isDragging = false
        pressStart = nil
        release(velocity: 0)
    }

    /// Content velocity in px/s from the last 100 ms of samples (finger velocity, y).
    private func verticalVelocity() -> Double {
        guard let last = samples.last else { return 0 }
        guard let first = samples.first(where: { last.time - $0.time <= 0.1 }), last.time > first.time else { return 0 }
        return (last.point.y - first.point.y) / (last.time - first.time)
    }

    // MARK: Wheel

    /// Scrolls by the wheel's delta, with a small bounce at the ends; always consumed.
    open override func wheel(_ event: WheelEvent, at location: Point) -> Bool {
        stopMotion()
        let dy = event.delta.y
        let target = clamped(Point(x: contentOffset.x, y: contentOffset.y + dy))
        // Hitting an end with a strong notch gives a small bounce so the stop is felt.
        if target.y == contentOffset.y, abs(dy) > 0, maxOffset.y > 0 || alwaysBounceVertical {
            bounce(from: target.y, overshoot: max(-24, min(24, dy * 0.2)))
        } else {
            contentOffset = target
        }
        return true
    }

    // MARK: Momentum and bounce

    private var motionKey: String { "scroll.\(id)" }

    private func stopMotion() {
        motion?.cancel()
        motion = nil
    }

    /// After the finger lifts: spring back when stretched, else glide with `velocity` (content px/s).
    func release(velocity: Double) {
        let y = contentOffset.y
        let limit = maxOffset.y
        if y < 0 || y > limit {
            springBack(from: y, to: min(max(y, 0), limit))
        } else if abs(velocity) > 40 {
            glide(from: y, velocity: velocity)
        }
    }

    /// Exponential decay: y(t) = y0 + v·τ·(1 − e^(−t/τ)); leaving the range
    /// turns the remaining speed into an overshoot and a spring back.
    private func glide(from y0: Double, velocity v: Double) {
        guard let animator = window?.animator else { return }
        let tau = decelerationTime
        // Until the speed drops under 10 px/s.
        let duration = tau * log(max(abs(v) / 10, 1.0001))
        let limit = maxOffset.y
        motion = animator.animate(
            key: motionKey, duration: duration,
            update: { [weak self] t in
                guard let self else { return }
                let s = t * duration
                let y = y0 + v * tau * (1 - exp(-s / tau))
                if y < 0 || y > limit {
                    let edge = y < 0 ? 0 : limit
                    let speed = v * exp(-s / tau)
                    self.bounce(from: edge, overshoot: max(-60, min(60, speed * 0.06)))
                    return
                }
                self.contentOffset = Point(x: self.contentOffset.x, y: y)
            })
    }

    /// Out past `edge` by `overshoot` and back, as a flick into the end does.
    private func bounce(from edge: Double, overshoot: Double) {
        guard let animator = window?.animator, overshoot != 0 else { return }
        let curve = Keyframes(
            values: [edge, edge + overshoot, edge], keyTimes: [0, 0.3, 1],
            curves: [.easeOut, .easeInOut])
        motion = animator.animate(
            key: motionKey, duration: Self.bounceDuration,
            update: { [weak self] t in
                guard let self else { return }
                self.contentOffset = Point(x: self.contentOffset.x, y: curve.value(at: t))
            })
    }

    private func springBack(from y: Double, to target: Double) {
        guard let animator = window?.animator else {
            contentOffset = Point(x: contentOffset.x, y: target)
            return
        }
        motion = animator.animate(
            key: motionKey, duration: Self.bounceDuration,
            update: { [weak self] t in
                guard let self else { return }
                self.contentOffset = Point(x: self.contentOffset.x, y: y + (target - y) * TimingCurve.easeOut.value(t))
            })
    }
}
