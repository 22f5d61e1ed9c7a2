import DisplayList
import MapGeometry

/// Where a callout bubble goes, decided as MKMapView and SMCalloutView do:
/// above its target with the arrow down, the map scrolling just enough that
/// bubble and target (grown by `margin`) both show; the bubble placed by its
/// horizontal policy, sliding along the edge with its arrow still on the
/// target when it must; clear of the views over the map that it or its
/// target would otherwise be under; and, where bubble and target cannot both
/// fit, the bubble shown whole and the target as much as there is room for.
/// A pure function, tested without a map.
public struct CalloutPlacement: Equatable, Sendable {
    /// Room the bubble, and the target it points at, keep from the area's edges and from the views over the map.
    public static let margin = 10.0

    /// Which ways the arrow may point (SMCalloutView's `permittedArrowDirection`).
    public enum PermittedArrowDirection: Sendable, Equatable {
        /// Down, as MKMapView has it: the map scrolls to make room above the
        /// target. Where no scroll can (the map may not scroll now, as while
        /// the user drags it or the pin moves by itself, or the edge of the
        /// world stops it), the arrow points whichever way fits, as `any`.
        /// On a map too short for bubble and target together it stays down,
        /// the bubble whole and the target's head showing under it: hanging
        /// below would need as much room and show only the target's foot.
        /// The default.
        case preferDown
        /// Only up: the bubble always hangs below its target.
        case up
        /// Only down: the bubble always sits above its target.
        case down
        /// Whichever way fits without a scroll, as SMCalloutView decides: down
        /// when there is room above, up when there is more room below.
        case any
    }

    /// Where the bubble sits across, before it slides to fit.
    public enum HorizontalPolicy: Sendable, Equatable {
        /// As UICalloutView: in the middle of the map when the arrow can still
        /// reach the target from there, and only as far off the middle as it must.
        case preferMiddle
        /// Centred on its target (an app's card).
        case centredOnTarget
    }

    /// Which way the arrow points: down when the bubble is above its target.
    public var direction: ItemBubble.Direction
    /// The bubble body's frame in map coordinates before any scroll (the arrow is outside it).
    public var frame: Rect
    /// The arrow tip's x in the bubble's own coordinates.
    public var arrowX: Double
    /// How far the map's content must move (screen px) for bubble and target to fit; zero when they fit.
    public var pan: Point
    /// How much taller and wider bubble and target, margins included, are
    /// than the room they were placed in: zero when both fit. Where they do
    /// not, the bubble is shown whole and the target only in part; an app's
    /// card may shrink by this much and be placed again.
    public var overflow: Size

    /// Where a bubble of `size` goes to point at `target` inside `area`, clear of `obstacles`.
    ///
    /// - Parameters:
    ///   - target: the annotation view's frame (what it draws) in map coordinates.
    ///   - tip: the arrow tip for a down arrow (top centre plus `calloutOffset`), map coordinates.
    ///   - size: the bubble body's size.
    ///   - arrowHeight / arrowHalfWidth / cornerRadius: bubble shape, to keep the arrow off the corners.
    ///   - area: the part of the map a callout may use (the bounds less `MapView.calloutInsets`).
    ///   - obstacles: views over the map (a toolbar, the map's controls). Only those that the bubble or
    ///     its target would be under, or within `margin` of, constrain the placement.
    ///   - permitted: which ways the arrow may point.
    ///   - horizontal: where the bubble prefers to sit across.
    ///   - permitsPan: false while the map may not scroll (the user drags it), so it never fights them.
    ///   - panLimits: the pans the map can make (it stops at the world's edge); nil for any.
    public static func place(
        target: Rect, tip: Point, size: Size, arrowHeight: Double, arrowHalfWidth: Double,
        cornerRadius: Double, in area: Rect, avoiding obstacles: [Rect] = [],
        permitted: PermittedArrowDirection = .preferDown,
        horizontal: HorizontalPolicy = .centredOnTarget,
        permitsPan: Bool = true, panLimits: Rect? = nil
    ) -> CalloutPlacement {
        let callout = Callout(
            target: target, tip: tip, size: size, arrowHeight: arrowHeight,
            minArrow: min(cornerRadius + arrowHalfWidth, size.width / 2), permitted: permitted,
            horizontal: horizontal, permitsPan: permitsPan, panLimits: panLimits)
        var room = area
        var placement = callout.place(in: room)
        var left = obstacles.filter { !$0.isEmpty }
        // One obstacle at a time, each only when what shows would be under it:
        // a view in a corner must not take a whole strip of the map from a
        // callout that never comes near it. A side of it too small for the
        // bubble is no way round: better under a control than cut off.
        while let i = left.firstIndex(where: { placement.isCovered(by: $0, target: target) && $0.intersects(room) }) {
            let obstacle = left.remove(at: i)
            let options = rooms(in: room, around: obstacle)
                .filter { $0.width >= size.width && $0.height >= size.height }
                .map { ($0, callout.place(in: $0)) }
            guard let best = options.min(by: { Self.cost($0.1, $0.0) < Self.cost($1.1, $1.0) }) else { continue }
            (room, placement) = best
        }
        if !permitsPan { placement.pan = .zero }
        return placement
    }

