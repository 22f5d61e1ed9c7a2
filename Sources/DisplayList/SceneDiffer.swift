/// Turns a sequence of scenes into the frame ops that take a browser from one
/// to the next, remembering what that browser already has.
///
/// A pure function of the previous and the new scene (plus the set of
/// resources already sent), as Phoenix LiveView's diff is: no sockets, tested
/// on literal values.
package struct SceneDiffer: Sendable {
    /// Where each item the browser holds sits: its parent, kind, and index in
    /// `previousItems` (which holds its properties; -1 while inserted in this diff).
    /// Kept small on purpose: a session holds one differ for as long as it lives,
    /// and one of these for every item it shows (12 bytes, no more as an optional).
    struct Placement {
        var parent: UInt32
        var kind: ItemKind
        private var storedPosition: Int32

        var position: Int {
            get { Int(storedPosition) }
            set { storedPosition = Int32(newValue) }
        }

        init(parent: UInt32, kind: ItemKind, position: Int) {
            (self.parent, self.kind, storedPosition) = (parent, kind, Int32(position))
        }
    }

    var placements = IDTable<Placement>()
    /// Children of each parent as the browser has them, 0 = root.
    var children = IDTable<[UInt32]>()
    private var camera: SceneCamera?
    private var background: Color?
    var accessibility: [AccessibilityElement]?
    private var cursor: Cursor = .default
    private var sentImages: Set<UInt32> = []
    private var sentPaths: Set<UInt32> = []
    private var sentFonts: Set<UInt16> = []
    /// The last scene's items in order, for the common frame where the tree's shape is unchanged.
    var previousItems: [SceneItem] = []
    /// The generation of the last scene diffed (0: none, or one built by hand).
    private var previousGeneration: UInt64 = 0
    /// While resting: the last scene's items and accessibility elements, packed; the fields above are empty.
    var packed: PackedScene?
    /// Parents whose children a patch put in another order since the last
    /// whole diff: `children` has the browser's order, `previousItems` the
    /// old one until `settlePatchedOrders()` brings it in line.
    var patchedOrders: [UInt32] = []
    /// Where each item's accessibility element is in `accessibility`, made
    /// when a patch first needs it; `elementsShareItems` when an item has two.
    var elementIndex: IDTable<Int>?
    var elementsShareItems = false

    package init() {}

    /// Whether the record of the last scene is packed (`rest()`) until the next diff.
    package var isResting: Bool { packed != nil }

    /// Packs the record of the last scene into a few bytes per item, for a
    /// session that has shown the same frame for a while. The next `diff`
    /// unpacks it first and answers exactly as it would have.
    package mutating func rest() {
        guard packed == nil else { return }
        settlePatchedOrders()
        packed = PackedScene(items: previousItems, accessibility: accessibility)
        previousItems = []
        accessibility = nil
        elementIndex = nil
        // Both follow from the items' order, parents and kinds: `wake` makes them again.
        placements = IDTable()
        children = IDTable()
    }

    private mutating func wake() {
        guard let record = packed?.unpacked() else { return }
        packed = nil
        previousItems = record.items
        accessibility = record.accessibility
        holdTree(of: previousItems, children: Self.childLists(of: previousItems))
    }

    /// The browser holds exactly `items`: where each sits, and each parent's `children`.
    private mutating func holdTree(of items: [SceneItem], children lists: IDTable<[UInt32]>) {
        children = lists
        placements.removeAll(keepingCapacity: true)
        placements.reserveCapacity(items.count)
        for i in items.indices {
            placements[items[i].id] = Placement(parent: items[i].parent, kind: items[i].kind, position: i)
        }
    }

    /// The ops from the last scene given to this differ (or the empty scene) to `scene`.
    package mutating func diff(to scene: Scene) -> [FrameOp] {
        wake()
        settlePatchedOrders()
        var ops: [FrameOp] = []
        defineResources(scene, into: &ops)
        if camera != scene.camera {
            ops.append(.camera(scene.camera))
            camera = scene.camera
        }
        if background != scene.background {
            ops.append(.background(scene.background))
            background = scene.background
        }
        // Hints hold only against the render right before this one.
        let follows = scene.generation != 0 && scene.generation == previousGeneration + 1
        diffItems(scene.items, unchanged: follows ? scene.unchangedItems : [], into: &ops)
        previousGeneration = scene.generation
        if accessibility != scene.accessibility {
            if let renamed = accessibility.flatMap({ Self.names(changedFrom: $0, to: scene.accessibility) }) {
                ops.append(.accessibilityNames(renamed))
            } else {
                ops.append(.accessibility(scene.accessibility))
                elementIndex = nil
            }
            accessibility = scene.accessibility
        }
        if cursor != scene.cursor {
            ops.append(.cursor(scene.cursor))
            cursor = scene.cursor
        }
        return ops
    }

    /// The names that changed when nothing else about the list did (the same
    /// elements, roles and flags in the same order), else nil. Counts on
    /// clusters under a live feed change every frame; their list need not.
    static func names(
        changedFrom old: [AccessibilityElement],
        to new: [AccessibilityElement]
    ) -> [AccessibilityName]? {
        guard old.count == new.count else { return nil }
        var renamed: [AccessibilityName] = []
        for i in new.indices {
            let (o, n) = (old[i], new[i])
            guard o.item == n.item, o.role == n.role, o.flags == n.flags else { return nil }
            if o.name != n.name { renamed.append(AccessibilityName(item: n.item, name: n.name)) }
        }
        return renamed
    }

    mutating func defineResources(_ scene: Scene, into ops: inout [FrameOp]) {
        for font in scene.fonts where sentFonts.insert(font.id).inserted {
            ops.append(.defineFont(font))
        }
        for image in scene.images where sentImages.insert(image.id).inserted {
            ops.append(.defineImage(image))
        }
        for path in scene.paths where sentPaths.insert(path.id).inserted {
            ops.append(.definePath(path))
        }
    }

    private mutating func diffItems(_ newItems: [SceneItem], unchanged: [Range<Int>], into ops: inout [FrameOp]) {
        defer { keep(newItems) }
        if sameShape(newItems) {
            patchChangedItems(newItems, skipping: unchanged, into: &ops)
            return
        }
        if let parents = reorderedParents(newItems) {
            // Only siblings changed places (under a live feed, two pins' paint order): place just those parents'
            // children, and patch as the full path below would, without rebuilding the record of the tree.
            for parent in parents {
                // Ids only: filtering the items themselves copied every large item.
                placeChildren(
                    newItems.compactMap { $0.parent == parent ? $0.id : nil }, of: parent,
                    newItems: newItems, newIndex: IDTable(), into: &ops)
            }
            patchChangedItems(newItems, skipping: unchanged, into: &ops)
            for i in newItems.indices where newItems[i].id != previousItems[i].id {
                placements[newItems[i].id]!.position = i
            }
            return
        }
        var newIndex = IDTable<Int>(minimumCapacity: newItems.count)
        for i in newItems.indices { newIndex[newItems[i].id] = i }
        removeVanished(newItems, newIndex, unchanged: unchanged, into: &ops)
        // Parents first: pre-order guarantees a parent is placed before its children.
        if let lists = changedChildLists(of: newItems, unchanged: unchanged) {
            for list in lists {
                placeChildren(list.children, of: list.parent, newItems: newItems, newIndex: newIndex, into: &ops)
            }
        } else {
            let newChildren = Self.childLists(of: newItems)
            // Ids are unique in a scene, so each parent comes once: the root, then the items in order.
            for i in -1..<newItems.count {
                let parent = i < 0 ? 0 : newItems[i].id
                guard let kids = newChildren[parent] else { continue }
                placeChildren(kids, of: parent, newItems: newItems, newIndex: newIndex, into: &ops)
            }
            children = newChildren
        }
        // The items the renderer vouches for are as they were, wherever they were: not compared.
        var skips = unchanged[...]
        for i in newItems.indices {
            while let skip = skips.first, skip.upperBound <= i { skips = skips.dropFirst() }
            if let skip = skips.first, skip.contains(i) { continue }
            guard let p = placements[newItems[i].id], p.position >= 0, p.kind == newItems[i].kind,
                previousItems[p.position].properties != newItems[i].properties
            else { continue }
            Self.appendChange(from: previousItems[p.position].properties, to: newItems[i], into: &ops)
        }
        // Removing and placing left `placements` holding exactly the new items, each under its new parent.
        for i in newItems.indices { placements[newItems[i].id]?.position = i }
        assert(placements.count == newItems.count)
    }

    /// Patches each item whose properties differ from those of the previous
    /// item of its id (in place, or where `placements` says it was), except
    /// in `unchanged` (ascending ranges the renderer vouches equal to the
    /// render before, wherever their items were).
    private func patchChangedItems(
        _ newItems: [SceneItem], skipping unchanged: [Range<Int>],
        into ops: inout [FrameOp]
    ) {
        // Indexes, not `zip`: items are large and copying each one dominated the frame.
        var i = 0
        var skips = unchanged[...]
        while i < newItems.count {
            if let skip = skips.first, skip.lowerBound <= i {
                i = max(i, skip.upperBound)
                skips = skips.dropFirst()
                continue
            }
            let was = newItems[i].id == previousItems[i].id ? i : placements[newItems[i].id]!.position
            if previousItems[was].properties != newItems[i].properties {
                Self.appendChange(from: previousItems[was].properties, to: newItems[i], into: &ops)
            }
            i += 1
        }
    }

    /// Holds on to `items` for the next diff without their array's spare room: a first frame's array grew by
    /// doubling, and an idle session keeps it for as long as it lives.
    private mutating func keep(_ items: [SceneItem]) {
        if items.capacity > items.count + items.count / 8 + 4 {
            previousItems = Array(unsafeUninitializedCapacity: items.count) { buffer, count in
                _ = buffer.initialize(fromContentsOf: items)
                count = items.count
            }
        } else {
            previousItems = items
        }
    }

    /// When `newItems` are last time's items, each under the same parent with
    /// the same kind, in another order: the parents whose children moved, in
    /// the order the full diff places parents (pre-order, the root first). Else nil.
    private func reorderedParents(_ newItems: [SceneItem]) -> [UInt32]? {
        guard newItems.count == previousItems.count else { return nil }
        var parents: [UInt32] = []
        for i in newItems.indices {
            let item = newItems[i]
            if item.id == previousItems[i].id {
                guard item.parent == previousItems[i].parent, item.kind == previousItems[i].kind else { return nil }
                continue
            }
            // Ids are unique in a scene, so as many items, each one held before, are the same items.
            guard let p = placements[item.id], p.parent == item.parent, p.kind == item.kind else { return nil }
            if !parents.contains(item.parent) { parents.append(item.parent) }
        }
        guard parents.count > 1 else { return parents }
        let order = Dictionary(uniqueKeysWithValues: newItems.enumerated().map { ($1.id, $0 + 1) })
        return parents.sorted { (order[$0] ?? 0) < (order[$1] ?? 0) }
    }

    /// True when `newItems` has the same items, parents and kinds in the same order as last time.
    private func sameShape(_ newItems: [SceneItem]) -> Bool {
        guard newItems.count == previousItems.count else { return false }
        for i in newItems.indices {
            if previousItems[i].id != newItems[i].id || previousItems[i].parent != newItems[i].parent
                || previousItems[i].kind != newItems[i].kind
            {
                return false
            }
        }
        return true
    }

    /// Static: as a method, called with a property of the differ's own
    /// record, it had the whole differ copied (a dozen references retained
    /// and released) for every item that changed.
    static func appendChange(from old: ItemProperties, to item: SceneItem, into ops: inout [FrameOp]) {
        if item.properties.differsOnlyInOrigin(from: old) {
            ops.append(.transform(item: item.id, x: item.properties.frame.x, y: item.properties.frame.y))
        } else {
            ops.append(.patch(item: item.id, properties: item.properties.changes(from: old)))
        }
    }

    /// Removes items that are gone, or that changed kind (they are inserted anew).
    private mutating func removeVanished(
        _ newItems: [SceneItem], _ newIndex: IDTable<Int>, unchanged: [Range<Int>],
        into ops: inout [FrameOp]
    ) {
        // The record is the browser's tree in pre-order: a parent's fate is known before its children's.
        var gone = IDTable<Bool>()
        var roots: [UInt32] = []
        var rootParents: [UInt32] = []
        var i = 0
        while i < previousItems.count {
            defer { i += 1 }
            let (id, parent) = (previousItems[i].id, previousItems[i].parent)
            let at = newIndex[id]
            let stays = at.map { newItems[$0].kind == previousItems[i].kind } ?? false
            // A survivor whose old parent goes is removed with it in the browser, so it goes too.
            let underGone = !gone.isEmpty && gone[parent] != nil
            if stays, !underGone {
                // A subtree the renderer vouches for is the one the browser holds: all of it stays.
                if let at, let size = Self.vouchedSubtreeSize(at: at, in: newItems, unchanged: unchanged) {
                    i += size - 1
                }
                continue
            }
            gone[id] = true
            if !underGone {
                // Removing a subtree's root removes the rest in the browser too; in the browser's order.
                roots.append(id)
                if !rootParents.contains(parent) { rootParents.append(parent) }
            }
        }
        guard !roots.isEmpty else { return }
        for id in roots { ops.append(.remove(item: id)) }
        for parent in rootParents where children[parent] != nil {
            children[parent, default: []].removeAll { gone[$0] != nil }
        }
        for (id, _) in gone.entries {
            placements.remove(id)
            children.remove(id)
        }
    }

    /// The size of the subtree at `position` when a range in `unchanged`
    /// holds it whole as one of the range's roots, else nil.
    static func vouchedSubtreeSize(at position: Int, in items: [SceneItem], unchanged: [Range<Int>]) -> Int? {
        var (lo, hi) = (0, unchanged.count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if unchanged[mid].upperBound <= position { lo = mid + 1 } else { hi = mid }
        }
        guard lo < unchanged.count, unchanged[lo].contains(position) else { return nil }
        let range = unchanged[lo], parent = items[range.lowerBound].parent
        guard items[position].parent == parent else { return nil }
        var end = position + 1
        while end < range.upperBound, items[end].parent != parent { end += 1 }
        return end - position
    }

    /// Brings the browser's children of `parent` to `target` order with the
    /// fewest moves: items on a longest increasing run of old positions stay.
    mutating func placeChildren(
        _ target: [UInt32], of parent: UInt32, newItems: [SceneItem],
        newIndex: IDTable<Int>, into ops: inout [FrameOp]
    ) {
        var current = children[parent] ?? []
        if current == target { return }
        // A common head and tail are on every longest run that stays: only the window between is placed
        // (under a live feed, two pins among a hundred swap places).
        var lo = 0
        while lo < current.count, lo < target.count, current[lo] == target[lo] { lo += 1 }
        var (currentEnd, targetEnd) = (current.count, target.count)
        while currentEnd > lo, targetEnd > lo, current[currentEnd - 1] == target[targetEnd - 1] {
            currentEnd -= 1
            targetEnd -= 1
        }
        var oldIndex = IDTable<Int>(minimumCapacity: currentEnd - lo)
        for i in lo..<currentEnd { oldIndex[current[i]] = i }
        let stays = Self.longestIncreasingRun(
            target[lo..<targetEnd].map { id -> Int in
                guard let p = placements[id], p.parent == parent else { return -1 }
                return oldIndex[id] ?? -1
            })
        // Walk from the end so each placed item's successor is already final.
        for i in stride(from: targetEnd - 1, through: lo, by: -1) {
            let id = target[i]
            if stays[i - lo] { continue }
            // Only a child of this parent already is in the list (an item new here is not looked for).
            if oldIndex[id] != nil, let pos = current.firstIndex(of: id) { current.remove(at: pos) }
            let index: Int
            if i + 1 < target.count, let next = current.firstIndex(of: target[i + 1]) {
                index = next
            } else {
                index = current.count
            }
            current.insert(id, at: index)
            if var p = placements[id] {
                // Moving from another parent: take it out of that parent's list.
                if p.parent != parent, var siblings = children[p.parent], let at = siblings.firstIndex(of: id) {
                    siblings.remove(at: at)
                    children[p.parent] = siblings
                }
                ops.append(.move(item: id, parent: parent, index: UInt32(index)))
                p.parent = parent
                placements[id] = p
            } else if let n = newIndex[id] {
                let item = newItems[n]
                ops.append(
                    .insert(
                        item: id, parent: parent, index: UInt32(index), kind: item.kind,
                        properties: item.properties.changes(from: ItemProperties())))
                placements[id] = Placement(parent: parent, kind: item.kind, position: -1)
            }
        }
        children[parent] = current
    }

    /// Which of `values` make a longest strictly increasing subsequence,
    /// ignoring negative values (items that are new here).
    static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
        var tails: [Int] = [] // index into values of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (i, v) in values.enumerated() where v >= 0 {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var run = [Bool](repeating: false, count: values.count)
        var k = tails.last ?? -1
        while k >= 0 {
            run[k] = true
            k = previous[k]
        }
        return run
    }
}
