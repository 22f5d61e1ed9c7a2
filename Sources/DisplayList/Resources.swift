/// Data the painter keeps and items refer to by id: sent once per session.
///
/// Resources are immutable and shared by every session, so their ids are
/// global; each session remembers which ones its browser already has.

/// An image: PNG or SVG bytes with the size it is drawn at.
///
/// Apps get images from an `ImageLibrary` (loaded once, shared by every
/// session) and show them with `ImageView` or `AnnotationView.image`; each
/// browser downloads an image once, however many views show it.
public final class ImageResource: Sendable, Hashable {
    /// How the bytes are encoded.
    public enum Format: UInt8, Sendable {
        /// A PNG file.
        case png = 0
        /// SVG text.
        case svg = 1
    }
    /// The resource id items name the image by (`ItemProperties.image`); unique in the process.
    public let id: UInt32
    /// Whether `data` is PNG or SVG.
    public let format: Format
    /// The width it is drawn at by default, CSS px (an image view sized from it).
    public let width: Float
    /// The height it is drawn at by default, CSS px.
    public let height: Float
    /// The file's bytes, as the browser receives them.
    public let data: [UInt8]

    package init(id: UInt32, format: Format, width: Float, height: Float, data: [UInt8]) {
        self.id = id
        self.format = format
        self.width = width
        self.height = height
        self.data = data
    }

    /// Images are the same when they are the same resource (same id).
    public static func == (a: ImageResource, b: ImageResource) -> Bool { a.id == b.id }
    /// Hashes the id only, as `==` compares it.
    public func hash(into h: inout Hasher) { h.combine(id) }
}

/// Vector geometry in world coordinates (a base-map tile's land or borders):
/// the ring encoding of docs/protocol.md "Paths", kept pre-encoded.
package final class PathResource: Sendable, Hashable {
    package let id: UInt32
    package let originX: Int32
    package let originY: Int32
    package let shift: UInt8
    package let data: [UInt8]

    package init(id: UInt32, originX: Int32, originY: Int32, shift: UInt8, data: [UInt8]) {
        self.id = id
        self.originX = originX
        self.originY = originY
        self.shift = shift
        self.data = data
    }

    package static func == (a: PathResource, b: PathResource) -> Bool { a.id == b.id }
    package func hash(into h: inout Hasher) { h.combine(id) }
}

/// A font file the page loads by URL and names by family and weight.
public struct FontDescriptor: Hashable, Sendable {
    /// The font's id in items (`ItemFont.font`); one per file among the app's fonts.
    public let id: UInt16
    /// The CSS family the page registers the file under ("Inter").
    public let family: String
    /// Where the page fetches the file, relative to the page's own URL (`fonts/Inter-Bold.otf`).
    public let url: String
    /// The CSS weight the page registers the file under (400 regular, 700 bold).
    public let weight: UInt16

    /// Describes a font file the page should load; `Typeface` pairs it with
    /// the same file measured on the server.
    public init(id: UInt16, family: String, url: String, weight: UInt16) {
        self.id = id
        self.family = family
        self.url = url
        self.weight = weight
    }
}

/// Ids for resources, unique in the process.
package enum ResourceID {
    private static let counter = AtomicCounter(start: 1)
    /// A fresh id for an image or path.
    package static func next() -> UInt32 { UInt32(truncatingIfNeeded: counter.next()) }
}
