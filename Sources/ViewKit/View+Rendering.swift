import DisplayList
import MapGeometry

/// Collects a view tree's items, fonts, images and accessibility elements into a scene.
///
/// MapWire's own views meet it in `willRenderContent(into:)`, to declare
/// the fonts and images their items use and to append extra items; an app's
/// view draws through `itemProperties()` and its subviews instead.
public struct RenderContext {
    /// The scene being built; extra items go under the view's `id`.
    package var scene = Scene()
    private var fontIDs: Set<UInt16> = []
    private var imageIDs: Set<UInt32> = []

    /// While set, every resource declared, whether or not this render had
    /// declared it already: what a holder of renders must declare again when
    /// it reuses them (`RenderHolds`).
    package var recordedResources: RecordedResources?

    package init() {}

    /// Which render of the window this is (see `Scene.generation`).
    package var generation: UInt64 { scene.generation }

    /// Vouches that the items in `range` equal, item for item, what the same
    /// view appended in the previous render (generation `generation - 1`),
    /// so the differ can skip comparing them. `range` must be whole subtrees
    /// of one parent, each shaped as it was (see `Scene.unchangedItems`).
    package mutating func markUnchanged(_ range: Range<Int>) {
        if !range.isEmpty { scene.unchangedItems.append(range) }
    }

    /// Declares that an item of this render draws text in `font`, so the
    /// browser loads the font file before it paints it.
    package mutating func use(_ font: FontDescriptor) {
        if fontIDs.insert(font.id).inserted { scene.fonts.append(font) }
        recordedResources?.fonts.append(font)
    }

    /// Whether this render declared the font with `fontID` already.
    package func hasDeclared(fontID: UInt16) -> Bool { fontIDs.contains(fontID) }

    /// Declares that an item of this render draws `image`, so the browser
    /// receives it (once per session) before it paints it.
    public mutating func use(_ image: ImageResource) {
        if imageIDs.insert(image.id).inserted { scene.images.append(image) }
        recordedResources?.images.append(image)
    }

    package mutating func use(_ path: PathResource) {
        scene.paths.append(path)
        recordedResources?.paths.append(path)
    }

    /// Declares the paths of many items at once (a layer of a street map's tiles).
    package mutating func use(paths: [PathResource]) {
        scene.paths.append(contentsOf: paths)
        recordedResources?.paths.append(contentsOf: paths)
    }

    /// Declares again every resource in `resources`.
    package mutating func use(_ resources: RecordedResources) {
        for font in resources.fonts { use(font) }
        for image in resources.images { use(image) }
        for path in resources.paths { use(path) }
    }
}

/// The resources some views declared while rendering (`RenderContext.recordedResources`).
package struct RecordedResources {
    package var fonts: [FontDescriptor] = []
    package var images: [ImageResource] = []
    package var paths: [PathResource] = []

    package init() {}
}

extension View {
    /// Appends this view's item, then its subtree, and its accessibility element.
    package func render(parent: UInt32, into context: inout RenderContext) {
        context.scene.append(id, parent: parent, kind: itemKind, itemProperties())
        willRenderContent(into: &context)
        if !isHidden, let role = accessibilityRole, let label = accessibilityLabel {
            context.scene.accessibility.append(
                AccessibilityElement(item: id, role: role, flags: accessibilityFlags, name: label))
        }
        if !isHidden { renderSubviews(into: &context) }
    }
}
