import DisplayList
import MapGeometry
import ViewKit

/// The annotation layer's last render, view by view, so that the next one
/// renders only the views that changed. Under a live feed a watching map
/// shows a hundred and more cluster badges, of which an epoch changes a
/// few counts; rendering every badge every frame read every badge and its
/// cluster, which a hundred such maps do not keep in any processor cache,
/// and that was half of a watcher's frame.
///
/// Only views whose every drawn property tells their holder when it
/// changes are held: the map's own cluster badges (`ClusterAnnotationView`
/// itself, without subviews). Any other view renders every frame, as
/// before. The items reused are the ones the previous render appended for
/// the same views, so the differ is told it may skip comparing them.
final class AnnotationRenderCache {
    /// What the held children tell when they change.
    let holds = RenderHolds()
    /// The render held (`Scene.generation`; 0 for none) and the layer's `subviewsVersion` at it.
    private var generation: UInt64 = 0
    private var subviewsVersion: UInt32 = 0
    /// The layer's subviews, in order, while a render or a patch runs. Between frames the cache knows its
    /// children by `ids` only: holding the layer's array would make every layout that adds or removes a view
    /// copy it (a pan across the reuse margin: 1,650 references retained and released).
    private var children: [View] = []
    /// Where each child's accessibility elements ended in the last render,
    /// counted from the layer's first (for the reading order).
    private var elementEnds: [Int] = []
    /// What the held children drew, back to back.
    private var store = HeldRenderStore()
    /// Where what each child drew at the render held lies in `store`, by
    /// its position then (nil for a child not held). Only the held ones are
    /// kept: a layer of 2,000 markers, none held, copied all their items
    /// here every frame only to render them afresh the next.
    private var held: [HeldRenderStore.Span?] = []
    /// Each child's anchor and id, for the reading order without reading the views.
    private(set) var anchors: [Point] = []
    private(set) var ids: [UInt32] = []
    /// Children whose held render changed since (by position).
    private var changed: [Bool] = []
    /// Held children that check what they show before each render (`AnnotationView.refreshesHeldRender`).
    private var refreshes: [Bool] = []
    /// After a reorder, the position each child had in the render held
    /// (`held` keeps that render's order until the next render writes it anew).
    private var heldPosition: [Int]?
    /// Where each child was among the children of the render before the last
    /// (-1: joined since), or nil when they kept their places: for a reading
    /// order that follows the last one.
    private(set) var positionsBefore: [Int]?
    /// Every resource the held children declared, to declare again when they are reused.
    private var resources = RecordedResources()
    private var resourceIDs: (fonts: Set<UInt16>, images: Set<UInt32>, paths: Set<UInt32>) = ([], [], [])

    /// Whether the last render drew exactly what the one before it did: every
    /// child held and unchanged, in the same order (a pan over markers).
    private(set) var isSameAsRenderBefore = false
    /// The layer's order was adopted since the last render.
    private var orderAdopted = false

    /// How many children patches gave a new anchor rather than drew again
    /// (tests check that a live pin's move does not draw it again).
    private(set) var anchorsPatched = 0

    /// How many items the cache keeps (tests check that only held children's are).
    var heldItemCount: Int { held.reduce(0) { $0 + ($1?.items.count ?? 0) } }
    /// How many items the store keeps, those no child's render holds any more included (tests check the bound).
    var storedItemCount: Int { store.items.count }
    /// How many copies from the store the last render made (tests check that held renders lie in order).
    private(set) var copiesInLastRender = 0

    /// Each child's accessibility elements in the last render, by position from the layer's first.
    var elementSpans: [Range<Int>] {
        elementEnds.indices.map { i in (i == 0 ? 0 : elementEnds[i - 1])..<elementEnds[i] }
    }

