import Testing

@testable import DisplayList

/// Items whose every property is set to something other than its default about half the time.
private func randomItems(_ count: Int, ids: inout UInt32, using g: inout SplitMix) -> [SceneItem] {
    var items: [SceneItem] = []
    for _ in 0..<count {
        func maybe() -> Bool { g.next() % 2 == 0 }
        func float() -> Float { Float(Int(g.next() % 2000) - 1000) / 8 }
        var p = ItemProperties()
        if maybe() { p.text = maybe() ? "\(g.next() % 100)" : "Cluster of \(g.next()) places, wider than inline" }
        if maybe() { p.frame = Rect32(x: float(), y: float(), width: float(), height: float()) }
        if maybe() { p.scale = ItemScale(scale: float(), originX: float(), originY: float()) }
        if maybe() { p.alpha = float() }
        if maybe() { p.fill = Color(rgba: UInt32(truncatingIfNeeded: g.next())) }
        if maybe() { p.stroke = ItemStroke(color: Color(rgba: UInt32(truncatingIfNeeded: g.next())), width: 2) }
        if maybe() { p.radius = float() }
        if maybe() { p.font = ItemFont(font: UInt16(truncatingIfNeeded: g.next()), size: float()) }
        if maybe() { p.image = UInt32(truncatingIfNeeded: g.next()) }
        if maybe() { p.path = UInt32(truncatingIfNeeded: g.next()) }
        if maybe() {
            p.bubble = ItemBubble(direction: maybe() ? .up : .down, arrowX: float(), arrowWidth: 3, arrowHeight: 4)
        }
        if maybe() { p.shadow = ItemShadow(color: Color(rgba: 0x0000_0040), blur: float(), offsetY: float()) }
        if maybe() { p.scroll = Point32(x: float(), y: float()) }
        if maybe() { p.anchor = WorldAnchor(x: Int32(truncatingIfNeeded: g.next()), y: -Int32(g.next() % 1000)) }
        if maybe() { p.baseline = float() }
        if maybe() {
            p.worldClip = WorldClip(x: -Int32(g.next() % 4096), y: Int32(g.next() % 4096), width: 512, height: 256)
        }
        if maybe() {
            p.line = ItemLineStyle(
                cap: .round, join: maybe() ? .bevel : .miter, dashPattern: maybe() ? [] : [float(), 3],
                dashPhase: float(), strokeStart: 0.25, strokeEnd: float())
        }
        if maybe() { p.glideMilliseconds = UInt16(g.next() % 2000) }
        if maybe() {
            p.glyphs = GlyphRun(
                (0..<Int(g.next() % 6)).map { _ in GlyphRun.Glyph(length: 2, x: float(), y: float(), angle: 0.5) })
        }
        p.clip = maybe()
        p.hidden = maybe()
        p.evenOdd = maybe()
        p.repeatsWorld = maybe()
        let kind = ItemKind(rawValue: UInt8(1 + g.next() % 7)) ?? .group
        // Parents come before their children, and ids jump both ways, as views' ids do.
        let parent = items.isEmpty || maybe() ? 0 : items[Int(g.next() % UInt64(items.count))].id
        ids += UInt32(1 + g.next() % 3)
        let id = maybe() ? ids : ids + 1_000_000
        items.append(SceneItem(id: id, parent: parent, kind: kind, properties: p))
    }
    return items
}

private func randomAccessibility(_ items: [SceneItem], using g: inout SplitMix) -> [AccessibilityElement] {
    items.filter { _ in g.next() % 3 == 0 }.map {
        AccessibilityElement(
            item: $0.id, role: AccessibilityElement.Role(rawValue: UInt8(1 + g.next() % 7)) ?? .text,
            flags: AccessibilityElement.Flags(rawValue: UInt8(g.next() % 8)),
            name: g.next() % 2 == 0 ? "Pin" : "A café with a name longer than fifteen bytes")
    }
}

@Test func aPackedRecordUnpacksToExactlyWhatWasPacked() {
    var g = SplitMix(seed: 11)
    var ids: UInt32 = 0
    for round in 0..<50 {
        let items = randomItems(round * 3, ids: &ids, using: &g)
        let elements = round % 5 == 0 ? nil : randomAccessibility(items, using: &g)
        let unpacked = PackedScene(items: items, accessibility: elements).unpacked()
        #expect(unpacked.items == items)
        #expect(unpacked.accessibility == elements)
    }
}

@Test func aRestingDifferAnswersExactlyAsOneThatNeverRested() {
    var g = SplitMix(seed: 5)
    var ids: UInt32 = 0
    var awake = SceneDiffer(), resting = SceneDiffer()
    var items: [SceneItem] = []
    for step in 0..<200 {
        // Keep some items, change some of those, drop some, add some: every path of the differ.
        var next = items.filter { _ in g.next() % 6 != 0 }
        for i in next.indices where g.next() % 4 == 0 {
            var changed = randomItems(1, ids: &ids, using: &g)[0]
            changed.id = next[i].id
            changed.parent = next[i].parent
            if g.next() % 3 != 0 { changed.kind = next[i].kind }
            next[i] = changed
        }
        if g.next() % 5 == 0 { next.shuffle(using: &g) }
        next += randomItems(Int(g.next() % 5), ids: &ids, using: &g)
        items = orderedParentsFirst(next)
        var scene = Scene()
        scene.items = items
        scene.accessibility = randomAccessibility(items, using: &g)
        if step % 3 == 0 { resting.rest() }
        #expect(resting.isResting == (step % 3 == 0))
        #expect(resting.diff(to: scene) == awake.diff(to: scene))
        #expect(!resting.isResting)
    }
}

/// A cluster's count badge, the item idle sessions hold most of.
@Test func aPackedBadgeTakesLessThanHalfItsFlatSize() {
    var p = ItemProperties()
    p.anchor = WorldAnchor(x: 123_456_789, y: 98_765_432)
    p.frame = Rect32(x: -16, y: -16, width: 32, height: 32)
    p.fill = Color(rgba: 0x1E88_E5FF)
    p.stroke = ItemStroke(color: .white, width: 2)
    p.radius = 16
    p.text = "1.2K"
    p.font = ItemFont(font: 2, size: 12)
    p.shadow = ItemShadow(color: Color(rgba: 0x0000_0055), blur: 3, offsetY: 1)
    let badges = (0..<100).map { SceneItem(id: 5000 + $0, parent: 40, kind: .badge, properties: p) }
    let packed = PackedScene(items: badges, accessibility: nil)
    #expect(packed.size < badges.count * MemoryLayout<SceneItem>.stride / 2)
}

/// Items re-sorted so a parent comes before its children; items whose parent is gone go to the root.
private func orderedParentsFirst(_ items: [SceneItem]) -> [SceneItem] {
    let present = Set(items.map(\.id))
    var rooted = items.map { item -> SceneItem in
        var item = item
        if !present.contains(item.parent) { item.parent = 0 }
        return item
    }
    // A parent chosen after its child would make a cycle: break it by rooting the later one.
    var placed: Set<UInt32> = [0]
    for i in rooted.indices {
        if !placed.contains(rooted[i].parent) { rooted[i].parent = 0 }
        placed.insert(rooted[i].id)
    }
    func subtree(_ parent: UInt32) -> [SceneItem] {
        rooted.filter { $0.parent == parent }.flatMap { [$0] + subtree($0.id) }
    }
    return subtree(0)
}
