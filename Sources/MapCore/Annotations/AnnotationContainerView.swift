import DisplayList
import MapGeometry
import ViewKit

/// The layer that holds the live annotation views. Its hit test skips, with
/// one multiply-add per view, the views nowhere near the point, instead of
/// converting the point into every view's coordinates (each conversion walks
/// up to the window to project the view's anchor): a frame of a thousand
/// views answers in microseconds.
final class AnnotationContainerView: View, RenderHolding {
    /// How far outside its frame a view's own subviews may reach (marker
    /// titles under the balloon, a grown balloon above it), px.
    static let reach = 90.0

    /// How far a view's subtree reaches outside its frame: its kind's
    /// minimum (markers) or its subviews' extent (a wishlist card above its
    /// pin). Worked out once per render, not per hit test.
    static func reach(of view: AnnotationView) -> Double {
        let subviews = view.subviews
        if subviews.isEmpty { return 0 }
        var extent = view.minimumHitReach
        let size = view.frame.size
        for sub in subviews where !sub.isHidden {
            let f = sub.frame
            extent = max(extent, -f.minX, -f.minY, f.maxX - size.width, f.maxY - size.height)
        }
        return extent
    }

    /// How many of its views could lose a collision or hide an adaptive
    /// title, or nil when unknown: the collision pass does nothing for a
    /// layer of required views (MapKit's default, every cluster badge of a
    /// live feed) and is skipped, without reading a view, while this is 0.
    /// Counted by each full pass, raised as views come in; a view that
    /// leaves is not taken off (the count only errs high, and the next
    /// pass counts again), and a view whose priority, shape or title
    /// visibility changes makes it unknown.
    var contestingViews: Int? = 0
    /// Whether a view came in hidden since the last collision pass (one the
    /// pass hid before it went to the reuse queue): the pass must show it.
    var receivedHiddenView = false

    /// Whether `view` could lose a collision (not forced by its priority)
    /// or has a title that gives way (see `MapView.resolveCollisions`).
    static func contests(_ view: AnnotationView) -> Bool {
        couldHide(view) || titleAdapts(view)
    }

    /// Whether `view` could lose a collision: it collides and is not required.
    static func couldHide(_ view: AnnotationView) -> Bool {
        view.collisionMode != .none && view.displayPriority < .required
    }

    /// Whether `view` is a marker whose title gives way to other views.
    static func titleAdapts(_ view: AnnotationView) -> Bool {
        (view as? MarkerAnnotationView)?.titleVisibility == .adaptive
    }

    /// Only annotation views live here (the hit test relies on it); each
    /// remembers its map for when it leaves (see `AnnotationView.cluster`).
    override func insertSubview(_ view: View, at index: Int) {
        guard let annotationView = view as? AnnotationView else {
            preconditionFailure("the annotation layer holds annotation views only")
        }
        annotationView.lastMap = superview as? MapView
        if let count = contestingViews, Self.contests(annotationView) { contestingViews = count + 1 }
        if annotationView.isHidden { receivedHiddenView = true }
        super.insertSubview(view, at: index)
    }

    /// The last moves of `moveSubviewNoted(from:to:)`, each with the
    /// subviews' version before it (`subviewsVersion`), one after another
    /// with nothing else changing the subviews in between, up to version
    /// `notedUntil`: the render cache follows the moves without reading a
    /// view, where telling how the views were reordered read each one, and a
    /// watching map's badges move past one another most epochs.
    private var notedMoves: [(before: UInt32, from: Int, to: Int)] = []
    private var notedUntil: UInt32 = 0
    /// How many moves are kept: a frame follows the few of its epoch.
    private static let notedMovesKept = 16