    /// Whether the layer's children can be rendered from this cache: it holds
    /// the render just before. Children that joined the layer since are
    /// rendered afresh; the others keep what they drew, in their new order.
    func canReuse(for layer: View, generation now: UInt64) -> Bool {
        takeChanges(of: layer)
        guard generation != 0, now == generation + 1 else { return false }
        guard layer.subviewsVersion == subviewsVersion else { return adoptOrder(of: layer, joining: true) }
        children = layer.subviews
        return true
    }

    /// Whether the render held is of `layer`'s subviews as they are now,
    /// in the same order: `anchors` and `ids` are theirs then.
    func holdsTheViews(of layer: View) -> Bool {
        generation != 0 && layer.subviewsVersion == subviewsVersion && ids.count == layer.subviews.count
    }

    /// Marks the children that changed since they were held: each view first
    /// brings what it shows up to date with what it stands for (a marker
    /// reads its annotation's title, which an app may have changed), then
    /// the held ones that changed tell so.
    private func takeChanges(of layer: View) {
        // Only those that may refresh: a watching map's badges are each told of their changes, and a hundred
        // sessions' views are not in any processor cache, so each visit is a trip to memory.
        if refreshes.contains(true), let fonts = (layer.superview as? MapView)?.fonts {
            let now = layer.subviews
            // In the order held: only those, in their places. Reordered since (a layout or a sort, which read
            // every view already): each found by the position it keeps.
            let inPlace = layer.subviewsVersion == subviewsVersion && now.count == refreshes.count
            for k in now.indices where !inPlace || refreshes[k] {
                let child = now[k]
                guard let i = inPlace ? k : position(of: child), refreshes[i], child.isRenderHeld else { continue }
                unsafeDowncast(child, to: AnnotationView.self).refreshHeldRender(fonts: fonts)
            }
        }
        // A held child that left the layer may have told of a change: it is not found, and ignored.
        for view in holds.takeChanged() {
            if let i = position(of: view) { changed[i] = true }
        }
    }

    /// Where `view` is among the children held, from the position it keeps (`AnnotationView.renderPosition`):
    /// a table by id cost a lookup for each child that moved, and a pan across the reuse margin moves most.
    private func position(of view: View) -> Int? {
        let p = Int(unsafeDowncast(view, to: AnnotationView.self).renderPosition)
        return p >= 0 && p < ids.count && ids[p] == view.id ? p : nil
    }

    /// Takes the order of `layer`'s subviews, and returns true, when they
    /// are the children held in another order (under a live feed, a badge
    /// whose centre moved passed a neighbour in paint order) or, when
    /// `joining`, those with some gone and some new (a pan that brings
    /// markers in and lets others go). The items stay where they are: the
    /// render reads each child's from where it was, and copies them once.
    private func adoptOrder(of layer: View, joining: Bool = false) -> Bool {
        let now = layer.subviews
        guard joining || now.count == ids.count else { return false }
        // The position each child had, or -1 for one that joined the layer.
        var order: [Int]
        if let moved = Self.followingMoves(of: layer, since: subviewsVersion, count: ids.count) {
            order = moved
            ordersFollowedFromMoves += 1
        } else {
            if !joining { patchOrdersReadFromViews += 1 }
            order = []
            order.reserveCapacity(now.count)
            var seen = [Bool](repeating: false, count: ids.count)
            for (k, view) in now.enumerated() {
                // Most stay where they were: no lookup. A view that left the layer tells no one of its
                // changes, so one that came back is drawn afresh unless still held.
                let was = k < ids.count && ids[k] == view.id ? k : position(of: view)
                if let i = was, !seen[i], view.isRenderHeld || changed[i] {
                    seen[i] = true
                    order.append(i)
                } else if joining {
                    order.append(-1)
                } else {
                    return false
                }
            }
        }
        adopted = joining ? nil : order
        // Composed with an order adopted since the render held (a patch frame's): spans keep that render's order.
        let held = order.map { $0 < 0 ? -1 : heldPosition?[$0] ?? $0 }
        heldPosition = held.enumerated().allSatisfy { $0 == $1 } ? nil : held
        orderAdopted = true
        anchors = order.map { $0 < 0 ? .zero : anchors[$0] }
        ids = now.map(\.id)
        changed = order.map { $0 < 0 || changed[$0] }
        refreshes = order.map { $0 >= 0 && refreshes[$0] }
        let counts = elementSpans
        var end = 0
        elementEnds = order.map { i in
            end += i < 0 ? 0 : counts[i].count
            return end
        }
        for (k, i) in order.enumerated() where i != k {
            unsafeDowncast(now[k], to: AnnotationView.self).renderPosition = Int32(truncatingIfNeeded: k)
        }
        children = now
        subviewsVersion = layer.subviewsVersion
        return true
    }

