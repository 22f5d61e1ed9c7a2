import DisplayList
import MapGeometry

/// Shows an image resource scaled into its frame.
public final class ImageView: View {
    /// The image shown; nil shows nothing. Changing it keeps the frame.
    public var image: ImageResource? { didSet { invalidateRender() } }

    /// An image view sized to `image` unless a `frame` is given; it takes no
    /// touches (they go to the view under it).
    public init(image: ImageResource?, frame: Rect? = nil) {
        self.image = image
        let size = image.map { Size(width: Double($0.width), height: Double($0.height)) } ?? .zero
        super.init(frame: frame ?? Rect(origin: .zero, size: size))
        isUserInteractionEnabled = false
    }

    /// Drawn as an image item.
    public override var itemKind: ItemKind { .image }

    /// The view's properties with the image's resource id.
    public override func itemProperties() -> ItemProperties {
        var p = super.itemProperties()
        p.image = image?.id ?? 0
        return p
    }

    /// Declares the image so the browser has it before it paints.
    public override func willRenderContent(into context: inout RenderContext) {
        if let image { context.use(image) }
    }
}
