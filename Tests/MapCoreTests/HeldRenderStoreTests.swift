import DisplayList
import Testing

@testable import MapCore

/// The annotation layer's held renders lie back to back: a render drawn
/// again with as many items goes where it was, one that grew goes after
/// the rest, and laying the store out again keeps what each span held.
@Suite struct HeldRenderStoreTests {
    typealias Span = HeldRenderStore.Span

    /// `count` items of the child `id` (ids `id`, `id + 1`, ...), the first carrying `text`.
    static func render(
        _ id: UInt32, count: Int,
        text: String
    ) -> (items: [SceneItem], elements: [AccessibilityElement]) {
        let items = (0..<count).map { k in
            var properties = ItemProperties()
            if k == 0 { properties.text = text }
            return SceneItem(
                id: id + UInt32(k), parent: k == 0 ? 1 : id, kind: k == 0 ? .badge : .text,
                properties: properties)
        }
        return (items, [AccessibilityElement(item: id, role: .button, name: text)])
    }

    static func held(_ store: HeldRenderStore, _ span: Span) -> [String] {
        store.items[span.items].map { "\($0.id):\($0.properties.text)" }
            + store.elements[span.elements].map { "element \($0.item):\($0.name)" }
    }

    @Test func aRenderOfAsManyItemsGoesWhereItWasAndOneThatGrewAfterTheRest() {
        var store = HeldRenderStore()
        let a = Self.render(10, count: 2, text: "a"), b = Self.render(20, count: 3, text: "b")
        let spanA = store.hold(items: a.items[...], elements: a.elements[...], over: nil)
        let spanB = store.hold(items: b.items[...], elements: b.elements[...], over: nil)
        #expect(spanA == Span(items: 0..<2, elements: 0..<1) && spanB == Span(items: 2..<5, elements: 1..<2))

        // The badge of 10 with another count: the same span, written over.
        let again = Self.render(10, count: 2, text: "a2")
        #expect(store.hold(items: again.items[...], elements: again.elements[...], over: spanA) == spanA)
        #expect(Self.held(store, spanA) == ["10:a2", "11:", "element 10:a2"])
        #expect(store.items.count == 5)

        // It grew an item: after the rest, its old items left where they were until the store is laid out again.
        let grown = Self.render(10, count: 3, text: "a3")
        let spanGrown = store.hold(items: grown.items[...], elements: grown.elements[...], over: spanA)
        #expect(spanGrown == Span(items: 5..<8, elements: 2..<3))
        #expect(Self.held(store, spanGrown) == ["10:a3", "11:", "12:", "element 10:a3"])
        #expect(Self.held(store, spanB) == ["20:b", "21:", "22:", "element 20:b"])

        // Over a span it does not fit, `overwrite` leaves it.
        let fitted = store.overwrite(spanB, items: again.items[...], elements: again.elements[...])
        #expect(!fitted)
        #expect(Self.held(store, spanB) == ["20:b", "21:", "22:", "element 20:b"])
    }

    @Test func layingTheStoreOutAgainKeepsWhatEachSpanHeldInTheirOrder() {
        var store = HeldRenderStore()
        let renders = [
            Self.render(10, count: 2, text: "a"), Self.render(20, count: 3, text: "b"),
            Self.render(30, count: 1, text: "c"),
        ]
        var spans: [Span?] = renders.map { store.hold(items: $0.items[...], elements: $0.elements[...], over: nil) }
        let grown = Self.render(10, count: 4, text: "a4")
        spans[0] = store.hold(items: grown.items[...], elements: grown.elements[...], over: spans[0])
        // A new order, a child that went (20) and one not held.
        var order: [Span?] = [spans[2], nil, spans[0]]
        let before = order.map { $0.map { Self.held(store, $0) } }
        store.compact(&order)
        #expect(order.map { $0.map { Self.held(store, $0) } } == before)
        #expect(order == [Span(items: 0..<1, elements: 0..<1), nil, Span(items: 1..<5, elements: 1..<2)])
        #expect(store.items.count == 5 && store.elements.count == 2, "only what the spans hold is kept")

        store.removeAll()
        #expect(store.items.isEmpty && store.elements.isEmpty)
    }

    /// Laid out again only when it keeps more than twice what is held (and
    /// a little), or a render found more than a quarter of the held apart.
    @Test func theStoreIsLaidOutAgainWhenItKeepsTooMuchOrTooScattered() {
        var store = HeldRenderStore()
        let one = Self.render(10, count: 1, text: "x")
        var spans: [Span?] = (0..<40).map { _ in
            store.hold(items: one.items[...], elements: one.elements[...], over: nil)
        }
        // Views that left: 40 items kept for 10 held, within twice plus the slack.
        spans = Array(spans[30...])
        store.compactIfScattered(&spans, apart: 0)
        #expect(store.items.count == 40 && spans[0] == Span(items: 30..<31, elements: 30..<31))
        // Apart: 9 of 10 held is more than a quarter, but 8 is not yet enough to pay for a copy.
        store.compactIfScattered(&spans, apart: 8)
        #expect(store.items.count == 40)
        store.compactIfScattered(&spans, apart: 9)
        #expect(store.items.count == 10 && spans[0] == Span(items: 0..<1, elements: 0..<1))
        // More than twice what is held and the slack: laid out again without a render finding anything apart.
        let grown = (0..<(HeldRenderStore.slack + 30)).map { _ in
            store.hold(items: one.items[...], elements: one.elements[...], over: nil)
        }
        #expect(grown.count > 0 && store.items.count == HeldRenderStore.slack + 40)
        store.compactIfScattered(&spans, apart: 0)
        #expect(store.items.count == 10, "the renders no span points to went")
    }
}