    /// The position each of `layer`'s children had when its subviews were at
    /// version `since`, when only moves it noted changed them since
    /// (`AnnotationContainerView.movesNoted(since:)`); else nil. The children are
    /// then the same ones, none having left the layer, so each is still
    /// held or marked changed, and no view need be read to tell.
    private static func followingMoves(of layer: View, since: UInt32, count: Int) -> [Int]? {
        guard let moves = (layer as? AnnotationContainerView)?.movesNoted(since: since),
            layer.subviews.count == count
        else { return nil }
        var order = Array(0..<count)
        for (_, from, to) in moves { order.insert(order.remove(at: from), at: to) }
        return order
    }

    /// How many orders were adopted from the layer's noted moves, and how
    /// many patches read the views for theirs (tests check that patches use the moves).
    private(set) var ordersFollowedFromMoves = 0
    private(set) var patchOrdersReadFromViews = 0

    /// Where each child was before the layer's order was last adopted by a
    /// patch (by position; the same children), or nil when a render came
    /// after it: for a reading order that follows the last one.
    private(set) var adopted: [Int]?

    /// Renders `layer`'s subviews into `context`, each afresh, and holds what the eligible ones drew.
    func renderAll(of layer: View, into context: inout RenderContext) {
        orderAdopted = true
        children = layer.subviews
        for (i, child) in children.enumerated() {
            unsafeDowncast(child, to: AnnotationView.self).renderPosition = Int32(truncatingIfNeeded: i)
        }
        changed = Array(repeating: true, count: children.count)
        refreshes = Array(repeating: false, count: children.count)
        elementEnds = Array(repeating: 0, count: children.count)
        held = Array(repeating: nil, count: children.count)
        store.removeAll()
        anchors = Array(repeating: .zero, count: children.count)
        ids = children.map(\.id)
        heldPosition = nil
        render(layer, into: &context)
    }

    /// Renders `layer`'s subviews into `context`: the changed ones afresh,
    /// the others from this cache (`canReuse(for:generation:)` must hold).
    func renderChanged(of layer: View, into context: inout RenderContext) {
        context.use(resources)
        render(layer, into: &context)
    }

