extension SceneDiffer {
    /// Each parent's children in order (0 for the root). For a resting
    /// differ's wake and scenes out of pre-order, both rare: a whole diff of a
    /// scene in pre-order builds only the lists that changed (below).
    static func childLists(of items: [SceneItem]) -> IDTable<[UInt32]> {
        var lists = IDTable<[UInt32]>(minimumCapacity: items.count / 4)
        for i in items.indices { lists[items[i].parent, default: []].append(items[i].id) }
        return lists
    }

    /// The new child lists of the parents whose children may not be the
    /// browser's, with each parent's position (-1 for the root), parents
    /// first; nil when `items` are not in pre-order. Run after the gone items
    /// are removed. A parent the renderer vouches for (in `unchanged`) and the
    /// browser holds, whose children here are all vouched for and are the
    /// browser's list in its order, keeps its list: a pan over a thousand
    /// markers that brings a hundred in builds the annotation layer's list and
    /// the new markers', not every marker's. (Children of such a parent that
    /// moved to another are taken out of its list when they are placed there.)
    /// Below the roots of a vouched range whose parent the browser holds
    /// nothing is read: those subtrees are the browser's, lists and all.
    func changedChildLists(
        of items: [SceneItem],
        unchanged: [Range<Int>]
    ) -> [(parent: UInt32, position: Int, children: [UInt32])]? {
        /// An item on the path from the root to the current one, as a parent.
        struct Open {
            var id: UInt32
            var position: Int
            /// Its list in `lists`, once it has one.
            var list = -1
            var vouched = false
            /// The browser's list of its children, taken at its first child, while they match it.
            var held: [UInt32]?
            var matched = 0
        }
        var lists: [(parent: UInt32, position: Int, children: [UInt32])] = [(0, -1, [])]
        var path = [Open(id: 0, position: -1, list: 0)]
        var skips = unchanged[...]
        // The parent of the vouched range at hand when the browser holds it (its roots' subtrees are skipped).
        var heldRoots: (range: Range<Int>, parent: UInt32)?
        for i in items.indices {
            let (id, parent) = (items[i].id, items[i].parent)
            while let skip = skips.first, skip.upperBound <= i { skips = skips.dropFirst() }
            let vouched = skips.first?.contains(i) ?? false
            if vouched, let range = skips.first {
                if heldRoots?.range != range {
                    let rootsParent = items[range.lowerBound].parent
                    heldRoots = rootsParent == 0 || placements[rootsParent] != nil ? (range, rootsParent) : nil
                }
                if let roots = heldRoots, parent != roots.parent { continue }
            }
            // In pre-order an item's parent is on the path from the root to the item before it.
            while path.count > 1, path[path.count - 1].id != parent { path.removeLast() }
            guard path[path.count - 1].id == parent else { return nil }
            let top = path.count - 1
            if path[top].list < 0 {
                // The browser's list: gone items have none (their subtrees left the browser with them).
                if path[top].vouched, path[top].held == nil { path[top].held = children[parent] ?? [] }
                if vouched, let held = path[top].held, path[top].matched < held.count, held[path[top].matched] == id {
                    path[top].matched += 1
                } else {
                    let from = path[top].position + 1
                    let seen = (from..<i).compactMap { items[$0].parent == parent ? items[$0].id : nil }
                    path[top].list = lists.count
                    lists.append((parent, path[top].position, seen))
                }
            }
            if path[top].list >= 0 { lists[path[top].list].children.append(id) }
            path.append(Open(id: id, position: i, vouched: vouched))
        }
        if lists[0].children.isEmpty { lists.removeFirst() }
        lists.sort { $0.position < $1.position }
        return lists
    }
}
