import MapGeometry

/// What one display-list item draws. Each kind uses some of `ItemProperties`.
///
/// A view says which kind its own item is (`View.itemKind`): a plain view is a
/// `group` or a `rect`, a label `text`, an image view `image`.
public enum ItemKind: UInt8, Sendable {
    /// Draws nothing itself; positions, clips and fades its children.
    case group = 1
    /// A filled and/or stroked rounded rectangle with an optional shadow.
    case rect
    /// One line of text in a font (`text`, `font`, `fill`, `baseline`).
    case text
    /// An image resource scaled into the frame (`image`).
    case image
    /// World geometry (a base-map path) drawn with the map's camera.
    case worldPath
    /// A callout body with its arrow (`bubble`).
    case bubble
    /// A `rect` with one line of `text` centred in it, drawn in the stroke's
    /// colour: a count badge in one item rather than a rect and a label.
    case badge
    /// `text` in `font` and `fill`, each cluster placed by `glyphs` (a name
    /// along a road), with a halo in the stroke's colour and width.
    case curvedText
}

/// A world point in integer world units (2^30 across), as anchors go on the wire.
public struct WorldAnchor: Hashable, Sendable {
    /// World units from the west edge.
    public var x: Int32
    /// World units from the north edge.
    public var y: Int32

    /// An anchor at exact world units.
    public init(x: Int32, y: Int32) {
        self.x = x
        self.y = y
    }

    /// Rounds a world point to the nearest unit, in the world as stored
    /// (`0..<2^30`): the painter shows an anchor in the copy of the world
    /// nearest the camera, whichever copy the point was given in.
    public init(_ p: Point) {
        x = Int32(clamping: Int(WorldWrap.wrap(p.x).rounded()))
        y = Int32(clamping: Int(p.y.rounded()))
    }
}

/// A rectangle of the world, whole units: what a world path is cut to.
///
/// A reference, so that an item without one costs a null pointer: the
/// differ keeps every item of a session's last frame, and one cut is shared
/// by the item on every map that draws the piece.
public final class WorldClip: Hashable, Sendable {
    /// The west edge, world units from the west edge of the world.
    public let x: Int32
    /// The north edge, world units from the north edge of the world.
    public let y: Int32
    /// The size east and south, world units.
    public let width: Int32, height: Int32

    /// A rectangle at exact world units.
    public init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Equal when the rectangles are.
    public static func == (a: WorldClip, b: WorldClip) -> Bool {
        a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height
    }

    /// Hashes the rectangle.
    public func hash(into h: inout Hasher) {
        h.combine(x)
        h.combine(y)
        h.combine(width)
        h.combine(height)
    }
}

/// A scale about a point in the item's own coordinates (the callout grows from its arrow tip).
public struct ItemScale: Hashable, Sendable {
    /// The factor (1 draws at natural size); `originX`/`originY` stay put.
    public var scale: Float, originX: Float, originY: Float
    /// A scale by `scale` about (`originX`, `originY`) in the item's coordinates.
    public init(scale: Float, originX: Float, originY: Float) {
        self.scale = scale
        self.originX = originX
        self.originY = originY
    }
    /// No scaling: the default.
    public static let identity = ItemScale(scale: 1, originX: 0, originY: 0)
}

/// A stroke colour and width in CSS pixels.
public struct ItemStroke: Hashable, Sendable {
    /// The outline's colour and its width, CSS px.
    public var color: Color, width: Float
    /// An outline of `width` px in `color`.
    public init(color: Color, width: Float) {
        self.color = color
        self.width = width
    }
    /// No outline: the default.
    public static let none = ItemStroke(color: .clear, width: 1)
}

