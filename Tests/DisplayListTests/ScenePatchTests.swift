import Testing

@testable import DisplayList

/// A differ taking a patch of some of a layer's children: the browser ends
/// where a whole diff would have taken it, and the differ's record with it.
@Suite struct ScenePatchTests {
    static func rect(_ id: UInt32, parent: UInt32, x: Float = 0, fill: UInt32 = 0xFF0000FF) -> SceneItem {
        var p = ItemProperties()
        p.frame = Rect32(x: x, y: 0, width: 10, height: 10)
        p.fill = Color(rgba: fill)
        return SceneItem(id: id, parent: parent, kind: .rect, properties: p)
    }

    /// A layer (1) of badges 10, 20, 30, the second with a child (21); each badge named in the mirror.
    static func layer(
        order: [UInt32] = [10, 20, 30], x: [UInt32: Float] = [:], names: [UInt32: String] = [:],
        fill: UInt32 = 0xFF0000FF
    ) -> Scene {
        var s = Scene()
        s.items = [rect(1, parent: 0)]
        for id in order {
            s.items.append(rect(id, parent: 1, x: x[id] ?? 0))
            if id == 20 { s.items.append(rect(21, parent: 20, fill: fill)) }
        }
        s.accessibility = [10, 20, 30].map {
            AccessibilityElement(item: $0, role: .button, name: names[$0] ?? "\($0)")
        }
        return s
    }

    static func patch(_ ids: [UInt32], of scene: Scene, order: [UInt32]? = nil) -> ScenePatch {
        var patch = ScenePatch(parent: 1)
        var take = false
        for item in scene.items {
            if item.parent == 1 { take = ids.contains(item.id) }
            if take, item.id != 1 { patch.scene.items.append(item) }
        }
        patch.scene.accessibility = scene.accessibility.filter { ids.contains($0.item) }
        patch.order = order
        return patch
    }

    /// Whether `browser` holds what a browser sent `scene` whole by a fresh differ would.
    static func holdsAsAWholeDiff(_ browser: SceneReplica, _ scene: Scene) -> Bool {
        var whole = SceneReplica(viewport: .zero)
        var fresh = SceneDiffer()
        whole.apply(fresh.diff(to: scene))
        return browser.items == whole.items && browser.accessibility == whole.accessibility
    }

    @Test func aPatchTakesTheBrowserWhereTheWholeDiffWould() throws {
        var differ = SceneDiffer()
        var browser = SceneReplica(viewport: .zero)
        browser.apply(differ.diff(to: Self.layer()))
        let next = Self.layer(x: [20: 5], names: [20: "twenty"], fill: 0x00FF00FF)
        let patched = differ.patch(Self.patch([20], of: next))
        let ops = try #require(patched)
        #expect(ops.contains(.transform(item: 20, x: 5, y: 0)))
        #expect(ops.contains(.accessibilityNames([AccessibilityName(item: 20, name: "twenty")])))
        browser.apply(ops)
        #expect(Self.holdsAsAWholeDiff(browser, next))
        // The record took the patch: the same scene whole changes nothing more.
        #expect(differ.diff(to: next).isEmpty)
    }

