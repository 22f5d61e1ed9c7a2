/// Where each character of a text item is drawn, one by one: a road's name
/// along its curve. Each cluster of the item's `text` (a character, or a
/// base with its marks) is centred at its own point, turned by its own
/// angle, so the painter only places what the server's layout decided.
///
/// A reference, so that an item without one costs a null pointer in the
/// differ's record of every item.
public final class GlyphRun: Hashable, Sendable {
    /// One cluster's place.
    public struct Glyph: Hashable, Sendable {
        /// How many UTF-16 code units of the text the cluster takes (the
        /// page's strings count in them), from where the last one ended.
        public var length: UInt8
        /// The cluster's centre, CSS px from the item's origin.
        public var x: Float, y: Float
        /// Its turn, radians clockwise from the horizontal.
        public var angle: Float

        /// A cluster of `length` code units centred at `x, y` and turned by `angle`.
        public init(length: UInt8, x: Float, y: Float, angle: Float) {
            self.length = length
            self.x = x
            self.y = y
            self.angle = angle
        }
    }

    /// The clusters in the order of the text.
    public let glyphs: [Glyph]

    /// The places of the text's clusters, in order.
    public init(_ glyphs: [Glyph]) {
        self.glyphs = glyphs
    }

    /// Equal when every cluster is placed alike.
    public static func == (a: GlyphRun, b: GlyphRun) -> Bool { a === b || a.glyphs == b.glyphs }

    /// Hashes the places.
    public func hash(into h: inout Hasher) { h.combine(glyphs) }
}
