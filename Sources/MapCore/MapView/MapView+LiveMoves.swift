import MapGeometry

/// Live moves: a session glides a moved annotation's view from where it is
/// shown to its new coordinate, one display frame at a time. The map files
/// the annotation where it is shown (its own index, or for a shared one a
/// displaced point kept only while it glides), so a pin gliding into the
/// viewport gets a view as it enters and one gliding out gives its view back.
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

    /// Shows `annotation` at world point `point` (one step of a glide). A live
    /// view that stays near the viewport is moved directly, its open callout
    /// with it; a pin crossing the edge of what was laid out asks for a
    /// layout pass so it gets or returns a view through the reuse queue.
    package func showAnnotation(_ annotation: Annotation, at point: Point) {
        let key = AnnotationKey(annotation)
        if index.contains(key) {
            index.update(annotation, at: point)
        } else if !showShared(annotation, at: point) {
            return
        }
        placeShown(key, at: point)
    }

    /// Starts showing a shared annotation at `point` on its way to `target`,
    /// where its source has it now, without asking the source: the app read
    /// that point from its own record of the source's changes, and pins
    /// gliding into view by the thousand must not queue on the source's lock.
    /// Returns false, changing nothing, when the map does not show the
    /// annotation one by one (clustered, hidden, or one of its own).
    @discardableResult
    package func showSharedAnnotation(_ annotation: Annotation, at point: Point, headingTo target: Point) -> Bool {
        let key = AnnotationKey(annotation)
        guard let source = shared.source, !(annotation is ClusterAnnotation), shared.hidden[key] == nil,
              !index.contains(key), !isClusteredMember(key), !isGatheredBySource(annotation, of: source) else {
            return false
        }
        if Self.isSamePoint(point, target) {
            shared.displaced[key] = nil
        } else {
            shared.displaced[key] = SharedAnnotationsState.Displaced(annotation: annotation, point: point, target: target)
        }
        placeShown(key, at: point)
        return true
    }

    /// A pin shown at `point`: a live view that stays near the viewport is
    /// moved directly, its open callout with it; a pin crossing the edge of
    /// what was laid out asks for a layout pass.
    private func placeShown(_ key: AnnotationKey, at point: Point) {
        let live = liveViews[key]
        guard let rect = laidOutRect, !needsAnnotationLayout else {
            needsAnnotationLayout = true
            return
        }
        switch (live, WorldWrap.contains(rect, point)) {
        case let (view?, true):
            view.place(at: point)
            if let callout, callout.annotationView === view, let anchor = view.worldAnchor {
                callout.worldAnchor = anchor
            }
        case (nil, false):
            break // far away before and after: nothing on screen changes
        default:
            needsAnnotationLayout = true
        }
    }
}