/// How a world path's stroke is drawn beyond its colour and width, as a
/// canvas strokes it: MapKit's `lineCap`, `lineJoin`, `lineDashPattern`,
/// `lineDashPhase`, `strokeStart` and `strokeEnd`. A class, so an item
/// without one (nearly all) carries a pointer's worth of it.
public final class ItemLineStyle: Hashable, Sendable {
    /// How an open end of the stroke is drawn.
    public enum Cap: UInt8, Sendable {
        /// Square, ending at the last point.
        case butt = 0
        /// A half circle past the last point.
        case round = 1
        /// A half square past the last point.
        case square = 2
    }
    /// How two segments of the stroke meet.
    public enum Join: UInt8, Sendable {
        /// A sharp corner (cut off where it grows past ten widths).
        case miter = 0
        /// A rounded corner.
        case round = 1
        /// A corner cut straight across.
        case bevel = 2
    }
    /// The line's ends and corners.
    public let cap: Cap, join: Join
    /// Lengths of dash and gap in turn, CSS px at any zoom; empty draws a solid line.
    public let dashPattern: [Float]
    /// How far into the pattern the line starts, CSS px.
    public let dashPhase: Float
    /// The stretch of the path stroked, as fractions of its length (0...1):
    /// a route drawn up to where a vehicle is.
    public let strokeStart: Float, strokeEnd: Float

    /// A stroke with these ends, corners, dashes and stretch.
    public init(
        cap: Cap = .butt, join: Join = .miter, dashPattern: [Float] = [], dashPhase: Float = 0,
        strokeStart: Float = 0, strokeEnd: Float = 1
    ) {
        self.cap = cap
        self.join = join
        self.dashPattern = dashPattern
        self.dashPhase = dashPhase
        self.strokeStart = strokeStart
        self.strokeEnd = strokeEnd
    }

    /// The protocol's default: what an item without a line style draws.
    public static let plain = ItemLineStyle()

    /// Styles are equal when they draw the same.
    public static func == (a: ItemLineStyle, b: ItemLineStyle) -> Bool {
        a === b
            || (a.cap == b.cap && a.join == b.join && a.dashPattern == b.dashPattern && a.dashPhase == b.dashPhase
                && a.strokeStart == b.strokeStart && a.strokeEnd == b.strokeEnd)
    }
    /// Hashes what `==` compares.
    public func hash(into h: inout Hasher) {
        h.combine(cap)
        h.combine(join)
        h.combine(dashPattern)
        h.combine(dashPhase)
        h.combine(strokeStart)
        h.combine(strokeEnd)
    }
}

/// A font resource and size.
public struct ItemFont: Hashable, Sendable {
    /// The `FontDescriptor.id` of the font, and its size in CSS px.
    public var font: UInt16, size: Float
    /// Text in the font with descriptor id `font` at `size` px.
    public init(font: UInt16, size: Float) {
        self.font = font
        self.size = size
    }
    /// No font of the app's: the browser's sans-serif at 13 px.
    public static let `default` = ItemFont(font: 0, size: 13)
}

/// The arrow of a callout bubble.
public struct ItemBubble: Hashable, Sendable {
    /// Which way the arrow points from the body.
    public enum Direction: UInt8, Sendable {
        /// Below the body, pointing down at what is under it (the usual callout).
        case down = 0
        /// Above the body, pointing up (a callout flipped for lack of room above).
        case up = 1
    }
    /// Which way the arrow points; its tip's x in the body's coordinates; its
    /// width at the body and its length, CSS px.
    public var direction: Direction, arrowX: Float, arrowWidth: Float, arrowHeight: Float
    /// A body with an arrow of `arrowWidth` by `arrowHeight` px whose tip is at `arrowX`.
    public init(direction: Direction, arrowX: Float, arrowWidth: Float, arrowHeight: Float) {
        self.direction = direction
        self.arrowX = arrowX
        self.arrowWidth = arrowWidth
        self.arrowHeight = arrowHeight
    }
    /// No arrow: the default.
    public static let none = ItemBubble(direction: .down, arrowX: 0, arrowWidth: 0, arrowHeight: 0)
}

/// A drop shadow.
public struct ItemShadow: Hashable, Sendable {
    /// The shadow's colour (its alpha is its strength), blur radius and how far down it falls, CSS px.
    public var color: Color, blur: Float, offsetY: Float
    /// A shadow `offsetY` px below the item, blurred by `blur` px.
    public init(color: Color, blur: Float, offsetY: Float) {
        self.color = color
        self.blur = blur
        self.offsetY = offsetY
    }
    /// No shadow: the default.
    public static let none = ItemShadow(color: .clear, blur: 0, offsetY: 0)
}