    private func render(_ layer: View, into context: inout RenderContext) {
        positionsBefore = heldPosition
        adopted = nil
        let firstElement = context.scene.accessibility.count
        var reused: Range<Int>?
        // In the order held: written in place. Reordered since: a new list in the children's order.
        let inPlace = heldPosition == nil && held.count == children.count
        var reordered: [HeldRenderStore.Span?] = inPlace ? [] : Array(repeating: nil, count: children.count)
        var drewAfresh = orderAdopted
        // Unchanged children held apart in the store although nothing lies between them in the layer.
        var apart = 0
        copiesInLastRender = 0
        var i = 0
        while i < children.count {
            if !changed[i], let first = heldSpan(of: i) {
                // Unchanged children whose renders lie back to back in the store: one copy for all of them.
                let itemStart = context.scene.items.count
                var (items, elements) = (first.items, first.elements)
                var elementEnd = context.scene.accessibility.count - firstElement
                var span = first
                while true {
                    elementEnd += span.elements.count
                    elementEnds[i] = elementEnd
                    if !inPlace { reordered[i] = span }
                    i += 1
                    guard i < children.count, !changed[i], let next = heldSpan(of: i) else { break }
                    guard next.items.lowerBound == items.upperBound, next.elements.lowerBound == elements.upperBound
                    else {
                        apart += 1
                        break
                    }
                    (items, elements, span) = (
                        items.lowerBound..<next.items.upperBound,
                        elements.lowerBound..<next.elements.upperBound, next
                    )
                }
                context.scene.items.append(contentsOf: store.items[items])
                context.scene.accessibility.append(contentsOf: store.elements[elements])
                copiesInLastRender += 1
                reused = (reused?.lowerBound ?? itemStart)..<context.scene.items.count
            } else {
                if let run = reused { context.markUnchanged(run) }
                reused = nil
                drewAfresh = true
                let old = heldSpan(of: i)
                let (itemStart, elementStart) = (context.scene.items.count, context.scene.accessibility.count)
                renderAfresh(i, parent: layer.id, into: &context)
                // Held from here on (a view that can be held, drawn now) or not at all.
                var span: HeldRenderStore.Span?
                if !changed[i] {
                    span = store.hold(
                        items: context.scene.items[itemStart...],
                        elements: context.scene.accessibility[elementStart...], over: old)
                }
                if inPlace { held[i] = span } else { reordered[i] = span }
                elementEnds[i] = context.scene.accessibility.count - firstElement
                i += 1
            }
        }
        if let run = reused { context.markUnchanged(run) }
        if !inPlace { held = reordered }
        store.compactIfScattered(&held, apart: apart)
        self.heldPosition = nil
        children = []
        isSameAsRenderBefore = !drewAfresh
        orderAdopted = false
        generation = context.generation
        subviewsVersion = layer.subviewsVersion
    }

    /// Where what child `i` drew at the render held lies in the store, when it is held.
    private func heldSpan(of i: Int) -> HeldRenderStore.Span? {
        let was = heldPosition?[i] ?? i
        return held.indices.contains(was) ? held[was] : nil
    }

    /// Whether `child` is a view whose every drawn property tells its holder
    /// when it changes, its subviews' too: the map's own cluster badges and
    /// markers (not subclasses, which may draw what they like), with no
    /// subviews but ViewKit's plain views, images and labels.
    private static func isHoldable(_ child: View) -> Bool {
        let kind = type(of: child)
        guard kind == ClusterAnnotationView.self || kind == MarkerAnnotationView.self else { return false }
        func plain(_ view: View) -> Bool {
            view.subviews.allSatisfy { sub in
                let kind = type(of: sub)
                return (kind == View.self || kind == ImageView.self || kind == Label.self) && plain(sub)
            }
        }
        return plain(child)
    }

    /// The children that changed since the render held, rendered afresh as
    /// a patch of it, for a frame in which nothing else in the window
    /// changed (`MapView.renderEpochPatch`). Nil when the render held is not
    /// the window's last (`lastRender`), the layer's subviews are not the
    /// same ones, or a child now has another number of accessibility elements.
    /// Changes nothing a whole render relies on; `commit` takes the patch
    /// in once the differ has.
    func renderPatch(of layer: View, lastRender: UInt64) -> AnnotationLayerPatch? {
        takeChanges(of: layer)
        guard generation != 0, generation == lastRender else { return nil }
        adopted = nil
        let reordered = layer.subviewsVersion != subviewsVersion
        guard !reordered || adoptOrder(of: layer) else { return nil }
        if !reordered { children = layer.subviews }
        // Until `commit` (or the whole render that follows a patch the differ refused); let go here when no
        // patch is made.
        var kept = false
        defer { if !kept { children = [] } }
        var patch = AnnotationLayerPatch(scene: ScenePatch(parent: layer.id))
        patch.scene.order = reordered ? ids : nil
        let spans = elementSpans
        var context = RenderContext()
        for i in children.indices where changed[i] {
            let child = children[i]
            if child.changedOnlyInAnchor, let span = heldSpan(of: i), store.rootID(of: span) == child.id {
                // A live pin's move: its new anchor and glide, not a render of all it draws.
                let anchor = child.worldAnchor.map(WorldAnchor.init)
                patch.scene.anchors.append(
                    MovedAnchor(item: child.id, anchor: anchor, glideMilliseconds: child.glideMilliseconds))
                patch.moved.append((i, span))
                anchors[i] = child.worldAnchor ?? .zero
                continue
            }
            let (itemStart, elementStart) = (context.scene.items.count, context.scene.accessibility.count)
            let declared = draw(i, parent: layer.id, into: &context)
            let elements = elementStart..<context.scene.accessibility.count
            guard elements.count == spans[i].count else { return nil }
            patch.rendered.append((i, itemStart..<context.scene.items.count, elements, declared))
        }
        patch.scene.scene = context.scene
        kept = true
        return patch
    }

