/// One property change inside an `insert` or `patch` (docs/protocol.md, Properties).
package enum ItemProperty: Hashable, Sendable {
    case frame(Rect32)
    case anchor(WorldAnchor)
    case clearAnchor
    case scale(ItemScale)
    case alpha(Float)
    case fill(Color)
    case stroke(ItemStroke)
    case radius(Float)
    case text(String)
    case font(ItemFont)
    case image(UInt32)
    case path(UInt32)
    case clip(Bool)
    case bubble(ItemBubble)
    case shadow(ItemShadow)
    case hidden(Bool)
    case scroll(Point32)
    case baseline(Float)
    case evenOdd(Bool)
    case repeatsWorld(Bool)
    /// How long an anchor change takes (0: a jump); applies to an anchor in the same op.
    case glide(milliseconds: UInt16)
    case line(ItemLineStyle)
    /// The world rectangle a world path is cut to; nil: not cut.
    case worldClip(WorldClip?)
    /// The places of a curved text's clusters; nil: none.
    case glyphs(GlyphRun?)
}

/// A new accessible name for the element over `item` (`A11Y_NAMES`).
package struct AccessibilityName: Hashable, Sendable {
    package var item: UInt32
    package var name: String
    package init(item: UInt32, name: String) {
        self.item = item
        self.name = name
    }
}

/// How the page should apply a URL change.
package enum URLMode: UInt8, Sendable { case replace = 0, push = 1 }

/// One operation of a frame (docs/protocol.md, Frame ops), before encoding.
package enum FrameOp: Hashable, Sendable {
    case defineImage(ImageResource)
    case definePath(PathResource)
    case defineFont(FontDescriptor)
    case camera(SceneCamera)
    case background(Color)
    case insert(item: UInt32, parent: UInt32, index: UInt32, kind: ItemKind, properties: [ItemProperty])
    case remove(item: UInt32)
    case move(item: UInt32, parent: UInt32, index: UInt32)
    case patch(item: UInt32, properties: [ItemProperty])
    case transform(item: UInt32, x: Float, y: Float)
    case accessibility([AccessibilityElement])
    /// New names for elements of the list the browser holds; its order, roles and flags stay.
    case accessibilityNames([AccessibilityName])
    case focus(item: UInt32)
    case url(URLMode, String)
    case cursor(Cursor)
    /// Open this http(s) URL in a new tab (a credit's link was pressed).
    case openURL(String)
    /// The origins whose pages may embed the map and talk to it (docs/embedding.md).
    case embedOrigins([String])
    /// An event for the embedding page.
    case embedEvent(EmbedEvent)
}