/// Every property an item can have, each with the protocol's default.
///
/// Stored flat rather than as a dictionary so comparing two frames' worth of
/// items (the diff) is a cheap memberwise comparison. Geometry is `Float`
/// because that is what travels.
///
/// A custom view overrides `View.itemProperties()`, starts from `super`'s
/// and changes what it draws differently.
public struct ItemProperties: Hashable, Sendable {
    // Declared widest first and flags in the gaps after the optionals: the
    // differ keeps one per item of every session's last frame, and this
    // order leaves no padding.
    /// What a text item draws (one line).
    public var text: String = ""
    /// Caps, joins, dashes and the stretch of a world path its stroke draws;
    /// nil: butt caps, miter joins, solid, the whole path.
    public var line: ItemLineStyle?
    /// Position in the parent item (or from `anchor`) and size, CSS px.
    public var frame: Rect32 = .zero
    /// A scale about a point of the item, children included.
    public var scale: ItemScale = .identity
    /// Opacity in 0...1, children included.
    public var alpha: Float = 1
    /// The background (rect, bubble, world path) or text colour.
    public var fill: Color = .clear
    /// The outline.
    public var stroke: ItemStroke = .none
    /// Corner radius of a rect or bubble, CSS px.
    public var radius: Float = 0
    /// The font of a text item.
    public var font: ItemFont = .default
    /// The `ImageResource.id` an image item draws; 0 for none.
    public var image: UInt32 = 0
    /// The path resource a world-path item draws; 0 for none.
    public var path: UInt32 = 0
    /// The arrow of a bubble item.
    public var bubble: ItemBubble = .none
    /// The drop shadow.
    public var shadow: ItemShadow = .none
    /// How far the children are scrolled: they are drawn at `-scroll`.
    public var scroll: Point32 = .zero
    /// When set, `frame` is relative to this world point's place on screen: the item pans with the map.
    public var anchor: WorldAnchor?
    /// Whether children are cut to the frame.
    public var clip: Bool = false
    /// Hidden items and their children are not drawn.
    public var hidden: Bool = false
    /// Whether a world path fills with the even-odd rule (lakes stay open).
    public var evenOdd: Bool = false
    /// nil means the protocol default, `size * 0.8`.
    public var baseline: Float?
    /// Whether the item and its children are drawn in every copy of the
    /// world the view shows (the base map), each a whole world apart,
    /// rather than once, in the copy nearest the camera's centre.
    public var repeatsWorld: Bool = false
    /// How long a change of `anchor` takes on screen, in milliseconds: the
    /// painter moves the item from where it is drawn to the new anchor, the
    /// short way round, as a CSS transition would, so a live pin's move costs
    /// one frame whatever its length. 0 (the default) jumps.
    public var glideMilliseconds: UInt16 = 0
    /// When set, a world path is painted only inside this rectangle, its
    /// edges on whole device pixels: one tile's piece of a large shape,
    /// whose neighbours then meet it without a seam or a doubled edge.
    public var worldClip: WorldClip?
    /// Where a curved text item draws each cluster of its text.
    public var glyphs: GlyphRun?

    /// Every property at its default: an empty group at the origin.
    public init() {}
}

/// A rectangle in `Float`, as frames travel.
public struct Rect32: Hashable, Sendable {
    /// Origin and size, CSS px.
    public var x: Float, y: Float, width: Float, height: Float
    /// A rectangle from its origin and size.
    public init(x: Float, y: Float, width: Float, height: Float) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    /// `r` in single precision, as it goes on the wire.
    public init(_ r: Rect) {
        self.init(x: Float(r.minX), y: Float(r.minY), width: Float(r.width), height: Float(r.height))
    }
    /// The empty rectangle at the origin.
    public static let zero = Rect32(x: 0, y: 0, width: 0, height: 0)
}

/// A point in `Float`, as scroll offsets travel.
public struct Point32: Hashable, Sendable {
    /// Coordinates, CSS px.
    public var x: Float, y: Float
    /// A point from its coordinates.
    public init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }
    /// The origin.
    public static let zero = Point32(x: 0, y: 0)
}