    /// Moves a subview as `moveSubview(from:to:)` does, and notes the move.
    func moveSubviewNoted(from: Int, to: Int) {
        let before = subviewsVersion
        if before != notedUntil {
            notedMoves.removeAll(keepingCapacity: true)
        } else if notedMoves.count == Self.notedMovesKept {
            // The oldest go: the render cache follows from its last frame, whose moves are the newest.
            notedMoves.removeFirst(Self.notedMovesKept / 2)
        }
        moveSubview(from: from, to: to)
        notedMoves.append((before, from, to))
        notedUntil = subviewsVersion
    }

    /// The moves that took the subviews from `version` to now, when only
    /// noted moves changed them since; else nil.
    func movesNoted(since version: UInt32) -> ArraySlice<(before: UInt32, from: Int, to: Int)>? {
        guard notedUntil == subviewsVersion, let first = notedMoves.firstIndex(where: { $0.before == version }) else {
            return nil
        }
        return notedMoves[first...]
    }

    /// The height of a row of the reading order, px.
    static let readingRow = 64.0

    /// The views in reading order, for the accessibility mirror and Tab:
    /// rows `readingRow` high from the top, left to right in a row as the
    /// map shows them (from the meridian opposite the camera's centre,
    /// `readingSeam`, so pins east of 180° read after those west of it when
    /// the camera looks across it). Not the
    /// paint order, which sorts by exact height: the centres of a row of
    /// clusters lie within a pixel or two of each other, so under a live
    /// feed a badge that moved half a pixel often swapped places with a
    /// neighbour, and the whole mirror was sent again for a change no one
    /// reading it could perceive.
    ///
    /// The mirror reads the views where they stood when the map last came
    /// to rest (`cameraDidSettle()`), or when they came in: a pin that moves
    /// keeps its place, so Tab visits the pins in the same order pass after
    /// pass while a feed moves them, rather than following each one.
    /// This is the order of the views where they stand now.
    func readingOrder() -> [Int] {
        readingOrder(anchors: subviews.map { $0.worldAnchor ?? .zero }, ids: subviews.map(\.id))
    }

    /// The reading order of views at `anchors` with `ids`, in subview order.
    func readingOrder(anchors: [Point], ids: [UInt32]) -> [Int] {
        guard let rowUnits = readingRowUnits else { return Array(anchors.indices) }
        let seam = readingSeam
        let keys = anchors.indices.map { Self.readingKey(anchors[$0], ids[$0], rowUnits: rowUnits, seam: seam) }
        return anchors.indices.sorted { keys[$0] < keys[$1] }
    }

    /// A reading row's height in world units at the map's zoom level.
    private var readingRowUnits: Double? {
        (superview as? MapView).map { Self.readingRow / Mercator.pixelsPerUnit(zoom: $0.camera.zoom.rounded(.down)) }
    }

    /// Where the map's reading goes from west to east: the meridian
    /// opposite the camera's centre, where its copies of the world meet.
    private var readingSeam: Double {
        (superview as? MapView).map { WorldWrap.wrap($0.camera.center.x - WorldWrap.width / 2) } ?? 0
    }

    /// Where a view reads: its row from the top, then left to right from `seam` (ids break ties).
    private typealias ReadingKey = (row: Double, x: Double, id: UInt32)

    private static func readingKey(_ anchor: Point, _ id: UInt32, rowUnits: Double, seam: Double) -> ReadingKey {
        ((anchor.y / rowUnits).rounded(.down), WorldWrap.wrap(anchor.x - seam), id)
    }

    /// Where an order was read from, and how far the seam may move east or
    /// west before it passes one of the views: a pan moves the seam a little
    /// every frame, nearly always past no view (it is off screen), and the
    /// order then holds without reading a view. The room is worked out from
    /// the views' anchors the first time the seam moves.
    private struct ReadingSeam {
        var at: Double
        var room: (east: Double, west: Double)?

        init(at seam: Double) { at = seam }

