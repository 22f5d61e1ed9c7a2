import Testing

@testable import DisplayList

/// Frames whose renderer vouches for the items it copied from its last
/// render (as the annotation layer does for its held markers), among
/// frames that add, remove, move and reorder subtrees: every frame replays
/// to its scene, and the differ rebuilds the child lists of only the parents
/// whose children changed.
@Suite struct SceneDifferHintTests {
    private static func item(_ id: UInt32, parent: UInt32, x: Float) -> SceneItem {
        var p = ItemProperties()
        p.frame = Rect32(x: x, y: 0, width: 10, height: 10)
        return SceneItem(id: id, parent: parent, kind: .rect, properties: p)
    }

    /// A tree of items by parent, in order.
    private struct Tree {
        var items: [UInt32: SceneItem] = [:]
        var children: [UInt32: [UInt32]] = [:]

        init(_ list: [SceneItem]) {
            for item in list {
                items[item.id] = item
                children[item.parent, default: []].append(item.id)
            }
        }

        func preorder(_ parent: UInt32 = 0) -> [SceneItem] {
            (children[parent] ?? []).flatMap { [items[$0]!] + preorder($0) }
        }

        func subtree(_ id: UInt32) -> [UInt32] { [id] + (children[id] ?? []).flatMap(subtree) }

        mutating func detach(_ id: UInt32) {
            let parent = items[id]!.parent
            children[parent]?.removeAll { $0 == id }
        }

        mutating func attach(_ id: UInt32, to parent: UInt32, at index: Int) {
            items[id]!.parent = parent
            var list = children[parent] ?? []
            list.insert(id, at: min(index, list.count))
            children[parent] = list
        }
    }

    /// Mostly what it was: a few subtrees gone, new items under random
    /// parents, a few moved to another parent, siblings swapped, frames changed.
    private static func edit(_ scene: [SceneItem], nextID: inout UInt32, using random: inout SplitMix) -> [SceneItem] {
        var tree = Tree(scene)
        func pick() -> UInt32? { scene.isEmpty ? nil : scene[Int(random.next() % UInt64(scene.count))].id }
        for _ in 0..<Int(random.next() % 3) {
            guard let id = pick(), tree.items[id] != nil else { continue }
            tree.detach(id)
            for gone in tree.subtree(id) { tree.items[gone] = nil }
        }
        for _ in 0..<Int(random.next() % 6) {
            let parent = random.next() % 3 == 0 ? 0 : pick().flatMap { tree.items[$0] != nil ? $0 : nil } ?? 0
            tree.items[nextID] = item(nextID, parent: parent, x: 0)
            tree.attach(nextID, to: parent, at: Int(random.next() % 8))
            nextID += 1
        }
        if random.next() % 3 == 0, let id = pick(), tree.items[id] != nil,
            let target = pick(), tree.items[target] != nil, !tree.subtree(id).contains(target)
        {
            tree.detach(id)
            tree.attach(id, to: target, at: Int(random.next() % 4))
        }
        if random.next() % 3 == 0, let id = pick(), let parent = tree.items[id]?.parent,
            var siblings = tree.children[parent], siblings.count > 1
        {
            siblings.swapAt(0, siblings.count - 1)
            tree.children[parent] = siblings
        }
        for _ in 0..<Int(random.next() % 4) {
            if let id = pick(), tree.items[id] != nil { tree.items[id]!.properties.frame.x += 1 }
        }
        // Another kind under the same id: the browser drops the item with its subtree, and inserts it anew.
        if random.next() % 4 == 0, let id = pick(), let old = tree.items[id] {
            tree.items[id] = SceneItem(
                id: id, parent: old.parent, kind: old.kind == .rect ? .group : .rect,
                properties: old.properties)
        }
        return tree.preorder()
    }

