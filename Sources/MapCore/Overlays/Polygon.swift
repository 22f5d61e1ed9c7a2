import DisplayList
import MapGeometry

/// An area bounded by a ring of points, with holes, as `MKPolygon`. The
/// ring closes by itself (its last point joins its first); holes are
/// polygons inside it (`interiorPolygons`), drawn open with the even-odd rule.
public final class Polygon: OverlayShape, @unchecked Sendable {
    // Sendable by hand: the geometry never changes after init and the text is behind a lock.
    let geometry: ShapeGeometry
    private let text: ShapeText
    /// The holes, each its own ring.
    public let interiorPolygons: [Polygon]

    /// An area inside `coordinates`, less its `interiorPolygons`.
    public convenience init(
        coordinates: [Coordinate], interiorPolygons: [Polygon] = [], title: String? = nil, subtitle: String? = nil
    ) {
        self.init(
            points: coordinates.map(Mercator.project), interiorPolygons: interiorPolygons, title: title,
            subtitle: subtitle)
    }

    /// An area inside world points (world units), less its `interiorPolygons`.
    public init(points: [Point], interiorPolygons: [Polygon] = [], title: String? = nil, subtitle: String? = nil) {
        self.interiorPolygons = interiorPolygons
        let outer = Self.open(points)
        geometry = ShapeGeometry(
            rings: [outer] + interiorPolygons.map { Self.open($0.points) }, isArea: true)
        text = ShapeText(title: title, subtitle: subtitle)
    }

    /// A ring without its closing point, however it was given.
    private static func open(_ ring: [Point]) -> [Point] {
        ring.count > 1 && ring.first == ring.last ? Array(ring.dropLast()) : ring
    }

    /// The outer ring's points in world units, its first point not repeated at its end.
    public var points: [Point] { Self.open(geometry.rings.first ?? []) }
    /// How many points the outer ring has.
    public var pointCount: Int { points.count }
    /// The outer ring as coordinates.
    public var coordinates: [Coordinate] { points.map(Mercator.unproject) }
    /// The centre of the polygon's bounds.
    public var coordinate: Coordinate { geometry.center }
    /// The rect that holds the outer ring, world units.
    public var boundingMapRect: Rect { geometry.bounds }
    /// What a callout or the accessibility mirror calls the area; safe to set from any thread.
    public var title: String? {
        get { text.title }
        set { text.title = newValue }
    }
    /// A second line of text about it.
    public var subtitle: String? {
        get { text.subtitle }
        set { text.subtitle = newValue }
    }

    package var rings: [[Point]] { geometry.rings }
    package var isArea: Bool { true }
    package var path: PathResource { geometry.path }
    package func path(forZoom zoom: Double) -> PathResource { geometry.path(forZoom: zoom) }
    package func rings(forZoom zoom: Double) -> [[Point]] { geometry.zoomed(zoom).rings }
}

/// Several areas that draw and select as one, as `MKMultiPolygon`.
public final class MultiPolygon: OverlayShape, @unchecked Sendable {
    // Sendable by hand, as Polygon.
    let geometry: ShapeGeometry
    private let text: ShapeText
    /// The areas, in order.
    public let polygons: [Polygon]

    /// One overlay of `polygons`.
    public init(_ polygons: [Polygon], title: String? = nil, subtitle: String? = nil) {
        self.polygons = polygons
        geometry = ShapeGeometry(rings: polygons.flatMap(\.rings), isArea: true)
        text = ShapeText(title: title, subtitle: subtitle)
    }

    /// The centre of the areas' bounds.
    public var coordinate: Coordinate { geometry.center }
    /// The rect that holds every area, world units.
    public var boundingMapRect: Rect { geometry.bounds }
    /// What a callout or the accessibility mirror calls the areas.
    public var title: String? {
        get { text.title }
        set { text.title = newValue }
    }
    /// A second line of text about them.
    public var subtitle: String? {
        get { text.subtitle }
        set { text.subtitle = newValue }
    }

    package var rings: [[Point]] { geometry.rings }
    package var isArea: Bool { true }
    package var path: PathResource { geometry.path }
    package func path(forZoom zoom: Double) -> PathResource { geometry.path(forZoom: zoom) }
    package func rings(forZoom zoom: Double) -> [[Point]] { geometry.zoomed(zoom).rings }
}

/// A circle of a radius in metres around a centre, as `MKCircle`: on the
/// Earth's surface, so it is taller than wide on the map away from the
/// equator, as a real distance is.
public final class Circle: OverlayShape, @unchecked Sendable {
    // Sendable by hand, as Polygon.
    let geometry: ShapeGeometry
    private let text: ShapeText
    /// Where the circle is centred.
    public let coordinate: Coordinate
    /// How far its edge is from the centre, metres.
    public let radius: Double
    /// Points on the edge; enough that the edge looks round at any size on screen.
    static let edgePoints = 128

    /// A circle of `radius` metres around `center`.
    public init(center: Coordinate, radius: Double, title: String? = nil, subtitle: String? = nil) {
        coordinate = center
        self.radius = radius.isFinite ? max(0, radius) : 0
        var edge: [Coordinate] = []
        for i in 0..<Self.edgePoints {
            let bearing = Double(i) * 360 / Double(Self.edgePoints)
            let point = GreatCircle.destination(from: center, bearing: bearing, distance: self.radius)
            // Kept beside the centre's longitude, so a circle across 180° stays whole.
            var lon = point.longitude
            while lon - center.longitude > 180 { lon -= 360 }
            while lon - center.longitude < -180 { lon += 360 }
            edge.append(Coordinate(latitude: point.latitude, longitude: lon))
        }
        geometry = ShapeGeometry(rings: [edge.map(Mercator.project)], isArea: true)
        text = ShapeText(title: title, subtitle: subtitle)
    }

    /// The rect that holds the circle, world units.
    public var boundingMapRect: Rect { geometry.bounds }
    /// What a callout or the accessibility mirror calls the circle.
    public var title: String? {
        get { text.title }
        set { text.title = newValue }
    }
    /// A second line of text about it.
    public var subtitle: String? {
        get { text.subtitle }
        set { text.subtitle = newValue }
    }

    /// Whether `c` lies within the radius, measured on the surface.
    public func contains(_ c: Coordinate) -> Bool {
        GreatCircle.distance(from: coordinate, to: c) <= radius
    }

    package var rings: [[Point]] { geometry.rings }
    package var isArea: Bool { true }
    package var path: PathResource { geometry.path }
    package func path(forZoom zoom: Double) -> PathResource { geometry.path(forZoom: zoom) }
    package func rings(forZoom zoom: Double) -> [[Point]] { geometry.zoomed(zoom).rings }
}
