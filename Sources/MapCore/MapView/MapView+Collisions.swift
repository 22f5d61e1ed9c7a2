import MapGeometry
import ViewKit

extension MapView {
    /// Hides the live annotation views that lose a collision (and the
    /// adaptive titles of markers that would overlap), as MapKit does each
    /// time the views or the zoom change. A pan moves every view together,
    /// so it changes nothing and the pass is skipped, unless it takes the
    /// meridian opposite the camera past a view: that view then shows a
    /// world away, in the copy now nearest the centre.
    ///
    /// The map owns `isHidden` of its annotation views: a hidden view is not
    /// drawn, not hit-tested and not in the accessibility mirror.
    func resolveCollisions() {
        let layer = annotationContainer as? AnnotationContainerView
        // Every view required and none came in hidden: all show, as the last pass left them. A watcher's
        // badges change every epoch, and reading each of them (for the signature, then the pass) was most
        // of the pass's cost: the first touch of each view in the frame.
        if let layer, layer.contestingViews == 0, !layer.receivedHiddenView {
            collisionSignature = nil
            return
        }
        // The annotation layer holds annotation views only (it refuses anything else). Read in place: copies
        // of the list, then reversed, took and let go of each view twice a pass.
        let views = annotationContainer.subviews
        // A signature of everything the pass looks at, mixed by hand: gliding
        // pins change it every frame, and Hasher's rounds for eight fields a
        // view were a third of the pass.
        var mixer = SignatureMixer()
        mixer.mix(camera.zoom.bitPattern)
        mixer.mix(frame.size.width.bitPattern)
        var contesting = 0
        // Which copy each view shows in, counted from the camera's own: it changes only where the meridian
        // opposite the camera passes the view.
        let cameraX = camera.center.x
        let cameraCopy = (cameraX / WorldWrap.width).rounded(.down) * WorldWrap.width
        for view in views {
            let v = unsafeDowncast(view, to: AnnotationView.self)
            // One cast a view: whether its title adapts counts it and goes into the signature.
            let titleAdapts = AnnotationContainerView.titleAdapts(v)
            if titleAdapts || AnnotationContainerView.couldHide(v) { contesting += 1 }
            mixer.mix(UInt64(v.id))
            if let anchor = v.worldAnchor {
                mixer.mix(anchor.x.bitPattern)
                mixer.mix(anchor.y.bitPattern)
                mixer.mix((WorldWrap.shift(of: anchor.x, toward: cameraX) - cameraCopy).bitPattern)
            } else {
                mixer.mix(0x7FF8_DEAD_BEEF_0001)
            }
            mixer.mix(v.frame.origin.x.bitPattern)
            mixer.mix(v.frame.origin.y.bitPattern)
            mixer.mix(v.frame.size.width.bitPattern)
            mixer.mix(v.frame.size.height.bitPattern)
            let mode: UInt64 =
                switch v.collisionMode {
                case .rectangle: 1
                case .circle: 2
                case .none: 3
                }
            let adaptive: UInt64 = titleAdapts ? 8 : 0
            mixer.mix(UInt64(v.displayPriority.rawValue.bitPattern) << 8 | mode | adaptive | (v.isSelected ? 4 : 0))
        }
        let signature = mixer.value
        layer?.contestingViews = contesting
        layer?.receivedHiddenView = false
        guard signature != collisionSignature else { return }
        collisionSignature = signature

        // Front-most first: among equal priorities the view drawn on top wins.
        let ordered = views.reversed()
        var candidates: [CollisionResolver.Candidate] = []
        candidates.reserveCapacity(ordered.count)
        // How far from its anchor any view's shape reaches, for the patches that glide views clear of them all.
        var reach: Rect?
        for view in ordered {
            let v = unsafeDowncast(view, to: AnnotationView.self)
            let around = v.isSelected ? v.drawnFrame.offsetBy(dx: v.frame.minX, dy: v.frame.minY) : v.frame
            reach = reach?.union(around) ?? around
            // A selected view claims all it draws (a marker's grown balloon, its title and subtitle):
            // views of a lower priority under its subtitle give way.
            let rect = v.isSelected ? drawnScreenFrame(of: v) : screenFrame(of: v)
            candidates.append(
                CollisionResolver.Candidate(
                    rect: rect, mode: v.isSelected ? .rectangle : v.collisionMode, priority: v.displayPriority.rawValue,
                    isForced: v.isSelected || v.displayPriority >= .required))
        }
        let resolver = CollisionResolver()
        let shown = resolver.resolve(candidates)
        for (v, show) in zip(ordered, shown) where v.isHidden == show { v.isHidden = !show }
        let titles = hideCollidingMarkerTitles(ordered, candidates: candidates, shown: shown, resolver: resolver)
        collisionReach = titles.map { reach?.union($0) ?? $0 } ?? reach
    }