    /// Ascending ranges of `items` made of whole subtrees of one parent, each
    /// the same, item for item and in shape, as its root's subtree in
    /// `before`: what a renderer that copies its views' last renders vouches
    /// for. Taken at every depth (a marker that changed, a child that did not).
    private static func vouched(_ items: [SceneItem], before: [SceneItem]) -> [Range<Int>] {
        let oldPosition = Dictionary(uniqueKeysWithValues: before.enumerated().map { ($1.id, $0) })
        /// Where the subtree at `start` ends in pre-order `list`.
        func end(of start: Int, in list: [SceneItem]) -> Int {
            var inside: Set<UInt32> = [list[start].id]
            var end = start + 1
            while end < list.count, inside.contains(list[end].parent) {
                inside.insert(list[end].id)
                end += 1
            }
            return end
        }
        var ranges: [Range<Int>] = []
        var i = 0
        while i < items.count {
            let stop = end(of: i, in: items)
            guard let old = oldPosition[items[i].id], end(of: old, in: before) - old == stop - i,
                Array(before[old..<(old + stop - i)]) == Array(items[i..<stop])
            else {
                i += 1
                continue
            }
            if let last = ranges.last, last.upperBound == i, items[last.lowerBound].parent == items[i].parent {
                ranges[ranges.count - 1] = last.lowerBound..<stop
            } else {
                ranges.append(i..<stop)
            }
            i = stop
        }
        return ranges
    }

    @Test(arguments: [UInt64(3), 4, 5])
    func framesWithVouchedItemsReplayToTheirScenes(seed: UInt64) {
        var random = SplitMix(seed: seed)
        var differ = SceneDiffer()
        var browser = SceneReplica(viewport: .zero)
        var nextID: UInt32 = 1
        var current: [SceneItem] = []
        // A forest to start from: parents with a few children each, as markers under a layer.
        var start: [SceneItem] = []
        for _ in 0..<30 {
            let parent = nextID
            start.append(Self.item(parent, parent: 0, x: 0))
            nextID += 1
            for _ in 0..<Int(random.next() % 4) {
                start.append(Self.item(nextID, parent: parent, x: 0))
                nextID += 1
            }
        }
        current = start
        var generation: UInt64 = 1
        var scene = Scene()
        scene.items = current
        scene.generation = generation
        browser.apply(differ.diff(to: scene))
        for round in 0..<300 {
            let next = Self.edit(current, nextID: &nextID, using: &random)
            generation += 1
            scene = Scene()
            scene.items = next
            scene.generation = generation
            scene.unchangedItems = Self.vouched(next, before: current)
            browser.apply(differ.diff(to: scene))
            #expect(browser.preorder() == next, "round \(round)")
            current = next
        }
    }

    @Test func onlyTheParentsWhoseChildrenChangedGetNewLists() throws {
        // A layer (1) of 50 markers, each with three children; a pan brings one marker in and lets one go.
        var items = [Self.item(1, parent: 0, x: 0)]
        for m in 0..<50 {
            let id = UInt32(100 + m * 10)
            items.append(Self.item(id, parent: 1, x: 0))
            for c in 1...3 { items.append(Self.item(id + UInt32(c), parent: id, x: 0)) }
        }
        var differ = SceneDiffer()
        var scene = Scene()
        scene.items = items
        scene.generation = 1
        _ = differ.diff(to: scene)
        var next = items.filter { $0.id < 100 || $0.id >= 110 }
        next.insert(contentsOf: [Self.item(2000, parent: 1, x: 0), Self.item(2001, parent: 2000, x: 0)], at: 21)
        let lists = try #require(differ.changedChildLists(of: next, unchanged: Self.vouched(next, before: items)))
        // Nothing is vouched for the root: its list comes first, then the layer's and the new marker's.
        #expect(lists.map(\.parent) == [0, 1, 2000])
        #expect(lists[1].children.count == 50)
        // Without hints, every parent gets a list.
        let all = differ.changedChildLists(of: next, unchanged: [])
        #expect(all?.count == 2 + 50, "\(all?.map(\.parent) ?? [])")
    }
}