        /// The seam moved to `seam`, when none of the views at `anchors`
        /// (those the order was read for) lies between the two; nil when one does.
        func moved(to seam: Double, anchors: [Point]) -> ReadingSeam? {
            guard seam != at else { return self }
            let (east, west) = room ?? Self.room(from: at, anchors: anchors)
            let d = WorldWrap.delta(from: at, to: seam)
            guard d >= 0 ? d < east : -d < west else { return nil }
            var moved = ReadingSeam(at: seam)
            moved.room = (east - d, west + d)
            return moved
        }

        private static func room(from seam: Double, anchors: [Point]) -> (east: Double, west: Double) {
            var (first, last) = (WorldWrap.width, 0.0)
            for anchor in anchors {
                let key = WorldWrap.wrap(anchor.x - seam)
                first = min(first, key)
                last = max(last, key)
            }
            return (first, WorldWrap.width - last)
        }
    }

    /// A reading order worked out, with the level, seam, anchors and ids it was for.
    private typealias HeldOrder = (level: Double, seam: ReadingSeam, anchors: [Point], ids: [UInt32], order: [Int])

    /// The reading order of the views at `anchors` with `ids` worked out from
    /// `last`'s, and where each view reads from: the views that stayed
    /// (`positions`: where each view was among `last`'s, -1 for one that
    /// joined; nil for the same places) keep their order and the place they
    /// read from, wherever they moved since, and those that joined are
    /// sorted by where they are and merged in. Nil when a view that stayed
    /// is not the same. A pan across the reuse margin sorted all 1,600
    /// markers to place the hundred that came in.
    private func readingOrder(
        following last: (anchors: [Point], ids: [UInt32], order: [Int]), positions: [Int]?,
        anchors: [Point], ids: [UInt32]
    ) -> (order: [Int], anchors: [Point])? {
        guard let rowUnits = readingRowUnits else { return nil }
        var now = [Int](repeating: -1, count: last.ids.count)
        var joined: [Int] = []
        var reading = anchors
        for k in ids.indices {
            let was = positions.map { $0[k] } ?? k
            if was < 0 {
                joined.append(k)
                continue
            }
            guard was < last.ids.count, last.ids[was] == ids[k] else { return nil }
            now[was] = k
            reading[k] = last.anchors[was]
        }
        // Each key once: the merge compares every view that stayed.
        let seam = readingSeam
        let keys = ids.indices.map { Self.readingKey(reading[$0], ids[$0], rowUnits: rowUnits, seam: seam) }
        joined.sort { keys[$0] < keys[$1] }
        let stayed = last.order.compactMap { now[$0] >= 0 ? now[$0] : nil }
        let order = MapView.merged(stayed, joined) { keys[$0] < keys[$1] }
        return order.count == ids.count ? (order, reading) : nil
    }

    /// The map came to rest after a pan or a zoom: the next render reads the
    /// views where they are now, if any moved since it last did.
    func cameraDidSettle() {
        guard let last = lastOrder, last.ids != renders.ids || last.anchors != renders.anchors else { return }
        lastOrder = nil
        patchedOrder = nil
    }

    /// The layer's last render, reused for the views that did not change.
    private var renders = AnnotationRenderCache()

    var renderHolds: RenderHolds { renders.holds }

    /// Each view's anchor and id as the last render drew them, by position,
    /// while the layer holds the same views in the same order; else nil.
    var heldAnchors: (anchors: [Point], ids: [UInt32])? {
        renders.holdsTheViews(of: self) ? (renders.anchors, renders.ids) : nil
    }

    /// How many of its views patches gave a new anchor rather than drew again.
    var anchorsPatched: Int { renders.anchorsPatched }

    /// How many items of its last render the layer keeps for the next.
    var heldItemCount: Int { renders.heldItemCount }
    /// How many items the layer's store of held renders keeps, and how many copies from it the last render made.
    var heldStore: (items: Int, copies: Int) { (renders.storedItemCount, renders.copiesInLastRender) }

    /// Lets the held render go (a resting session keeps only what it must); the next render draws every view.
    func forgetHeldRenders() {
        renders = AnnotationRenderCache()
        lastOrder = nil
        patchedOrder = nil
        notedMoves = []
    }