    @Test func aReorderedPatchIsUndoneByAWholeSceneInTheOldOrder() throws {
        var differ = SceneDiffer()
        var browser = SceneReplica(viewport: .zero)
        browser.apply(differ.diff(to: Self.layer()))
        let swapped = Self.layer(order: [30, 10, 20])
        let patched = differ.patch(Self.patch([], of: swapped, order: [30, 10, 20]))
        browser.apply(try #require(patched))
        #expect(browser.children[1] == [30, 10, 20])
        // Back to the first order: the record knows the browser holds the patched one.
        browser.apply(differ.diff(to: Self.layer()))
        #expect(browser.children[1] == [10, 20, 30])
        #expect(browser.children[20] == [21])
        #expect(differ.diff(to: Self.layer()).isEmpty)
    }

    @Test func aPatchThatIsMoreThanAChangeOfPropertiesIsRefused() {
        var differ = SceneDiffer()
        _ = differ.diff(to: Self.layer())
        let scene = Self.layer()
        // The badge of 20 without its child, as if the child had gone.
        var lost = Self.patch([20], of: scene)
        lost.scene.items.removeAll { $0.id == 21 }
        #expect(differ.patch(lost) == nil)
        // A child that is new to the browser.
        var added = Self.patch([10], of: scene)
        added.scene.items.append(Self.rect(11, parent: 10))
        #expect(differ.patch(added) == nil)
        // A badge whose element went (hidden), or that gained a second one.
        var unnamed = Self.patch([30], of: scene)
        unnamed.scene.accessibility = []
        #expect(differ.patch(unnamed) == nil)
        var twice = Self.patch([30], of: scene)
        twice.scene.accessibility.append(AccessibilityElement(item: 30, role: .text, name: "again"))
        #expect(differ.patch(twice) == nil)
        // As many elements as before, but one names an item of another badge.
        var elsewhere = Self.patch([10], of: scene)
        elsewhere.scene.accessibility[0].item = 30
        #expect(differ.patch(elsewhere) == nil)
        // A role changed, and an order naming a child that is not the layer's.
        var role = Self.patch([10], of: scene)
        role.scene.accessibility[0].role = .link
        #expect(differ.patch(role) == nil)
        #expect(differ.patch(Self.patch([], of: scene, order: [10, 20, 21])) == nil)
        // None of it changed the record: the next whole diff finds nothing to do.
        #expect(differ.diff(to: scene).isEmpty)
    }

    /// The layer's badges with a card (21) inside 20 that has an element of
    /// its own, and a control (2) outside the layer after it in the mirror.
    static func mirrored(reading: [UInt32], names: [UInt32: String] = [:]) -> Scene {
        var s = Scene()
        s.items = [
            rect(1, parent: 0), rect(10, parent: 1), rect(20, parent: 1), rect(21, parent: 20),
            rect(30, parent: 1), rect(2, parent: 0),
        ]
        func element(_ id: UInt32) -> AccessibilityElement {
            AccessibilityElement(item: id, role: id == 21 ? .text : .button, name: names[id] ?? "\(id)")
        }
        s.accessibility = reading.flatMap { $0 == 20 ? [element(20), element(21)] : [element($0)] } + [element(2)]
        return s
    }

    @Test func aPatchInANewReadingOrderSendsTheMirrorAsAWholeDiffWould() throws {
        var differ = SceneDiffer()
        var browser = SceneReplica(viewport: .zero)
        browser.apply(differ.diff(to: Self.mirrored(reading: [10, 20, 30])))
        let next = Self.mirrored(reading: [30, 20, 10], names: [20: "twenty"])
        var patch = ScenePatch(parent: 1)
        patch.scene.items = next.items.filter { $0.id == 20 || $0.id == 21 }
        patch.scene.accessibility = next.accessibility.filter { $0.item == 20 || $0.item == 21 }
        patch.readers = [30, 20, 10]
        let patched = differ.patch(patch)
        let ops = try #require(patched)
        #expect(ops == [.accessibility(next.accessibility)], "the card stays with its badge, the control in place")
        browser.apply(ops)
        #expect(Self.holdsAsAWholeDiff(browser, next))
        #expect(differ.diff(to: next).isEmpty)
        // The record's index of elements follows the new order: the next patch renames the right one.
        var rename = ScenePatch(parent: 1)
        rename.scene.items = next.items.filter { $0.id == 10 }
        rename.scene.accessibility = [AccessibilityElement(item: 10, role: .button, name: "ten")]
        let renamed = differ.patch(rename)
        #expect(renamed == [.accessibilityNames([AccessibilityName(item: 10, name: "ten")])])
    }

    @Test func aReadingOrderThatDoesNotNameTheLayersReadersIsRefused() {
        var differ = SceneDiffer()
        let scene = Self.mirrored(reading: [10, 20, 30])
        _ = differ.diff(to: scene)
        for readers: [UInt32] in [[30, 20], [30, 20, 10, 2], [30, 20, 20], [30, 21, 10]] {
            var patch = ScenePatch(parent: 1)
            patch.readers = readers
            #expect(differ.patch(patch) == nil, "\(readers)")
        }
        #expect(differ.diff(to: scene).isEmpty)
    }

    @Test func aRestingDifferTakesNoPatch() {
        var differ = SceneDiffer()
        _ = differ.diff(to: Self.layer())
        differ.rest()
        #expect(differ.patch(Self.patch([10], of: Self.layer(x: [10: 3]))) == nil)
        #expect(differ.diff(to: Self.layer(x: [10: 3])) == [.transform(item: 10, x: 3, y: 0)])
    }

    /// The layer with badge `id` anchored at `anchor`, gliding there over `glide` ms.
    static func layer(anchoring id: UInt32, at anchor: WorldAnchor?, glide: UInt16) -> Scene {
        var scene = layer()
        if let k = scene.items.firstIndex(where: { $0.id == id }) {
            scene.items[k].properties.anchor = anchor
            scene.items[k].properties.glideMilliseconds = glide
        }
        return scene
    }

    @Test func aMovedAnchorPatchesThatItemAloneAndTheRecordWithIt() throws {
        var differ = SceneDiffer()
        var browser = SceneReplica(viewport: .zero)
        browser.apply(differ.diff(to: Self.layer(anchoring: 20, at: WorldAnchor(x: 100, y: 200), glide: 0)))
        var patch = ScenePatch(parent: 1)
        patch.anchors = [MovedAnchor(item: 20, anchor: WorldAnchor(x: 150, y: 180), glideMilliseconds: 900)]
        let patched = differ.patch(patch)
        let ops = try #require(patched)
        #expect(ops.count == 1, "one change of the badge's own item, nothing of its child: \(ops)")
        browser.apply(ops)
        let next = Self.layer(anchoring: 20, at: WorldAnchor(x: 150, y: 180), glide: 900)
        #expect(Self.holdsAsAWholeDiff(browser, next))
        #expect(differ.diff(to: next).isEmpty, "the record has the new anchor and glide")
    }

    @Test func aMovedAnchorOfAnItemNotAChildOfTheParentIsRefused() {
        var differ = SceneDiffer()
        _ = differ.diff(to: Self.layer())
        for item: UInt32 in [21, 99] {
            var patch = ScenePatch(parent: 1)
            patch.anchors = [MovedAnchor(item: item, anchor: WorldAnchor(x: 1, y: 1), glideMilliseconds: 100)]
            #expect(differ.patch(patch) == nil, "item \(item)")
        }
        #expect(differ.diff(to: Self.layer()).isEmpty, "a refused patch changed nothing")
    }
}
