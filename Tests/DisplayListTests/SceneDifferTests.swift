import Testing

@testable import DisplayList

private func rect(_ id: UInt32, parent: UInt32 = 0, x: Float = 0, fill: UInt32 = 0xFF0000FF) -> SceneItem {
    var p = ItemProperties()
    p.frame = Rect32(x: x, y: 0, width: 10, height: 10)
    p.fill = Color(rgba: fill)
    return SceneItem(id: id, parent: parent, kind: .rect, properties: p)
}

private func scene(_ items: [SceneItem]) -> Scene {
    var s = Scene()
    s.items = items
    return s
}

@Test func firstFrameInsertsEverythingInOrder() {
    var differ = SceneDiffer()
    let ops = differ.diff(to: scene([rect(1), rect(2, parent: 1), rect(3)]))
    let inserts = ops.compactMap { op -> UInt32? in
        if case let .insert(item, _, _, _, _) = op { return item } else { return nil }
    }
    #expect(inserts.count == 3)
    var client = SceneReplica(viewport: .zero)
    client.apply(ops)
    #expect(client.preorder() == [rect(1), rect(2, parent: 1), rect(3)])
}

@Test func unchangedSceneGivesNoItemOps() {
    var differ = SceneDiffer()
    _ = differ.diff(to: scene([rect(1), rect(2)]))
    #expect(differ.diff(to: scene([rect(1), rect(2)])).isEmpty)
}

@Test func insertCarriesOnlyNonDefaultProperties() {
    var differ = SceneDiffer()
    let ops = differ.diff(to: scene([rect(7, x: 3)])).filter {
        if case .insert = $0 { return true } else { return false }
    }
    #expect(
        ops == [
            .insert(
                item: 7, parent: 0, index: 0, kind: .rect,
                properties: [
                    .frame(Rect32(x: 3, y: 0, width: 10, height: 10)),
                    .fill(Color(rgba: 0xFF0000FF)),
                ])
        ])
}

@Test func originOnlyChangeIsATransform() {
    var differ = SceneDiffer()
    _ = differ.diff(to: scene([rect(1, x: 0)]))
    #expect(differ.diff(to: scene([rect(1, x: 5)])) == [.transform(item: 1, x: 5, y: 0)])
}

@Test func otherChangesArePatchesOfJustThoseProperties() {
    var differ = SceneDiffer()
    _ = differ.diff(to: scene([rect(1)]))
    #expect(
        differ.diff(to: scene([rect(1, fill: 0x00FF00FF)]))
            == [.patch(item: 1, properties: [.fill(Color(rgba: 0x00FF00FF))])])
}

@Test func removingAParentRemovesOnlyTheSubtreeRoot() {
    var differ = SceneDiffer()
    _ = differ.diff(to: scene([rect(1), rect(2, parent: 1), rect(3)]))
    #expect(differ.diff(to: scene([rect(3)])) == [.remove(item: 1)])
}

@Test func raisingOneItemToTheTopIsOneMove() {
    var differ = SceneDiffer()
    let ids: [UInt32] = Array(1...100)
    _ = differ.diff(to: scene(ids.map { rect($0) }))
    let raised = ids.filter { $0 != 10 } + [10]
    let ops = differ.diff(to: scene(raised.map { rect($0) }))
    #expect(ops == [.move(item: 10, parent: 0, index: 99)])
}

@Test func anchorClearedIsSaidExplicitly() {
    var differ = SceneDiffer()
    var a = rect(1)
    a.properties.anchor = WorldAnchor(x: 5, y: 6)
    _ = differ.diff(to: scene([a]))
    #expect(differ.diff(to: scene([rect(1)])) == [.patch(item: 1, properties: [.clearAnchor])])
}

@Test func resourcesAreDefinedOnce() {
    var differ = SceneDiffer()
    var s = Scene()
    let image = ImageResource(id: 42, format: .svg, width: 1, height: 1, data: [1])
    s.images = [image]
    #expect(differ.diff(to: s).contains(.defineImage(image)))
    #expect(!differ.diff(to: s).contains(.defineImage(image)))
}

@Test func randomEditsAlwaysReplayToTheNewScene() {
    var generator = SplitMix(seed: 7)
    var differ = SceneDiffer()
    var client = SceneReplica(viewport: .zero)
    var nextID: UInt32 = 1
    var current: [SceneItem] = []
    for _ in 0..<300 {
        let ordered = preorder(randomForest(from: current, newItems: 6, nextID: &nextID, using: &generator))
        client.apply(differ.diff(to: scene(ordered)))
        #expect(client.preorder() == ordered)
        current = ordered
    }
}

