/// Some children of one item rendered afresh, for a frame that changes
/// nothing else: under a live feed a watching map's epoch changes a dozen
/// cluster badges of the hundred and more it shows, and rendering and
/// diffing the whole scene for them was most of what the frame cost.
package struct ScenePatch: Sendable {
    /// The item whose children were rendered afresh.
    package var parent: UInt32
    /// Each child's subtree in pre-order, one after another, with their
    /// accessibility elements and the resources they use.
    package var scene = Scene()
    /// All of `parent`'s children in their new order, when that may have changed.
    package var order: [UInt32]?
    /// The children of `parent` that have accessibility elements, in their
    /// new reading order, when that changed: their elements (each child's
    /// kept together, in the order they had) make that part of the mirror
    /// in this order.
    package var readers: [UInt32]?

    /// Children of `parent` whose only change is their anchor and its
    /// glide (a live pin's move), with nothing of theirs in `scene`.
    package var anchors: [MovedAnchor] = []

    package init(parent: UInt32) {
        self.parent = parent
    }
}

/// An item's new anchor and glide, all that changed in it and its subtree.
package struct MovedAnchor: Sendable {
    package var item: UInt32
    package var anchor: WorldAnchor?
    package var glideMilliseconds: UInt16

    package init(item: UInt32, anchor: WorldAnchor?, glideMilliseconds: UInt16) {
        (self.item, self.anchor, self.glideMilliseconds) = (item, anchor, glideMilliseconds)
    }
}

extension SceneDiffer {
    /// The ops that take the browser from the last scene to that scene with
    /// `patch` applied, and takes that as the last scene; or nil, having
    /// changed nothing, when the patch is not a change of properties only:
    /// a subtree holds other items than before (an item came or went, moved
    /// to another parent or changed kind), or its accessibility elements came,
    /// went or changed role, or `readers` does not name exactly the children
    /// whose elements make one run of the mirror. The caller then diffs a
    /// whole scene instead.
    ///
    /// The record keeps the last whole scene's order of items, with the
    /// patched properties: a later `diff` compares against what the browser
    /// holds, and hints of that scene's renderer (`Scene.unchangedItems`)
    /// still hold if it took the same patch.
    package mutating func patch(_ patch: ScenePatch) -> [FrameOp]? {
        guard packed == nil, accessibility != nil,
            let positions = positions(of: patch.scene.items, under: patch.parent),
            let renamed = names(of: patch.scene.accessibility, items: patch.scene.items)
        else { return nil }
        var moved: [Int] = []
        moved.reserveCapacity(patch.anchors.count)
        for m in patch.anchors {
            guard let placed = placements[m.item], placed.position >= 0, placed.parent == patch.parent else {
                return nil
            }
            moved.append(placed.position)
        }
        if let order = patch.order {
            // Ids are unique among a parent's children: as many, each a child now, are the same children.
            guard order.count == children[patch.parent]?.count ?? 0,
                order.allSatisfy({ placements[$0]?.parent == patch.parent })
            else { return nil }
        }
        var reread: (elements: [AccessibilityElement], run: Range<Int>)?
        if let readers = patch.readers {
            guard let elements = reordered(renamed: renamed, readers: readers, under: patch.parent) else { return nil }
            reread = elements
        }
        var ops: [FrameOp] = []
        defineResources(patch.scene, into: &ops)
        for (item, position) in zip(patch.scene.items, positions) {
            if previousItems[position].properties != item.properties {
                Self.appendChange(from: previousItems[position].properties, to: item, into: &ops)
            }
            previousItems[position] = item
        }
        for (m, position) in zip(patch.anchors, moved) {
            var item = previousItems[position]
            item.properties.anchor = m.anchor
            item.properties.glideMilliseconds = m.glideMilliseconds
            if item.properties != previousItems[position].properties {
                Self.appendChange(from: previousItems[position].properties, to: item, into: &ops)
            }
            previousItems[position] = item
        }
        if let order = patch.order, order != children[patch.parent] {
            if !patchedOrders.contains(patch.parent) { patchedOrders.append(patch.parent) }
            placeChildren(order, of: patch.parent, newItems: [], newIndex: IDTable(), into: &ops)
        }
        if let reread {
            // As a whole diff sends a mirror whose order changed.
            ops.append(.accessibility(reread.elements))
            accessibility = reread.elements
            // Only the run's elements changed places; `names` checked that no item has two.
            for k in reread.run { elementIndex?[reread.elements[k].item] = k }
        } else if !renamed.isEmpty {
            ops.append(.accessibilityNames(renamed.map { AccessibilityName(item: accessibility![$0].item, name: $1) }))
            for (k, name) in renamed { accessibility![k].name = name }
        }
        return ops
    }

