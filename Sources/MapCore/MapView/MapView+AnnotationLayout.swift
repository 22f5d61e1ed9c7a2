import MapGeometry
import ViewKit

/// The annotation layout: which annotations near the viewport have views,
/// made or recycled through the reuse queue, placed on their points and
/// sorted into paint order.
extension MapView {
    func retire(_ view: AnnotationView) {
        if !anchorGlides.isEmpty { anchorGlides[ObjectIdentifier(view)] = nil }
        view.removeFromSuperview()
        reuseQueue.enqueue(view)
    }

    /// The rect around `visible` that a pan may reach before the layout runs
    /// again (half the reuse margin): within it every pin has its view.
    func viewsStayWithin(_ visible: Rect) -> Rect {
        visible.insetBy(dx: -visible.width * reuseMargin / 2, dy: -visible.height * reuseMargin / 2)
    }

    /// Brings the live views in line with what is near the viewport: new
    /// annotations get views (recycled when possible), far ones give theirs
    /// back, everyone is placed on its coordinate and sorted by z.
    package func layoutAnnotationViews() {
        let visible = camera.visibleWorldRect(viewport: frame.size)
        // Pins that moved out of sight went unlaid-out (`defersOffscreenMove`): wherever the camera goes now may
        // show them.
        if let deferredAt = offscreenMovesDeferredAt, deferredAt != visible { needsAnnotationLayout = true }
        // A pan inside the margin changes nothing here: views are anchored to
        // the world, so skip the query until the viewport nears the edge of
        // what was laid out (half the margin) or something else changed.
        let slack = viewsStayWithin(visible)
        if !needsAnnotationLayout, let last = laidOutRect, last.width < visible.width * (1 + 2 * reuseMargin) * 1.01,
            last.contains(slack), !sharedClustersChanged || followSharedClustersInPlace(in: last)
        {
            return
        }
        let near = visible.insetBy(dx: -visible.width * reuseMargin, dy: -visible.height * reuseMargin)
        if !needsAnnotationLayout, let last = laidOutRect, canFollowPan(from: last, to: near),
            followPan(from: last, to: near)
        {
            return
        }
        let wanted: [(annotation: Annotation, point: Point)]
        if !needsAnnotationLayout, laidOutRect == near, shared.displaced.isEmpty, let kept = keptUnclustered {
            wanted = kept
        } else {
            // The unclustered pins first: whether the map gathers them decides what the clusterings show.
            let pins = unclusteredPinsToShow(in: near)
            wanted = index.entries(in: near) + sharedAnnotations(in: near, unclustered: pins)
            keptUnclustered = wanted
        }
        needsAnnotationLayout = false
        laidOutRect = near
        // Kept apart from `wanted`, which `keptUnclustered` shares: appending would copy every entry.
        let clustered = clusteredAnnotations(in: near)
        deselectIfAbsorbed(byAnyOf: wanted)
        deselectIfAbsorbed(byAnyOf: clustered)
        // Views still wanted are marked with this pass; the others (but the selected one's) are retired first,
        // so the new ones reuse them. A mark a view, where sets of keys hashed every view three times.
        layoutPass &+= 1
        let pass = layoutPass
        for list in [wanted, clustered] {
            for entry in list { liveViews[AnnotationKey(entry.annotation)]?.layoutPass = pass }
        }
        if let selectedKey { liveViews[selectedKey]?.layoutPass = pass }
        retireLiveViews { $0.layoutPass != pass }
        for (annotation, point) in wanted { showView(for: annotation, at: point, clustered: false) }
        for (annotation, point) in clustered { showView(for: annotation, at: point, clustered: true) }
        finishLayout()
    }

    /// Takes the live views `leaves` picks out of the layer (in one pass) and
    /// gives them back to the reuse queue, before any new view is made, so
    /// the new ones reuse them.
    private func retireLiveViews(where leaves: (AnnotationView) -> Bool) {
        var leaving: [AnnotationKey] = []
        for (key, view) in liveViews where leaves(view) { leaving.append(key) }
        guard !leaving.isEmpty else { return }
        // The annotation layer holds the live views only (it refuses anything else).
        annotationContainer.removeSubviews { leaves(unsafeDowncast($0, to: AnnotationView.self)) }
        for key in leaving {
            if let view = liveViews.removeValue(forKey: key) { retire(view) }
        }
    }