@Test func swappingTwoSiblingsIsOneMoveBesideThePatches() {
    var differ = SceneDiffer()
    var client = SceneReplica(viewport: .zero)
    let children = (2...101).map { rect(UInt32($0), parent: 1) }
    client.apply(differ.diff(to: scene([rect(1)] + children)))
    var swapped = children
    swapped.swapAt(48, 49)
    swapped[70].properties.fill = Color(rgba: 0x00FF00FF)
    let ops = differ.diff(to: scene([rect(1)] + swapped))
    let moves = ops.filter { if case .move = $0 { true } else { false } }
    #expect(moves.count == 1)
    #expect(ops.contains(.patch(item: swapped[70].id, properties: [.fill(Color(rgba: 0x00FF00FF))])))
    #expect(ops.count == 2)
    client.apply(ops)
    #expect(client.preorder() == [rect(1)] + swapped)
}

/// Frames that only reorder siblings (as a live feed's pins swap paint
/// order) take a shorter way through the differ; mixed with frames that add,
/// remove and reparent, every frame still replays to its scene.
@Test func reorderOnlyFramesAmongOthersAlwaysReplayToTheNewScene() {
    var generator = SplitMix(seed: 11)
    var differ = SceneDiffer()
    var client = SceneReplica(viewport: .zero)
    var nextID: UInt32 = 1
    var current: [SceneItem] = []
    for round in 0..<400 {
        var items: [SceneItem]
        if round % 3 != 0, !current.isEmpty {
            // Same items, parents and kinds: a few siblings swap and some properties change.
            var byParent: [UInt32: [SceneItem]] = [:]
            for item in current { byParent[item.parent, default: []].append(item) }
            for (parent, var kids) in byParent where kids.count > 1 {
                for _ in 0..<Int(generator.next() % 3) {
                    kids.swapAt(Int(generator.next() % UInt64(kids.count)), Int(generator.next() % UInt64(kids.count)))
                }
                for k in kids.indices where generator.next() % 4 == 0 {
                    kids[k].properties.frame.x = Float(generator.next() % 4)
                }
                byParent[parent] = kids
            }
            items = byParent.values.flatMap { $0 }
        } else {
            items = randomForest(from: current, newItems: 8, nextID: &nextID, using: &generator)
        }
        let ordered = preorder(items)
        client.apply(differ.diff(to: scene(ordered)))
        #expect(client.preorder() == ordered)
        current = ordered
    }
}

/// A random forest: some of `current` survive (maybe reparented and
/// reordered) and up to `newItems` are new, each under the root or an item
/// before it, so parents come first.
private func randomForest(
    from current: [SceneItem], newItems: UInt64, nextID: inout UInt32,
    using generator: inout SplitMix
) -> [SceneItem] {
    var ids = current.filter { _ in generator.next() % 5 != 0 }.map(\.id)
    ids.shuffle(using: &generator)
    for _ in 0..<Int(generator.next() % newItems) {
        ids.append(nextID)
        nextID += 1
    }
    var items: [SceneItem] = []
    var placed: [UInt32] = []
    for id in ids {
        let parent =
            placed.isEmpty || generator.next() % 2 == 0
            ? 0 : placed[Int(generator.next() % UInt64(placed.count))]
        items.append(rect(id, parent: parent, x: Float(generator.next() % 4), fill: UInt32(generator.next() % 3)))
        placed.append(id)
    }
    return items
}

/// Items re-sorted into pre-order from a list whose parents come first.
private func preorder(_ items: [SceneItem], parent: UInt32 = 0) -> [SceneItem] {
    items.filter { $0.parent == parent }.flatMap { [$0] + preorder(items, parent: $0.id) }
}

struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A scene of render `generation` whose `unchanged` items are vouched equal to the render before.
private func render(_ generation: UInt64, _ items: [SceneItem], unchanged: [Range<Int>] = []) -> Scene {
    var s = scene(items)
    s.generation = generation
    s.unchangedItems = unchanged
    return s
}

