/// Data the painter keeps and items refer to by id: sent once per session.
///
/// Resources are immutable and shared by every session, so their ids are
/// global; each session remembers which ones its browser already has.

/// An image: PNG or SVG bytes with the size it is drawn at.
public final class ImageResource: Sendable, Hashable {
    public enum Format: UInt8, Sendable { case png = 0, svg = 1 }
    public let id: UInt32
    public let format: Format
    public let width: Float
    public let height: Float
    public let data: [UInt8]

    public init(id: UInt32, format: Format, width: Float, height: Float, data: [UInt8]) {
        self.id = id
        self.format = format
        self.width = width
        self.height = height
        self.data = data
    }

    public static func == (a: ImageResource, b: ImageResource) -> Bool { a.id == b.id }
    public func hash(into h: inout Hasher) { h.combine(id) }
}

/// Vector geometry in world coordinates (a base-map tile's land or borders):
/// the ring encoding of docs/protocol.md "Paths", kept pre-encoded.
public final class PathResource: Sendable, Hashable {
    public let id: UInt32
    public let originX: Int32
    public let originY: Int32
    public let shift: UInt8
    public let data: [UInt8]

    public init(id: UInt32, originX: Int32, originY: Int32, shift: UInt8, data: [UInt8]) {
        self.id = id
        self.originX = originX
        self.originY = originY
        self.shift = shift
        self.data = data
    }

    public static func == (a: PathResource, b: PathResource) -> Bool { a.id == b.id }
    public func hash(into h: inout Hasher) { h.combine(id) }
}

/// A font file the page loads by URL and names by family and weight.
public struct FontDescriptor: Hashable, Sendable {
    public let id: UInt16
    public let family: String
    public let url: String
    public let weight: UInt16

    public init(id: UInt16, family: String, url: String, weight: UInt16) {
        self.id = id
        self.family = family
        self.url = url
        self.weight = weight
    }
}

/// Ids for resources, unique in the process.
public enum ResourceID {
    private static let counter = AtomicCounter(start: 1)
    /// A fresh id for an image or path.
    public static func next() -> UInt32 { UInt32(truncatingIfNeeded: counter.next()) }
}
