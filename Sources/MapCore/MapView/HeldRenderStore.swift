import DisplayList

/// What the annotation layer's held children drew, back to back in one
/// array of items and one of accessibility elements, and where each
/// child's lie (`Span`). A render copies the renders of children that sit
/// side by side here with one append: with an array a child, a hundred
/// sessions panning in turns paid a trip to memory for each child's arrays
/// before copying a byte of them, and that was most of the layer's render.
///
/// A child drawn afresh with as many items and elements as before is
/// written over its old render; one that grew or shrank goes after the
/// rest, and what it drew before stays until `compact(_:)` drops it.
struct HeldRenderStore {
    /// Where one child's render lies in the store.
    struct Span: Equatable {
        var items: Range<Int>
        var elements: Range<Int>
    }

    private(set) var items: [SceneItem] = []
    private(set) var elements: [AccessibilityElement] = []

    /// Holds what a child drew now: over `old`, its render until now, when
    /// that has as many items and elements; else after everything held.
    mutating func hold(
        items drawn: ArraySlice<SceneItem>, elements drawnElements: ArraySlice<AccessibilityElement>,
        over old: Span?
    ) -> Span {
        if let old, overwrite(old, items: drawn, elements: drawnElements) { return old }
        let span = Span(
            items: items.count..<(items.count + drawn.count),
            elements: elements.count..<(elements.count + drawnElements.count))
        items.append(contentsOf: drawn)
        elements.append(contentsOf: drawnElements)
        return span
    }

    /// Writes `drawn` and `drawnElements` over the render at `span` when
    /// they are as many; false, leaving it, when not.
    mutating func overwrite(
        _ span: Span, items drawn: ArraySlice<SceneItem>,
        elements drawnElements: ArraySlice<AccessibilityElement>
    ) -> Bool {
        guard span.items.count == drawn.count, span.elements.count == drawnElements.count else { return false }
        items.replaceSubrange(span.items, with: drawn)
        elements.replaceSubrange(span.elements, with: drawnElements)
        return true
    }

    /// Gives the render at `span` a new anchor and glide: its first item is
    /// the child's own (a live pin's move changes nothing else it drew).
    mutating func move(_ span: Span, to anchor: WorldAnchor?, glideMilliseconds: UInt16) {
        guard !span.items.isEmpty else { return }
        items[span.items.lowerBound].properties.anchor = anchor
        items[span.items.lowerBound].properties.glideMilliseconds = glideMilliseconds
    }

    /// The id of the child's own item in the render at `span`.
    func rootID(of span: Span) -> UInt32? {
        span.items.isEmpty ? nil : items[span.items.lowerBound].id
    }

    /// Items the store may keep beyond twice those held before it is laid out again.
    static let slack = 256

    /// Lays the renders at `spans` out again in their order when the store
    /// keeps more than twice what they hold (and `slack`: renders that grew
    /// went after the rest, views that left the layer took their spans
    /// along), or when a render found `apart` of them more than a quarter of
    /// the held views away from their neighbours (the layer's order changed
    /// since): one copy of every held item now, against a copy a view in
    /// every render to come.
    mutating func compactIfScattered(_ spans: inout [Span?], apart: Int) {
        let (kept, held) = spans.reduce((0, 0)) { sum, span in
            span.map { (sum.0 + $0.items.count, sum.1 + 1) } ?? sum
        }
        guard items.count > 2 * kept + Self.slack || apart > 8 && apart * 4 > held else { return }
        compact(&spans)
    }

    /// Keeps only the renders at `spans`, back to back in their order, and
    /// points `spans` at where they are now.
    mutating func compact(_ spans: inout [Span?]) {
        var keptItems: [SceneItem] = []
        var keptElements: [AccessibilityElement] = []
        keptItems.reserveCapacity(spans.reduce(0) { $0 + ($1?.items.count ?? 0) })
        keptElements.reserveCapacity(spans.reduce(0) { $0 + ($1?.elements.count ?? 0) })
        for k in spans.indices {
            guard let span = spans[k] else { continue }
            let moved = Span(
                items: keptItems.count..<(keptItems.count + span.items.count),
                elements: keptElements.count..<(keptElements.count + span.elements.count))
            keptItems += items[span.items]
            keptElements += elements[span.elements]
            spans[k] = moved
        }
        (items, elements) = (keptItems, keptElements)
    }

    /// Lets every render go.
    mutating func removeAll() {
        items.removeAll(keepingCapacity: true)
        elements.removeAll(keepingCapacity: true)
    }
}