    /// Takes in `patch`, which the differ took: the held children it
    /// rendered afresh are held again, with what they drew now.
    func commit(_ patch: AnnotationLayerPatch) {
        for ((i, span), moved) in zip(patch.moved, patch.scene.anchors) {
            store.move(span, to: moved.anchor, glideMilliseconds: moved.glideMilliseconds)
            children[i].holdRender()
            changed[i] = false
            anchorsPatched += 1
        }
        let scene = patch.scene.scene
        for (i, items, elements, declared) in patch.rendered {
            let was = heldPosition?[i] ?? i
            // In place: a watcher commits a few badges every epoch.
            guard let declared, held.indices.contains(was), let span = held[was],
                store.overwrite(span, items: scene.items[items], elements: scene.accessibility[elements])
            else { continue }
            keep(declared)
            children[i].holdRender()
            changed[i] = false
        }
        children = []
    }

    /// Renders child `i`, and holds what it drew if it is a view that says when that changes.
    private func renderAfresh(_ i: Int, parent: UInt32, into context: inout RenderContext) {
        guard let declared = draw(i, parent: parent, into: &context) else { return }
        keep(declared)
        children[i].holdRender()
        changed[i] = false
        refreshes[i] = unsafeDowncast(children[i], to: AnnotationView.self).refreshesHeldRender
    }

    /// Renders child `i` into `context`; returns the resources it declared
    /// when it is a view that can be held (`isHoldable`), else nil.
    private func draw(_ i: Int, parent: UInt32, into context: inout RenderContext) -> RecordedResources? {
        let child = children[i]
        // The layer holds annotation views only (it refuses anything else).
        let view = unsafeDowncast(child, to: AnnotationView.self)
        view.hitReach = AnnotationContainerView.reach(of: view)
        let holdable = Self.isHoldable(child)
        if holdable { context.recordedResources = RecordedResources() }
        child.render(parent: parent, into: &context)
        anchors[i] = child.worldAnchor ?? .zero
        let declared = context.recordedResources
        context.recordedResources = nil
        return holdable ? declared : nil
    }

    private func keep(_ declared: RecordedResources) {
        for font in declared.fonts where resourceIDs.fonts.insert(font.id).inserted { resources.fonts.append(font) }
        for image in declared.images where resourceIDs.images.insert(image.id).inserted {
            resources.images.append(image)
        }
        for path in declared.paths where resourceIDs.paths.insert(path.id).inserted { resources.paths.append(path) }
    }
}

/// The annotation layer's children that changed since its last render,
/// rendered afresh (`AnnotationRenderCache.renderPatch`).
package struct AnnotationLayerPatch {
    /// What the differ takes.
    package var scene: ScenePatch
    /// Each child rendered: its position in the layer, its items and
    /// elements in `scene`, and what it declared if it can be held.
    fileprivate var rendered: [RenderedChild] = []
    /// Each child that changed only its anchor (`scene.anchors`, in the same
    /// order): its position in the layer and where its render is held.
    fileprivate var moved: [(child: Int, span: HeldRenderStore.Span)] = []
    fileprivate typealias RenderedChild = (
        child: Int, items: Range<Int>, elements: Range<Int>,
        declared: RecordedResources?
    )
}