@Test func itemsVouchedUnchangedSinceTheRenderBeforeAreNotCompared() {
    var differ = SceneDiffer()
    _ = differ.diff(to: render(1, [rect(1), rect(2), rect(3)]))
    // Item 2 did change, but its renderer says it did not: the differ takes
    // its word (the whole point is to skip the comparison) and checks the rest.
    let ops = differ.diff(to: render(2, [rect(1, x: 5), rect(2, x: 5), rect(3, x: 5)], unchanged: [1..<2]))
    let moved = ops.compactMap { op -> UInt32? in
        if case let .transform(item, _, _) = op { return item } else { return nil }
    }
    #expect(moved == [1, 3])
}

@Test func itemsVouchedUnchangedAreNotComparedWhenSiblingsSwapped() {
    var differ = SceneDiffer()
    _ = differ.diff(to: render(1, [rect(1), rect(2), rect(3), rect(4)]))
    // 2 and 3 swap places; 3 and 1 did change, but 3 is vouched unchanged.
    let ops = differ.diff(to: render(2, [rect(1, x: 5), rect(3, x: 5), rect(2), rect(4, x: 5)], unchanged: [1..<3]))
    let moved = ops.compactMap { op -> UInt32? in
        if case let .transform(item, _, _) = op { return item } else { return nil }
    }
    #expect(moved == [1, 4])
    #expect(ops.contains { if case .move = $0 { return true } else { return false } })
}

@Test func hintsAreIgnoredUnlessTheDifferSawTheRenderTheyReferTo() {
    var differ = SceneDiffer()
    _ = differ.diff(to: render(1, [rect(1), rect(2)]))
    // Render 2 was never diffed: render 3's hint is about a scene this differ never saw.
    let skipped = differ.diff(to: render(3, [rect(1, x: 5), rect(2, x: 5)], unchanged: [0..<2]))
    #expect(skipped.count == 2)
    // Scenes built by hand (generation 0) never carry hints.
    var other = SceneDiffer()
    _ = other.diff(to: scene([rect(1)]))
    #expect(other.diff(to: render(0, [rect(1, x: 5)], unchanged: [0..<1])).count == 1)
}

/// The differ keeps every item of a session's last frame: its properties
/// must not carry padding (a thousand idle sessions each hold hundreds).
@Test func itemPropertiesCarryNoPadding() {
    #expect(MemoryLayout<ItemProperties>.stride == 160)
    #expect(MemoryLayout<ItemProperties>.size == 160)
    #expect(MemoryLayout<SceneItem>.stride <= 176)
}

/// While a session is active its differ keeps where each item sits, in an id
/// table of optional placements: 16 bytes a slot with the key.
@Test func aPlacementIsTwelveBytesAlsoAsAnOptional() {
    #expect(MemoryLayout<SceneDiffer.Placement?>.stride == 12)
}

private func mirror(_ names: [String], flags: AccessibilityElement.Flags = []) -> Scene {
    var s = scene(names.indices.map { rect(UInt32($0 + 1)) })
    s.accessibility = names.enumerated().map {
        AccessibilityElement(item: UInt32($0.offset + 1), role: .button, flags: flags, name: $0.element)
    }
    return s
}

/// Under a live feed a cluster's count, and so its name, changes every
/// frame: only the names that changed go, not the whole list.
@Test func onlyNamesChangedSendsJustThoseNames() {
    var differ = SceneDiffer()
    #expect(
        differ.diff(to: mirror(["12 places", "7 places", "Lisbon"])).contains {
            if case .accessibility = $0 { return true } else { return false }
        })
    #expect(
        differ.diff(to: mirror(["13 places", "7 places", "Lisbon"]))
            == [.accessibilityNames([AccessibilityName(item: 1, name: "13 places")])])
    // A flag, an element more or another order is a new list.
    #expect(
        differ.diff(to: mirror(["13 places", "7 places", "Lisbon"], flags: .selected))
            == [.accessibility(mirror(["13 places", "7 places", "Lisbon"], flags: .selected).accessibility)])
    let longer = mirror(["13 places", "7 places", "Lisbon", "Porto"])
    #expect(differ.diff(to: longer).contains(.accessibility(longer.accessibility)))
    var replica = SceneReplica(viewport: .zero)
    var replayed = SceneDiffer()
    replica.apply(replayed.diff(to: longer))
    replica.apply(replayed.diff(to: mirror(["14 places", "7 places", "Lisbon", "Porto"])))
    #expect(replica.accessibility.map(\.name) == ["14 places", "7 places", "Lisbon", "Porto"])
}
