import MapGeometry

/// What one display-list item draws. Each kind uses some of `ItemProperties`.
public enum ItemKind: UInt8, Sendable {
    case group = 1, rect, text, image, worldPath, bubble
}

/// A world point in integer world units (2^30 across), as anchors go on the wire.
public struct WorldAnchor: Hashable, Sendable {
    public var x: Int32
    public var y: Int32

    public init(x: Int32, y: Int32) {
        self.x = x
        self.y = y
    }

    /// Rounds a world point to the nearest unit.
    public init(_ p: Point) {
        x = Int32(clamping: Int(p.x.rounded()))
        y = Int32(clamping: Int(p.y.rounded()))
    }
}

/// A scale about a point in the item's own coordinates (the callout grows from its arrow tip).
public struct ItemScale: Hashable, Sendable {
    public var scale: Float, originX: Float, originY: Float
    public init(scale: Float, originX: Float, originY: Float) {
        self.scale = scale
        self.originX = originX
        self.originY = originY
    }
    public static let identity = ItemScale(scale: 1, originX: 0, originY: 0)
}

/// A stroke colour and width in CSS pixels.
public struct ItemStroke: Hashable, Sendable {
    public var color: Color, width: Float
    public init(color: Color, width: Float) {
        self.color = color
        self.width = width
    }
    public static let none = ItemStroke(color: .clear, width: 1)
}

/// A font resource and size.
public struct ItemFont: Hashable, Sendable {
    public var font: UInt16, size: Float
    public init(font: UInt16, size: Float) {
        self.font = font
        self.size = size
    }
    public static let `default` = ItemFont(font: 0, size: 13)
}

/// The arrow of a callout bubble.
public struct ItemBubble: Hashable, Sendable {
    public enum Direction: UInt8, Sendable { case down = 0, up = 1 }
    public var direction: Direction, arrowX: Float, arrowWidth: Float, arrowHeight: Float
    public init(direction: Direction, arrowX: Float, arrowWidth: Float, arrowHeight: Float) {
        self.direction = direction
        self.arrowX = arrowX
        self.arrowWidth = arrowWidth
        self.arrowHeight = arrowHeight
    }
    public static let none = ItemBubble(direction: .down, arrowX: 0, arrowWidth: 0, arrowHeight: 0)
}

/// A drop shadow.
public struct ItemShadow: Hashable, Sendable {
    public var color: Color, blur: Float, offsetY: Float
    public init(color: Color, blur: Float, offsetY: Float) {
        self.color = color
        self.blur = blur
        self.offsetY = offsetY
    }
    public static let none = ItemShadow(color: .clear, blur: 0, offsetY: 0)
}

/// Every property an item can have, each with the protocol's default.
///
/// Stored flat rather than as a dictionary so comparing two frames' worth of
/// items (the diff) is a cheap memberwise comparison. Geometry is `Float`
/// because that is what travels.
public struct ItemProperties: Hashable, Sendable {
    public var frame: Rect32 = .zero
    public var anchor: WorldAnchor?
    public var scale: ItemScale = .identity
    public var alpha: Float = 1
    public var fill: Color = .clear
    public var stroke: ItemStroke = .none
    public var radius: Float = 0
    public var text: String = ""
    public var font: ItemFont = .default
    public var image: UInt32 = 0
    public var path: UInt32 = 0
    public var clip: Bool = false
    public var bubble: ItemBubble = .none
    public var shadow: ItemShadow = .none
    public var hidden: Bool = false
    public var scroll: Point32 = .zero
    /// nil means the protocol default, `size * 0.8`.
    public var baseline: Float?
    public var evenOdd: Bool = false

    public init() {}
}

/// A rectangle in `Float`, as frames travel.
public struct Rect32: Hashable, Sendable {
    public var x: Float, y: Float, width: Float, height: Float
    public init(x: Float, y: Float, width: Float, height: Float) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public init(_ r: Rect) {
        self.init(x: Float(r.minX), y: Float(r.minY), width: Float(r.width), height: Float(r.height))
    }
    public static let zero = Rect32(x: 0, y: 0, width: 0, height: 0)
}

/// A point in `Float`, as scroll offsets travel.
public struct Point32: Hashable, Sendable {
    public var x: Float, y: Float
    public init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }
    public static let zero = Point32(x: 0, y: 0)
}
