import MapGeometry
import ViewKit

/// Live moves: a session glides a moved annotation's view to its new
/// coordinate on the page (the protocol's `GLIDE`), one anchor change a move.
/// The map files the annotation where it was sent (its own index, or for a
/// shared one a displaced point while the source has it further on), so the
/// next layout keeps the view where the page takes it.
extension MapView {
    /// The world point `annotation` is shown at now (its coordinate, or a
    /// point on its way there), or nil when the map does not hold it (or
    /// clusters it). A shared annotation with a view answers where the view
    /// is; one without, where its source has it.
    package func displayedPoint(of annotation: Annotation) -> Point? {
        index.point(of: AnnotationKey(annotation)) ?? sharedDisplayedPoint(of: annotation)
    }

    /// Whether a move of the annotation `key` from world point `from` to `to`
    /// can change anything on this map. It cannot for an annotation the map
    /// keeps nothing for (no view, glide, own or clustered entry) when the
    /// move stays clear of what was laid out: the next layout reads the
    /// shared source anyway. An app replaying a busy feed skips those moves
    /// without telling the map, so a move far away costs a few lookups.
    package func isAffected(byMoveOf key: AnnotationKey, from: Point, to: Point) -> Bool {
        if let rect = laidOutRect {
            if WorldWrap.contains(rect, from) || WorldWrap.contains(rect, to) { return true }
            // While the layout is current, every view is inside what was laid
            // out but the selected one, kept alive wherever it is (anything
            // that moves a view out, or a pin in, asks for a new layout).
            if let selected, AnnotationKey(selected) == key { return true }
        } else if !liveViews.isEmpty, liveViews[key] != nil {
            return true
        }
        if !shared.displaced.isEmpty, shared.displaced[key] != nil { return true }
        // Both answer an empty table, or a key never clustered, without hashing.
        return index.contains(key) || isClusteredMember(key)
    }

    /// Glides the view of a moved pin to world point `point` on the page:
    /// its anchor (and its open callout's) changes once, with a `GLIDE` of
    /// `milliseconds`, and the painter draws the way there, so a move costs
    /// one frame however long it glides. Returns false, changing nothing,
    /// when the pin has no view here or `point` leaves what was laid out:
    /// the caller moves it at once (`annotationDidMove`), a layout then
    /// giving or taking its view.
    @discardableResult
    package func glideShownAnnotation(_ annotation: Annotation, to point: Point, milliseconds: UInt16) -> Bool {
        let key = AnnotationKey(annotation)
        guard let view = liveViews[key], let rect = laidOutRect, WorldWrap.contains(rect, point) else { return false }
        let now = window?.clock.now ?? 0
        let from = drawnAnchor(of: view, at: now)
        if index.contains(key) {
            index.update(annotation, at: point)
        } else if !showShared(annotation, at: point) {
            return false
        }
        noteGlide(of: view)
        view.glideAnchor(to: point, milliseconds: milliseconds)
        if let callout, callout.annotationView === view, let anchor = view.worldAnchor {
            callout.glideAnchor(to: anchor, milliseconds: milliseconds)
        }
        if let from, let to = view.worldAnchor {
            if anchorGlides.count > 2 * liveViews.count + 16 {
                anchorGlides = anchorGlides.filter { !$0.value.isOver(at: now) }
            }
            anchorGlides[ObjectIdentifier(view)] = AnchorGlide(
                from: from, to: to, start: now,
                seconds: Double(milliseconds) / 1000)
        }
        return true
    }

    /// Where the page draws `view`'s anchor at `now`: on its glide (as the
    /// painter moves it, the short way round), else at its anchor.
    package func drawnAnchor(of view: View, at now: Double? = nil) -> Point? {
        guard let anchor = view.worldAnchor else { return nil }
        guard !anchorGlides.isEmpty, let glide = anchorGlides[ObjectIdentifier(view)], glide.to == anchor else {
            return anchor
        }
        return glide.point(at: now ?? window?.clock.now ?? glide.start)
    }
}

/// A view's anchor on its way from `from` to `to` on the page.
struct AnchorGlide {
    var from: Point
    var to: Point
    var start: Double
    var seconds: Double

    func isOver(at now: Double) -> Bool { now >= start + seconds }

    /// The point the painter draws at `now`: `from` before the start, `to` from the end on.
    func point(at now: Double) -> Point {
        guard seconds > 0, now < start + seconds else { return to }
        let f = max(0, (now - start) / seconds)
        return Point(x: from.x + WorldWrap.delta(from: from.x, to: to.x) * f, y: from.y + (to.y - from.y) * f)
    }
}