    /// Tab's order is the mirror's: the last reading order, the views where
    /// they stood when it was worked out (or, for one that came in since,
    /// where it is).
    override func visibleSubviewsForFocus() -> [View] {
        let ids = subviews.map(\.id)
        let level = (superview as? MapView)?.camera.zoom.rounded(.down) ?? 0
        guard let last = lastOrder else { return readingOrder().map { subviews[$0] } }
        if last.level == level, last.ids == ids { return last.order.map { subviews[$0] } }
        let stood = Dictionary(zip(last.ids, last.anchors)) { first, _ in first }
        let anchors = subviews.map { stood[$0.id] ?? $0.worldAnchor ?? .zero }
        return readingOrder(anchors: anchors, ids: ids).map { subviews[$0] }
    }

    override func renderSubviews(into context: inout RenderContext) {
        let first = context.scene.accessibility.count
        if renders.canReuse(for: self, generation: context.generation) {
            renders.renderChanged(of: self, into: &context)
        } else {
            renders.renderAll(of: self, into: &context)
        }
        let level = (superview as? MapView)?.camera.zoom.rounded(.down) ?? 0
        let seam = readingSeam
        let spans = renders.elementSpans
        let order: [Int]
        // The order held, read from the seam now, when the seam has not passed one of its views since.
        let held = lastOrder.flatMap { last in
            last.level == level ? last.seam.moved(to: seam, anchors: last.anchors) : nil
        }
        if renders.isSameAsRenderBefore, let last = lastOrder, last.ids == renders.ids, let held {
            // The same views, anchors and elements as last time (a pan over markers): the same order and readers.
            order = last.order
            lastOrder?.seam = held
        } else {
            if let last = lastOrder, last.level == level, last.ids == renders.ids, let held {
                // The same views in the same places (an app's own kind renders every frame, a pin that moved keeps
                // its place until the map rests): the same order.
                order = last.order
                lastOrder?.seam = held
            } else if let last = lastOrder, held != nil,
                let followed = readingOrder(
                    following: (last.anchors, last.ids, last.order),
                    positions: renders.positionsBefore,
                    anchors: renders.anchors, ids: renders.ids)
            {
                order = followed.order
                lastOrder = (level, ReadingSeam(at: seam), followed.anchors, renders.ids, order)
            } else {
                order = readingOrder(anchors: renders.anchors, ids: renders.ids)
                lastOrder = (level, ReadingSeam(at: seam), renders.anchors, renders.ids, order)
            }
            readersOrder = Self.readers(in: order, spans: spans, ids: renders.ids)
        }
        // Each view's elements (a pin's, then its card's) stay together, in the views' reading order. The
        // cache's runs lie back to back and the order names each view once; were they not, the elements would
        // stay in paint order rather than any being lost or doubled.
        let arranged = context.scene.accessibility.arrangeRuns(from: first, spans: spans, in: order)
        assert(arranged, "the layer's runs of elements and its reading order disagree")
    }

    /// The last reading order worked out, and the level, seam, ids and
    /// anchors it was for: where each view stood when it took its place in the order.
    private var lastOrder: HeldOrder?
    /// The reading order of the last patch, taken for `lastOrder` once the differ took the patch.
    private var patchedOrder: HeldOrder?

    /// The ids of the views with accessibility elements, in the reading order of the last render.
    private var readersOrder: [UInt32] = []

    private static func readers(in order: [Int], spans: [Range<Int>], ids: [UInt32]) -> [UInt32] {
        order.compactMap { spans[$0].isEmpty ? nil : ids[$0] }
    }

