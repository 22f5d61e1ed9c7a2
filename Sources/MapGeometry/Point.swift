/// A point in a flat 2-D space: CSS pixels on screen, or world units on the map.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal position, growing to the right (east on the map).
    public var x: Double
    /// Vertical position, growing downwards (south on the map).
    public var y: Double

    /// A point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin: a view's top-left corner, the world's north-west corner.
    public static let zero = Point(x: 0, y: 0)

    /// `a` moved by `b` (a point plus an offset).
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The offset from `b` to `a`.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// `a` scaled by `k` about the origin (an offset made longer or shorter).
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }

    /// Euclidean distance to `other`.
    public func distance(to other: Point) -> Double {
        let dx = x - other.x, dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// "(x, y)", as logs and test failures print it.
    public var description: String { "(\(x), \(y))" }
}

/// A width and height.
public struct Size: Hashable, Sendable {
    /// Extent along x.
    public var width: Double
    /// Extent along y.
    public var height: Double

    /// A size from its width and height.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No extent: an empty frame.
    public static let zero = Size(width: 0, height: 0)
}

/// Distances to inset a rectangle by on each side.
public struct EdgeInsets: Hashable, Sendable {
    /// How far each edge moves inwards (negative: outwards).
    public var top: Double, left: Double, bottom: Double, right: Double

    /// Insets with their own value for each edge.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every side.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// No inset on any side.
    public static let zero = EdgeInsets(all: 0)
}