    /// All a view draws, on screen.
    func drawnScreenFrame(of view: AnnotationView) -> Rect {
        let frame = screenFrame(of: view)
        return view.drawnFrame.offsetBy(dx: frame.minX, dy: frame.minY)
    }

    /// A view's frame on screen.
    func screenFrame(of view: AnnotationView) -> Rect {
        let anchor = view.worldAnchor.map { screenPoint(forWorld: $0) } ?? .zero
        return view.frame.offsetBy(dx: anchor.x, dy: anchor.y)
    }

    /// Adaptive marker titles hide where they would cover a shown view or a
    /// title of a higher-priority (or front-most) marker. Returns how far
    /// from its anchor any title reaches, shown or hidden.
    @discardableResult
    private func hideCollidingMarkerTitles(
        _ views: ReversedCollection<[View]>,
        candidates: [CollisionResolver.Candidate],
        shown: [Bool], resolver: CollisionResolver
    ) -> Rect? {
        var reach: Rect?
        var titles: [(marker: MarkerAnnotationView, candidate: CollisionResolver.Candidate)] = []
        for (i, v) in views.enumerated() {
            guard let marker = v as? MarkerAnnotationView else { continue }
            guard shown[i] else {
                marker.isTitleHiddenByCollision = false
                continue
            }
            guard let title = marker.titleCollisionFrame(fonts: fonts) else { continue }
            let around = title.offsetBy(dx: marker.frame.minX, dy: marker.frame.minY)
            reach = reach?.union(around) ?? around
            let origin = marker.isSelected ? screenFrame(of: marker).origin : candidates[i].rect.origin
            titles.append(
                (
                    marker,
                    CollisionResolver.Candidate(
                        rect: title.offsetBy(dx: origin.x, dy: origin.y), mode: .rectangle,
                        priority: marker.displayPriority.rawValue, isForced: marker.isSelected)
                ))
        }
        // A map of cluster badges alone has no title to place (a watcher of a live feed, every epoch).
        guard !titles.isEmpty else { return reach }
        // The shown views first, as shapes no title may cover.
        var titleCandidates: [CollisionResolver.Candidate] = []
        for (i, view) in views.enumerated() where shown[i] {
            guard unsafeDowncast(view, to: AnnotationView.self).collisionMode != .none else { continue }
            titleCandidates.append(
                CollisionResolver.Candidate(
                    rect: candidates[i].rect, mode: .rectangle,
                    priority: .infinity, isForced: true))
        }
        let first = titleCandidates.count
        titleCandidates += titles.map(\.candidate)
        let titleShown = resolver.resolve(titleCandidates)
        for (k, title) in titles.enumerated() { title.marker.isTitleHiddenByCollision = !titleShown[first + k] }
        return reach
    }
}

/// A 64-bit running mix of words (multiply, xor-shift): enough to tell two
/// collision inputs apart, at a fraction of `Hasher`'s cost.
struct SignatureMixer {
    private(set) var value: Int = 0
    private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    mutating func mix(_ word: UInt64) {
        state = (state ^ word) &* 0xBF58_476D_1CE4_E5B9
        state ^= state >> 31
        value = Int(truncatingIfNeeded: state)
    }
}
