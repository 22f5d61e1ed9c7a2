/// Turns a sequence of scenes into the frame ops that take a browser from one
/// to the next, remembering what that browser already has.
///
/// A pure function of the previous and the new scene (plus the set of
/// resources already sent), as Phoenix LiveView's diff is: no sockets, tested
/// on literal values.
public struct SceneDiffer: Sendable {
    private var items: [UInt32: SceneItem] = [:]
    /// Children of each parent as the browser has them, 0 = root.
    private var children: [UInt32: [UInt32]] = [:]
    private var camera: SceneCamera?
    private var background: Color?
    private var accessibility: [AccessibilityElement]?
    private var cursor: Cursor = .default
    private var sentImages: Set<UInt32> = []
    private var sentPaths: Set<UInt32> = []
    private var sentFonts: Set<UInt16> = []
    /// The last scene's items in order, for the common frame where the tree's shape is unchanged.
    private var previousItems: [SceneItem] = []

    public init() {}

    /// Number of items the browser holds after the last diff.
    public var itemCount: Int { items.count }

    /// The ops from the last scene given to this differ (or the empty scene) to `scene`.
    public mutating func diff(to scene: Scene) -> [FrameOp] {
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
        diffItems(scene.items, into: &ops)
        if accessibility != scene.accessibility {
            ops.append(.accessibility(scene.accessibility))
            accessibility = scene.accessibility
        }
        if cursor != scene.cursor {
            ops.append(.cursor(scene.cursor))
            cursor = scene.cursor
        }
        return ops
    }

    private mutating func defineResources(_ scene: Scene, into ops: inout [FrameOp]) {
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

    private mutating func diffItems(_ newItems: [SceneItem], into ops: inout [FrameOp]) {
        defer { previousItems = newItems }
        if sameShape(newItems) {
            // Indexes, not `zip`: items are large and copying each one dominated the frame.
            for i in newItems.indices where previousItems[i].properties != newItems[i].properties {
                appendChange(from: previousItems[i], to: newItems[i], into: &ops)
            }
            return
        }
        var newChildren: [UInt32: [UInt32]] = [:]
        var newByID: [UInt32: SceneItem] = [:]
        newByID.reserveCapacity(newItems.count)
        for item in newItems {
            newByID[item.id] = item
            newChildren[item.parent, default: []].append(item.id)
        }
        removeVanished(newByID, into: &ops)
        // Parents first: pre-order guarantees a parent is placed before its children.
        var visitedParents: Set<UInt32> = []
        let parentOrder = [0] + newItems.map(\.id)
        for parent in parentOrder where visitedParents.insert(parent).inserted {
            guard let kids = newChildren[parent] else { continue }
            placeChildren(kids, of: parent, newByID: newByID, into: &ops)
        }
        for item in newItems {
            guard let old = items[item.id], old.kind == item.kind, item.properties != old.properties else { continue }
            appendChange(from: old, to: item, into: &ops)
        }
    }

    /// True when `newItems` has the same items, parents and kinds in the same order as last time.
    private func sameShape(_ newItems: [SceneItem]) -> Bool {
        guard newItems.count == previousItems.count else { return false }
        for i in newItems.indices {
            if previousItems[i].id != newItems[i].id || previousItems[i].parent != newItems[i].parent
                || previousItems[i].kind != newItems[i].kind { return false }
        }
        return true
    }

    private mutating func appendChange(from old: SceneItem, to item: SceneItem, into ops: inout [FrameOp]) {
        if item.properties.differsOnlyInOrigin(from: old.properties) {
            ops.append(.transform(item: item.id, x: item.properties.frame.x, y: item.properties.frame.y))
        } else {
            ops.append(.patch(item: item.id, properties: item.properties.changes(from: old.properties)))
        }
        items[item.id] = item
    }

    /// Removes items that are gone, or that changed kind (they are inserted anew).
    private mutating func removeVanished(_ newByID: [UInt32: SceneItem], into ops: inout [FrameOp]) {
        var goneIDs = Set(items.values.lazy.filter { newByID[$0.id]?.kind != $0.kind }.map(\.id))
        guard !goneIDs.isEmpty else { return }
        // A survivor whose old parent goes is removed with it in the browser, so it goes too.
        var grew = true
        while grew {
            grew = false
            for item in items.values where !goneIDs.contains(item.id) && goneIDs.contains(item.parent) {
                goneIDs.insert(item.id)
                grew = true
            }
        }
        for item in goneIDs.compactMap({ items[$0] }) {
            // Removing a subtree's root removes the rest in the browser too.
            if !goneIDs.contains(item.parent) { ops.append(.remove(item: item.id)) }
        }
        for id in goneIDs { forget(id) }
        for id in goneIDs { children[id] = nil }
    }

    private mutating func forget(_ id: UInt32) {
        guard let item = items.removeValue(forKey: id) else { return }
        if var siblings = children[item.parent], let i = siblings.firstIndex(of: id) {
            siblings.remove(at: i)
            children[item.parent] = siblings
        }
    }

    /// Brings the browser's children of `parent` to `target` order with the
    /// fewest moves: items on a longest increasing run of old positions stay.
    private mutating func placeChildren(_ target: [UInt32], of parent: UInt32,
                                        newByID: [UInt32: SceneItem], into ops: inout [FrameOp]) {
        var current = children[parent] ?? []
        if current == target { return }
        var oldIndex: [UInt32: Int] = [:]
        for (i, id) in current.enumerated() { oldIndex[id] = i }
        let stay = Self.longestIncreasingRun(target.map { id -> Int in
            guard let old = items[id], old.parent == parent else { return -1 }
            return oldIndex[id] ?? -1
        })
        // Walk from the end so each placed item's successor is already final.
        for i in stride(from: target.count - 1, through: 0, by: -1) {
            let id = target[i]
            if stay.contains(i) { continue }
            if let pos = current.firstIndex(of: id) { current.remove(at: pos) }
            let index: Int
            if i + 1 < target.count, let next = current.firstIndex(of: target[i + 1]) {
                index = next
            } else {
                index = current.count
            }
            current.insert(id, at: index)
            if let old = items[id] {
                // Moving from another parent: take it out of that parent's list.
                if old.parent != parent, var siblings = children[old.parent],
                   let at = siblings.firstIndex(of: id) {
                    siblings.remove(at: at)
                    children[old.parent] = siblings
                }
                ops.append(.move(item: id, parent: parent, index: UInt32(index)))
                var moved = old
                moved.parent = parent
                items[id] = moved
            } else if let item = newByID[id] {
                ops.append(.insert(item: id, parent: parent, index: UInt32(index), kind: item.kind,
                                   properties: item.properties.changes(from: ItemProperties())))
                items[id] = item
            }
        }
        children[parent] = current
    }

    /// Indexes (into `values`) of a longest strictly increasing subsequence,
    /// ignoring negative values (items that are new here).
    static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []          // index into values of the smallest tail of each length
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
        var run: Set<Int> = []
        var k = tails.last ?? -1
        while k >= 0 {
            run.insert(k)
            k = previous[k]
        }
        return run
    }
}
