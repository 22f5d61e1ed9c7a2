/// The views whose last render something keeps and reuses while they are
/// unchanged: a layer of a hundred badges under a live feed renders the few
/// whose count changed, not all of them every frame. A view it holds tells
/// it of any change to what it draws (`View.invalidateRender()`), once,
/// until it is held again; the keeper takes the list before it renders.
package final class RenderHolds {
    private var changed: [View] = []

    package init() {}

    /// The views held until now that changed what they draw since the last call.
    package func takeChanged() -> [View] {
        defer { changed.removeAll(keepingCapacity: true) }
        return changed
    }

    fileprivate func note(_ view: View) { changed.append(view) }
}

/// A view that keeps its subviews' renders (`RenderHolds`): a subview it
/// holds finds it as its superview, so views carry no pointer for it.
package protocol RenderHolding: View {
    var renderHolds: RenderHolds { get }
}

extension View {
    /// Marks the view's render, its subviews' with it, as held by its
    /// superview until the view or one of them changes.
    package func holdRender() {
        isRenderHeld = true
        changedOnlyInAnchor = false
        for subview in subviews { subview.holdRender() }
    }

    /// Tells the superview holding this view's render, if any, that it no
    /// longer draws what was held; a subview of a held view tells it through
    /// the view. Every property that changes what a view draws calls it; a
    /// subclass whose own state changes its items (an image, the annotation
    /// a badge counts) calls it too. A view taken out of its holder tells no
    /// one: the holder renders its subviews afresh when they change.
    package func invalidateRender() {
        changedOnlyInAnchor = false
        guard isRenderHeld else { return }
        isRenderHeld = false
        guard let superview else { return }
        if let holder = superview as? any RenderHolding {
            holder.renderHolds.note(self)
        } else {
            superview.invalidateRender()
        }
    }

    /// As `invalidateRender()`, for a change of the anchor or its glide:
    /// a view held until now changed only there so far
    /// (`changedOnlyInAnchor`), until any other change.
    func invalidateAnchor() {
        guard isRenderHeld else { return }
        invalidateRender()
        changedOnlyInAnchor = true
    }
}
