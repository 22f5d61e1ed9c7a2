import DisplayList
import MapGeometry

/// Shows an image resource scaled into its frame.
public final class ImageView: View {
    public var image: ImageResource?

    public init(image: ImageResource?, frame: Rect? = nil) {
        self.image = image
        let size = image.map { Size(width: Double($0.width), height: Double($0.height)) } ?? .zero
        super.init(frame: frame ?? Rect(origin: .zero, size: size))
        isUserInteractionEnabled = false
    }

    public override var itemKind: ItemKind { .image }

    public override func itemProperties() -> ItemProperties {
        var p = super.itemProperties()
        p.image = image?.id ?? 0
        return p
    }

    public override func willRenderContent(into context: inout RenderContext) {
        if let image { context.use(image) }
    }
}
