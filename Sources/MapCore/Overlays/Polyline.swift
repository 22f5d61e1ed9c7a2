import DisplayList
import MapGeometry

/// A line through points, as `MKPolyline`: straight between them on the
/// map (see `GeodesicPolyline` for the Earth's shortest way). A line from
/// 179° to -179° runs the long way round, as in MapKit; give the second
/// point as 181° to cross 180° instead.
public class Polyline: OverlayShape, @unchecked Sendable {
    // Sendable by hand: the geometry never changes after init and the text is behind a lock.
    let geometry: ShapeGeometry
    private let text: ShapeText

    /// A line through `coordinates` in order.
    public convenience init(coordinates: [Coordinate], title: String? = nil, subtitle: String? = nil) {
        self.init(points: coordinates.map(Mercator.project), title: title, subtitle: subtitle)
    }

    /// A line through world points (Web Mercator world units), as `MKPolyline(points:count:)`.
    public init(points: [Point], title: String? = nil, subtitle: String? = nil) {
        geometry = ShapeGeometry(rings: [points], isArea: false)
        text = ShapeText(title: title, subtitle: subtitle)
    }

    /// The line's points in world units.
    public var points: [Point] { geometry.rings.first ?? [] }
    /// How many points the line has.
    public var pointCount: Int { points.count }
    /// The line's points as coordinates (longitudes in -180...180).
    public var coordinates: [Coordinate] { points.map(Mercator.unproject) }
    /// The centre of the line's bounds.
    public var coordinate: Coordinate { geometry.center }
    /// The rect that holds the whole line, world units.
    public var boundingMapRect: Rect { geometry.bounds }
    /// What a callout or the accessibility mirror calls the line; safe to set from any thread.
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
    package var isArea: Bool { false }
    package var path: PathResource { geometry.path }
    package func path(forZoom zoom: Double) -> PathResource { geometry.path(forZoom: zoom) }
    package func rings(forZoom zoom: Double) -> [[Point]] { geometry.zoomed(zoom).rings }
}

/// A line that follows the Earth's surface between its points, the
/// shortest way, as `MKGeodesicPolyline`: a flight track bends north on the
/// map and crosses 180° when that is shorter. Points are added along each
/// great circle, no two more than 100 km apart.
public final class GeodesicPolyline: Polyline, @unchecked Sendable {
    /// The points the app gave, before the line was bent along the surface.
    public let waypoints: [Coordinate]

    /// A geodesic line through `coordinates` in order.
    public init(coordinates: [Coordinate], title: String? = nil, subtitle: String? = nil) {
        waypoints = coordinates
        var bent: [Coordinate] = []
        for (a, b) in zip(coordinates, coordinates.dropFirst()) {
            let from = bent.last ?? a
            let leg = GreatCircle.path(from: from, to: b)
            bent += bent.isEmpty ? leg : Array(leg.dropFirst())
        }
        if bent.isEmpty { bent = coordinates }
        super.init(points: bent.map(Mercator.project), title: title, subtitle: subtitle)
    }
}

/// Several lines that draw and select as one, as `MKMultiPolyline`.
public final class MultiPolyline: OverlayShape, @unchecked Sendable {
    // Sendable by hand, as Polyline.
    let geometry: ShapeGeometry
    private let text: ShapeText
    /// The lines, in order.
    public let polylines: [Polyline]

    /// One overlay of `polylines`.
    public init(_ polylines: [Polyline], title: String? = nil, subtitle: String? = nil) {
        self.polylines = polylines
        geometry = ShapeGeometry(rings: polylines.flatMap(\.rings), isArea: false)
        text = ShapeText(title: title, subtitle: subtitle)
    }

    /// The centre of the lines' bounds.
    public var coordinate: Coordinate { geometry.center }
    /// The rect that holds every line, world units.
    public var boundingMapRect: Rect { geometry.bounds }
    /// What a callout or the accessibility mirror calls the lines.
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
    package var isArea: Bool { false }
    package var path: PathResource { geometry.path }
    package func path(forZoom zoom: Double) -> PathResource { geometry.path(forZoom: zoom) }
    package func rings(forZoom zoom: Double) -> [[Point]] { geometry.zoomed(zoom).rings }
}