    /// Ends a layout pass: the selected view stays alive off screen (its
    /// callout may still show), the views go in paint order, and the callout
    /// follows its view.
    private func finishLayout() {
        if let selected, let key = selectedKey, liveViews[key] == nil {
            let point = displayedPoint(of: selected) ?? Mercator.project(selected.coordinate)
            showView(for: selected, at: point, clustered: false)
        }
        sortAnnotationViews()
        if let callout, let view = callout.annotationView, let anchor = view.worldAnchor {
            callout.worldAnchor = anchor
        }
    }

    /// Whether a pan from the rect laid out `last` to `near` can be followed
    /// by asking only for the strips it adds: the same zoom and viewport, an
    /// overlap, no glide, the shared clusters as laid out. Every view inside
    /// `last` is current: a move into it, out of it or within it asks for a
    /// whole layout (`showAnnotation(_:at:)`).
    private func canFollowPan(from last: Rect, to near: Rect) -> Bool {
        // A rect a world wide holds every longitude: strips past it would find pins it holds already.
        last.width == near.width && last.height == near.height && last.intersects(near)
            && near.width < WorldWrap.width && shared.displaced.isEmpty && !sharedClustersChanged
    }

    /// A pan at one zoom past half the margin: the annotations in the strips
    /// `near` adds to `last` get views, those of views now outside `near`
    /// (but the selected one) go back to the reuse queue. Clusters are taken
    /// for the whole of `near`, as a whole layout does: which cells merge
    /// depends on their neighbours. A pan across the margin over a thousand
    /// markers asked for all of them again, and looked each one's view up,
    /// to change a tenth. When the pan starts or stops the map gathering the
    /// source's unclustered pins (`unclusteredPinsJoining(_:of:)`), this does
    /// nothing and returns false, for a whole layout.
    private func followPan(from last: Rect, to near: Rect) -> Bool {
        let strips = Self.strips(of: near, outside: last)
        guard let pins = unclusteredPinsJoining(strips, of: near) else { return false }
        laidOutRect = near
        keptUnclustered = nil
        let clustered = clusteredAnnotations(in: near)
        deselectIfAbsorbed(byAnyOf: clustered)
        layoutPass &+= 1
        let pass = layoutPass
        for entry in clustered { liveViews[AnnotationKey(entry.annotation)]?.layoutPass = pass }
        let selectedView = selectedKey.flatMap { liveViews[$0] }
        func leaves(_ view: AnnotationView) -> Bool {
            guard view !== selectedView else { return false }
            if view.isShownByClustering { return view.layoutPass != pass }
            guard let anchor = view.worldAnchor else { return false }
            return !WorldWrap.contains(near, anchor)
        }
        retireLiveViews(where: leaves)
        for strip in strips {
            for (annotation, point) in index.entries(in: strip) + sharedAnnotations(in: strip) {
                showView(for: annotation, at: point, clustered: false)
            }
        }
        for (annotation, point) in pins { showView(for: annotation, at: point, clustered: false) }
        for (annotation, point) in clustered { showView(for: annotation, at: point, clustered: true) }
        finishLayout()
        return true
    }

    /// The parts of `near` outside `last` (rects of one size): a band beside
    /// `last` as high as `near`, and one above or below `last`.
    static func strips(of near: Rect, outside last: Rect) -> [Rect] {
        var strips: [Rect] = []
        if near.minX < last.minX {
            strips.append(Rect(x: near.minX, y: near.minY, width: last.minX - near.minX, height: near.height))
        } else if near.maxX > last.maxX {
            strips.append(Rect(x: last.maxX, y: near.minY, width: near.maxX - last.maxX, height: near.height))
        }
        let x0 = max(near.minX, last.minX), x1 = min(near.maxX, last.maxX)
        if near.minY < last.minY {
            strips.append(Rect(x: x0, y: near.minY, width: x1 - x0, height: last.minY - near.minY))
        } else if near.maxY > last.maxY {
            strips.append(Rect(x: x0, y: last.maxY, width: x1 - x0, height: near.maxY - last.maxY))
        }
        return strips
    }