    /// The views that changed since the last render, rendered afresh as a
    /// patch of it (`AnnotationRenderCache.renderPatch`). The views keep
    /// their places in the reading order however the epoch moved them (a
    /// patch is drawn only while the camera rests); with no order to keep,
    /// the patch says so and the differ sends the mirror again in the new
    /// order.
    func renderPatch(lastRender: UInt64) -> AnnotationLayerPatch? {
        guard var patch = renders.renderPatch(of: self, lastRender: lastRender) else { return nil }
        let level = (superview as? MapView)?.camera.zoom.rounded(.down) ?? 0
        let seam = readingSeam
        if let last = lastOrder, last.level == level, last.seam.at == seam,
            let kept = Self.hint(following: last, adopted: renders.adopted, ids: renders.ids)
        {
            // The same views in the same reading order, each with as many elements (the patch checked): the
            // same readers.
            patchedOrder = (level, ReadingSeam(at: seam), kept.anchors, renders.ids, kept.order)
            return patch
        }
        let order = readingOrder(anchors: renders.anchors, ids: renders.ids)
        patchedOrder = (level, ReadingSeam(at: seam), renders.anchors, renders.ids, order)
        let readers = Self.readers(in: order, spans: renders.elementSpans, ids: renders.ids)
        if readers != readersOrder { patch.scene.readers = readers }
        return patch
    }

    /// The last reading order, `last`, and where its views read from, by
    /// the views' positions now: the same when they kept their places,
    /// followed through the order the patch adopted when they moved in paint
    /// order (`adopted`: where each was). Nil when neither says.
    private static func hint(
        following last: HeldOrder,
        adopted: [Int]?, ids: [UInt32]
    ) -> (order: [Int], anchors: [Point])? {
        if last.ids == ids { return (last.order, last.anchors) }
        guard let adopted, adopted.count == last.ids.count, adopted.count == ids.count,
            last.order.count == ids.count, ids.indices.allSatisfy({ last.ids[adopted[$0]] == ids[$0] })
        else {
            return nil
        }
        var now = [Int](repeating: 0, count: adopted.count)
        for (k, was) in adopted.enumerated() { now[was] = k }
        return (last.order.map { now[$0] }, adopted.map { last.anchors[$0] })
    }

    /// Takes in a patch the differ took.
    func commit(_ patch: AnnotationLayerPatch) {
        renders.commit(patch)
        lastOrder = patchedOrder
        patchedOrder = nil
        if let readers = patch.scene.readers {
            readersOrder = readers
            patchesReread += 1
        }
    }

    /// How many times the render cache took the layer's order from its noted moves, and how many times a
    /// patch read the views for it instead.
    var ordersFollowedFromMoves: Int { renders.ordersFollowedFromMoves }
    var patchOrdersReadFromViews: Int { renders.patchOrdersReadFromViews }

    /// How many patches the differ took sent the mirror in a new reading order.
    private(set) var patchesReread = 0

    override func hitTest(_ point: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha > 0.01, let map = superview as? MapView else {
            return super.hitTest(point)
        }
        let camera = map.camera, k = camera.pixelsPerUnit
        let centerX = camera.center.x
        let cx = map.frame.width / 2, cy = map.frame.height / 2 - camera.center.y * k
        let q = point + contentOffset
        for sub in subviews.reversed() {
            guard let anchor = map.drawnAnchor(of: sub), sub.scale == 1 else {
                if let hit = sub.hitTest(sub.convertFromSuperview(point)) { return hit }
                continue
            }
            // The point in the view's own coordinates, as convertFromSuperview would give it: the view
            // shows in the copy of the world nearest the camera's centre.
            let x = q.x - ((WorldWrap.nearest(anchor.x, to: centerX) - centerX) * k + cx) - sub.frame.minX
            let y = q.y - (anchor.y * k + cy) - sub.frame.minY
            let size = sub.frame.size
            let reach = unsafeDowncast(sub, to: AnnotationView.self).hitReach
            if x < -reach || y < -reach || x > size.width + reach || y > size.height + reach { continue }
            if let hit = sub.hitTest(Point(x: x, y: y)) { return hit }
        }
        return self.point(inside: point) ? self : nil
    }
}
