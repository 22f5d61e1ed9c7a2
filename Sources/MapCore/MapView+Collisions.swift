import MapGeometry
import ViewKit

extension MapView {
    /// Hides the live annotation views that lose a collision (and the
    /// adaptive titles of markers that would overlap), as MapKit does each
    /// time the views or the zoom change. A pan moves every view together,
    /// so it changes nothing and the pass is skipped.
    ///
    /// The map owns `isHidden` of its annotation views: a hidden view is not
    /// drawn, not hit-tested and not in the accessibility mirror.
    func resolveCollisions() {
        let views = annotationContainer.subviews.compactMap { $0 as? AnnotationView }
        var hasher = Hasher()
        hasher.combine(camera.zoom)
        hasher.combine(frame.size.width)
        for v in views {
            hasher.combine(v.id)
            hasher.combine(v.worldAnchor?.x)
            hasher.combine(v.worldAnchor?.y)
            hasher.combine(v.frame)
            hasher.combine(v.displayPriority.rawValue)
            hasher.combine(v.isSelected)
            hasher.combine(v.collisionMode)
            if let marker = v as? MarkerAnnotationView { hasher.combine(marker.titleVisibility == .adaptive) }
        }
        let signature = hasher.finalize()
        guard signature != collisionSignature else { return }
        collisionSignature = signature

        // Front-most first: among equal priorities the view drawn on top wins.
        let ordered = Array(views.reversed())
        var candidates: [CollisionResolver.Candidate] = []
        candidates.reserveCapacity(ordered.count)
        for v in ordered {
            candidates.append(CollisionResolver.Candidate(
                rect: screenFrame(of: v), mode: v.collisionMode, priority: v.displayPriority.rawValue,
                isForced: v.isSelected || v.displayPriority >= .required))
        }
        let resolver = CollisionResolver()
        let shown = resolver.resolve(candidates)
        for (v, show) in zip(ordered, shown) where v.isHidden == show { v.isHidden = !show }
        hideCollidingMarkerTitles(ordered, candidates: candidates, shown: shown, resolver: resolver)
    }

    /// A view's frame on screen.
    func screenFrame(of view: AnnotationView) -> Rect {
        let anchor = view.worldAnchor.map { screenPoint(forWorld: $0) } ?? .zero
        return view.frame.offsetBy(dx: anchor.x, dy: anchor.y)
    }

    /// Adaptive marker titles hide where they would cover a shown view or a
    /// title of a higher-priority (or front-most) marker.
    private func hideCollidingMarkerTitles(_ views: [AnnotationView], candidates: [CollisionResolver.Candidate],
                                           shown: [Bool], resolver: CollisionResolver) {
        var titleCandidates: [CollisionResolver.Candidate] = []
        var owners: [(MarkerAnnotationView, Int)] = []
        for (i, v) in views.enumerated() where shown[i] && v.collisionMode != .none {
            titleCandidates.append(CollisionResolver.Candidate(rect: candidates[i].rect, mode: .rectangle,
                                                               priority: .infinity, isForced: true))
        }
        for (i, v) in views.enumerated() where shown[i] {
            guard let marker = v as? MarkerAnnotationView, let title = marker.titleCollisionFrame(fonts: fonts) else { continue }
            let origin = candidates[i].rect.origin
            owners.append((marker, titleCandidates.count))
            titleCandidates.append(CollisionResolver.Candidate(
                rect: title.offsetBy(dx: origin.x, dy: origin.y), mode: .rectangle,
                priority: v.displayPriority.rawValue, isForced: v.isSelected))
        }
        let titleShown = resolver.resolve(titleCandidates)
        for (marker, index) in owners { marker.isTitleHiddenByCollision = !titleShown[index] }
        for (i, v) in views.enumerated() where !shown[i] { (v as? MarkerAnnotationView)?.isTitleHiddenByCollision = false }
    }
}