    /// What shows once the map scrolled by `pan`: the bubble and the target, each grown by the margin.
    func shown(target: Rect) -> [Rect] {
        [frame, target].map { $0.offsetBy(dx: pan.x, dy: pan.y).insetBy(dx: -Self.margin, dy: -Self.margin) }
    }

    func isCovered(by obstacle: Rect, target: Rect) -> Bool {
        shown(target: target).contains { $0.intersects(obstacle) }
    }

    /// Among the ways round an obstacle, the one where both fit, then the one that scrolls least, then the roomiest.
    private static func cost(_ p: CalloutPlacement, _ room: Rect) -> (Double, Double, Double) {
        (p.overflow.width + p.overflow.height, abs(p.pan.x) + abs(p.pan.y), -room.width * room.height)
    }
}

/// The callout being placed: everything but the room it is placed in.
private struct Callout {
    var target: Rect
    var tip: Point
    var size: Size
    var arrowHeight: Double
    /// How near the bubble's sides the arrow may come (clear of the rounded corners).
    var minArrow: Double
    var permitted: CalloutPlacement.PermittedArrowDirection
    var horizontal: CalloutPlacement.HorizontalPolicy
    var permitsPan: Bool
    var panLimits: Rect?

    var margin: Double { CalloutPlacement.margin }
    var bottomTip: Point { Point(x: tip.x, y: target.maxY) }

    func place(in room: Rect) -> CalloutPlacement {
        switch permitted {
        case .up: return place(in: room, direction: .up)
        case .down: return place(in: room, direction: .down)
        case .any: return place(in: room, direction: whicheverFits(in: room))
        case .preferDown:
            let down = place(in: room, direction: .down)
            let scrolls = permitsPan && (panLimits.map { $0.insetBy(dx: -0.5, dy: -0.5).contains(down.pan) } ?? true)
            return scrolls ? down : place(in: room, direction: whicheverFits(in: room))
        }
    }

    func place(in room: Rect, direction: ItemBubble.Direction) -> CalloutPlacement {
        let inner = room.insetBy(dx: margin, dy: margin)
        let anchor = direction == .down ? tip : bottomTip

        // Across: the policy's place, kept inside, then slid so the arrow (clear
        // of the corners) still reaches the anchor; the scroll does the rest.
        var x: Double
        switch horizontal {
        case .centredOnTarget:
            x = anchor.x - size.width / 2
        case .preferMiddle:
            x = inner.midX - size.width / 2
            if anchor.x < x + minArrow { x = anchor.x - minArrow }
            if anchor.x > x + size.width - minArrow { x = anchor.x - size.width + minArrow }
        }
        x = size.width > inner.width ? inner.minX : min(max(x, inner.minX), inner.maxX - size.width)
        let arrowX = min(max(anchor.x - x, minArrow), size.width - minArrow)
        x = anchor.x - arrowX

        let y = direction == .down ? anchor.y - arrowHeight - size.height : anchor.y + arrowHeight
        let frame = Rect(x: x, y: y, width: size.width, height: size.height)
        let content = frame.insetBy(dx: -margin, dy: -margin).union(target.insetBy(dx: -margin, dy: -margin))
        let overflow = Size(width: max(0, content.width - room.width), height: max(0, content.height - room.height))
        var pan = CalloutPlacement.offset(toContain: content, in: room)
        // Too big for the room: the bubble wins, pushed to the side away from
        // its target so that as much of the target as can shows beside it.
        if overflow.width > 0 { pan.x = bubbleOffset(frame.minX, frame.maxX, room.minX, room.maxX, alignMax: false) }
        if overflow.height > 0 {
            pan.y = bubbleOffset(frame.minY, frame.maxY, room.minY, room.maxY, alignMax: direction == .up)
        }
        return CalloutPlacement(direction: direction, frame: frame, arrowX: arrowX, pan: pan, overflow: overflow)
    }

    /// The move along one axis that puts the bubble (with its margin where
    /// there is room for it) at the room's start, or at its end.
    private func bubbleOffset(
        _ lo: Double, _ hi: Double, _ roomLo: Double, _ roomHi: Double,
        alignMax: Bool
    ) -> Double {
        let m = hi - lo + 2 * margin <= roomHi - roomLo ? margin : 0
        return alignMax ? roomHi - m - hi : roomLo + m - lo
    }

    /// SMCalloutView's choice: down when there is room above, up when there is more room below.
    func whicheverFits(in room: Rect) -> ItemBubble.Direction {
        let inner = room.insetBy(dx: margin, dy: margin)
        let roomAbove = tip.y - arrowHeight - inner.minY
        let roomBelow = inner.maxY - bottomTip.y - arrowHeight
        return roomAbove < size.height && roomBelow > roomAbove ? .up : .down
    }
}