    /// Places `annotation`'s live view at `point`, making (or reusing) one if it has none; `clustered` when
    /// the clustering shows it (a cluster, or a member alone in its cell).
    private func showView(for annotation: Annotation, at point: Point, clustered: Bool) {
        let key = AnnotationKey(annotation)
        let view: AnnotationView
        if let live = liveViews[key] {
            view = live
        } else {
            view = makeView(for: annotation)
            liveViews[key] = view
            reuseQueue.noteLive()
            view.prepareForDisplay()
            annotationContainer.addSubview(view)
        }
        view.isShownByClustering = clustered
        view.place(at: point)
    }

    /// Where a pin paints among the others: by z-priority, then from the top
    /// of the map down (a pin lower on screen covers the one behind it).
    struct PaintOrder {
        var z: Float
        var y: Double
        var id: UInt32

        init(_ view: AnnotationView) {
            z = view.isSelected ? view.selectedZPriority : view.zPriority
            y = view.worldAnchor?.y ?? 0
            id = view.id
        }

        func precedes(_ other: PaintOrder) -> Bool {
            if z != other.z { return z < other.z }
            return y != other.y ? y < other.y : id < other.id
        }
    }

    /// Puts the annotation views in paint order. Each frame re-sorts them and
    /// they are nearly always in order already, so that is checked first:
    /// one comparison a view. Views that joined the layer come last: only
    /// they are sorted, then merged into the run before them.
    func sortAnnotationViews() {
        let views = annotationContainer.subviews
        var keys: [PaintOrder] = []
        keys.reserveCapacity(views.count)
        // The annotation layer holds annotation views only (it refuses anything else).
        for view in views { keys.append(PaintOrder(unsafeDowncast(view, to: AnnotationView.self))) }
        var sorted = 1
        while sorted < keys.count, !keys[sorted].precedes(keys[sorted - 1]) { sorted += 1 }
        guard sorted < keys.count else { return }
        // Ids are unique, so no two keys tie and the order is total.
        let rest = (sorted..<keys.count).sorted { keys[$0].precedes(keys[$1]) }
        annotationContainer.reorderSubviews(Self.merged(Array(0..<sorted), rest) { keys[$0].precedes(keys[$1]) })
    }

    /// Puts the annotation views back in paint order after only `moved`
    /// (views in the layer) changed the height of their anchors, the order
    /// having held before. An epoch followed in place moves a dozen views
    /// among a hundred and more: this reads those and their neighbours, and
    /// moves each one that left its place to one found by bisection, where
    /// `sortAnnotationViews()` reads and reorders every view of the layer.
    func sortAnnotationViews(afterMoving moved: [AnnotationView]) {
        let layer = unsafeDowncast(annotationContainer, to: AnnotationContainerView.self)
        func key(_ i: Int) -> PaintOrder { PaintOrder(unsafeDowncast(layer.subviews[i], to: AnnotationView.self)) }
        // Identity only: finding a view's position reads the layer's list, not the views.
        let positions = Set(moved.compactMap { view in layer.subviews.firstIndex { $0 === view } })
        let count = layer.subviews.count
        // Every pair of neighbours without a moved view kept its order, so checking each moved view
        // against both of its neighbours checks the whole order.
        let inOrder = positions.allSatisfy { i in
            let k = key(i)
            return (i == 0 || key(i - 1).precedes(k)) && (i + 1 == count || k.precedes(key(i + 1)))
        }
        guard !inOrder else { return }
        // Without the moved views the rest is in order: they go to the end, then each into it in turn.
        for i in positions.sorted(by: >) { layer.moveSubviewNoted(from: i, to: count - 1) }
        for sorted in (count - positions.count)..<count {
            let k = key(sorted)
            var lo = 0, hi = sorted
            while lo < hi {
                let mid = (lo + hi) >> 1
                if key(mid).precedes(k) { lo = mid + 1 } else { hi = mid }
            }
            if lo != sorted { layer.moveSubviewNoted(from: sorted, to: lo) }
        }
    }

    /// Two lists of indices, each already in order by `precedes`, as one:
    /// how a run that kept its order takes in the few that joined it.
    static func merged(_ run: [Int], _ joined: [Int], by precedes: (Int, Int) -> Bool) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(run.count + joined.count)
        var i = 0, j = 0
        while i < run.count || j < joined.count {
            if j == joined.count || (i < run.count && precedes(run[i], joined[j])) {
                order.append(run[i])
                i += 1
            } else {
                order.append(joined[j])
                j += 1
            }
        }
        return order
    }
}