    /// The mirror with `renamed` applied and the elements of `parent`'s
    /// children in `readers`' order, each child's together as they were,
    /// and where they are in it; nil unless those elements are one run of
    /// the mirror, each child's one stretch of it, and `readers` names each
    /// child that has some once.
    private func reordered(
        renamed: [(index: Int, name: String)], readers: [UInt32],
        under parent: UInt32
    ) -> (elements: [AccessibilityElement], run: Range<Int>)? {
        guard var elements = accessibility else { return nil }
        for (k, name) in renamed { elements[k].name = name }
        let owners = elements.map { child(of: parent, holding: $0.item) }
        guard let first = owners.firstIndex(where: { $0 != nil }), let last = owners.lastIndex(where: { $0 != nil }),
            owners[first...last].allSatisfy({ $0 != nil })
        else { return nil }
        // Stretches, not a list a child: a hundred badges' mirror is read again whenever one crosses a row.
        var stretches: [UInt32: Range<Int>] = [:]
        stretches.reserveCapacity(readers.count)
        var start = first
        while start <= last {
            let owner = owners[start]!
            var end = start + 1
            while end <= last, owners[end] == owner { end += 1 }
            guard stretches.updateValue(start..<end, forKey: owner) == nil else { return nil }
            start = end
        }
        guard stretches.count == readers.count else { return nil }
        var run: [AccessibilityElement] = []
        run.reserveCapacity(last - first + 1)
        for id in readers {
            guard let stretch = stretches.removeValue(forKey: id) else { return nil }
            run += elements[stretch]
        }
        elements.replaceSubrange(first...last, with: run)
        return (elements, first..<(last + 1))
    }

    /// The child of `parent` whose subtree holds `item`, as the browser has them; nil when none does.
    private func child(of parent: UInt32, holding item: UInt32) -> UInt32? {
        var id = item
        while let placed = placements[id] {
            if placed.parent == parent { return id }
            if placed.parent == 0 { return nil }
            id = placed.parent
        }
        return nil
    }

    /// Where each of `items` is in the record, when they are subtrees of
    /// children of `parent` that hold exactly the items they held (same ids,
    /// parents and kinds); else nil.
    private func positions(of items: [SceneItem], under parent: UInt32) -> [Int]? {
        var positions: [Int] = []
        positions.reserveCapacity(items.count)
        var subtreeLeft = 0
        for item in items {
            guard let placed = placements[item.id], placed.position >= 0, placed.parent == item.parent,
                placed.kind == item.kind
            else { return nil }
            if item.parent == parent {
                guard subtreeLeft == 0 else { return nil }
                subtreeLeft = subtreeSize(item.id)
            }
            guard subtreeLeft > 0 else { return nil }
            subtreeLeft -= 1
            positions.append(placed.position)
        }
        return subtreeLeft == 0 ? positions : nil
    }

    /// Puts the record's items in the order the browser holds them
    /// (`children`) where patches reordered them, as a whole scene in that
    /// order would have them: a diff of a scene in the old order must see
    /// it as a change. Positions still count in the record's old order here.
    mutating func settlePatchedOrders() {
        for parent in patchedOrders {
            guard let order = children[parent], !order.isEmpty else { continue }
            var spans: [Range<Int>] = []
            spans.reserveCapacity(order.count)
            var (start, end) = (Int.max, 0)
            for id in order {
                guard let position = placements[id]?.position, position >= 0 else { return }
                let span = position..<(position + subtreeSize(id))
                spans.append(span)
                (start, end) = (min(start, span.lowerBound), max(end, span.upperBound))
            }
            var reordered: [SceneItem] = []
            reordered.reserveCapacity(end - start)
            for span in spans { reordered += previousItems[span] }
            previousItems.replaceSubrange(start..<end, with: reordered)
            for position in start..<end { placements[previousItems[position].id]?.position = position }
        }
        patchedOrders.removeAll()
    }

    /// How many items the browser holds in the subtree of `id`, itself included.
    private func subtreeSize(_ id: UInt32) -> Int {
        guard let kids = children[id] else { return 1 }
        return kids.reduce(1) { $0 + subtreeSize($1) }
    }

    /// The new names, by index into `accessibility`, when `patched` are the
    /// elements of `items` with only their names changed: each item has as
    /// many elements as before (none or one), of the same role and flags. Else nil.
    private mutating func names(
        of patched: [AccessibilityElement],
        items: [SceneItem]
    ) -> [(index: Int, name: String)]? {
        let index = elementIndex ?? indexElements()
        guard !elementsShareItems, let elements = accessibility else { return nil }
        // The items that have an element, against the items the patched elements name, both sorted: a patch
        // holds a few dozen items, and a set of them cost more than all the rest of this check.
        var had: [UInt32] = []
        had.reserveCapacity(patched.count)
        for item in items where index[item.id] != nil { had.append(item.id) }
        guard had.count == patched.count else { return nil }
        var named = patched.map(\.item)
        had.sort()
        named.sort()
        guard had == named else { return nil }
        var renamed: [(index: Int, name: String)] = []
        for element in patched {
            let k = index[element.item]!
            guard elements[k].role == element.role, elements[k].flags == element.flags else { return nil }
            if elements[k].name != element.name { renamed.append((k, element.name)) }
        }
        return renamed
    }

    /// Indexes the accessibility elements by item, noting whether any item has two.
    private mutating func indexElements() -> IDTable<Int> {
        var index = IDTable<Int>(minimumCapacity: accessibility?.count ?? 0)
        elementsShareItems = false
        for (k, element) in (accessibility ?? []).enumerated() {
            if index[element.item] != nil { elementsShareItems = true }
            index[element.item] = k
        }
        elementIndex = index
        return index
    }
}
