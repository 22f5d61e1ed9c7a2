import DisplayList
import MapGeometry

/// Collects a view tree's items, fonts, images and accessibility elements into a scene.
public struct RenderContext {
    public var scene = Scene()
    private var fontIDs: Set<UInt16> = []
    private var imageIDs: Set<UInt32> = []

    public init() {}

    /// Which render of the window this is (see `Scene.generation`).
    public var generation: UInt64 { scene.generation }

    /// Vouches that the items in `range` equal, item for item, what the same
    /// view appended in the previous render (generation `generation - 1`),
    /// so the differ can skip comparing them.
    public mutating func markUnchanged(_ range: Range<Int>) {
        if !range.isEmpty { scene.unchangedItems.append(range) }
    }

    public mutating func use(_ font: FontDescriptor) {
        if fontIDs.insert(font.id).inserted { scene.fonts.append(font) }
    }

    public mutating func use(_ image: ImageResource) {
        if imageIDs.insert(image.id).inserted { scene.images.append(image) }
    }

    public mutating func use(_ path: PathResource) {
        scene.paths.append(path)
    }
}

extension View {
    /// Appends this view's item, then its subtree, and its accessibility element.
    public func render(parent: UInt32, into context: inout RenderContext) {
        context.scene.append(id, parent: parent, kind: itemKind, itemProperties())
        willRenderContent(into: &context)
        if !isHidden, let role = accessibilityRole, let label = accessibilityLabel {
            context.scene.accessibility.append(
                AccessibilityElement(item: id, role: role, flags: accessibilityFlags, name: label))
        }
        if !isHidden { renderSubviews(into: &context) }
    }
}
