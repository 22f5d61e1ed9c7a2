import Foundation

/// Where the map looks: a world point at the centre of the viewport and a zoom.
///
/// Converts between screen points (CSS px, origin top-left of the viewport)
/// and world points; it is a pure value so gestures and animations can compute
/// cameras without touching the map.
///
/// The world repeats east and west (`WorldWrap`), so the centre's `x` is
/// not limited to one world: a camera panned east across 180° goes on past
/// `Mercator.worldSize`, and `centerCoordinate` still names a longitude in
/// -180...180.
public struct Camera: Hashable, Sendable, CustomStringConvertible {
    /// The farthest out a camera goes: the whole world in 512 px.
    public static let minZoom = 1.0
    /// The closest in a camera goes: street level.
    public static let maxZoom = 18.0

    /// The world point shown at the viewport centre, in any copy of the world.
    public var center: Point
    /// Fractional zoom, clamped to 1...18.
    public var zoom: Double {
        didSet {
            zoom = Camera.clampZoom(zoom)
            pixelsPerUnit = Mercator.pixelsPerUnit(zoom: zoom)
        }
    }
    /// CSS pixels per world unit at this zoom: world distances times this are
    /// screen distances. Kept with the zoom: a frame projects every view's
    /// anchor, and a power of two for each was a visible part of a watcher's frame.
    public private(set) var pixelsPerUnit: Double

    /// A camera over world point `center` at `zoom` (clamped to `minZoom...maxZoom`).
    public init(center: Point, zoom: Double) {
        self.center = center
        self.zoom = Camera.clampZoom(zoom)
        pixelsPerUnit = Mercator.pixelsPerUnit(zoom: self.zoom)
    }

    /// A camera over `center` at `zoom`, as `MKMapCamera(lookingAtCenter:...)`.
    public init(center: Coordinate, zoom: Double) {
        self.init(center: Mercator.project(center), zoom: zoom)
    }

    /// `z` limited to `minZoom...maxZoom`; not a finite number gives `minZoom`.
    public static func clampZoom(_ z: Double) -> Double {
        z.isFinite ? min(max(z, minZoom), maxZoom) : minZoom
    }

    /// The coordinate at the viewport centre, its longitude in -180...180.
    public var centerCoordinate: Coordinate { Mercator.unproject(center) }

    /// The screen point of a world point in a viewport of `size`.
    public func screenPoint(forWorld p: Point, viewport size: Size) -> Point {
        let k = pixelsPerUnit
        return Point(x: (p.x - center.x) * k + size.width / 2, y: (p.y - center.y) * k + size.height / 2)
    }

    /// The world point under a screen point in a viewport of `size`.
    public func worldPoint(forScreen p: Point, viewport size: Size) -> Point {
        let k = pixelsPerUnit
        return Point(x: (p.x - size.width / 2) / k + center.x, y: (p.y - size.height / 2) / k + center.y)
    }

    /// The world rectangle a viewport of `size` shows.
    public func visibleWorldRect(viewport size: Size) -> Rect {
        let k = pixelsPerUnit
        let w = size.width / k, h = size.height / k
        return Rect(x: center.x - w / 2, y: center.y - h / 2, width: w, height: h)
    }

    /// The camera moved so the content moves by `delta` screen pixels (a drag).
    public func panned(byScreen delta: Point) -> Camera {
        var c = self
        let k = pixelsPerUnit
        c.center = Point(x: center.x - delta.x / k, y: center.y - delta.y / k)
        return c.clampedToWorld()
    }

    /// The camera zoomed to `newZoom` keeping the world point under `anchor` (a
    /// screen point) fixed: zooming "around the pointer".
    public func zoomed(to newZoom: Double, around anchor: Point, viewport size: Size) -> Camera {
        let world = worldPoint(forScreen: anchor, viewport: size)
        var c = self
        c.zoom = newZoom
        let k = c.pixelsPerUnit
        c.center = Point(x: world.x - (anchor.x - size.width / 2) / k, y: world.y - (anchor.y - size.height / 2) / k)
        return c.clampedToWorld()
    }

    /// The centre kept north of the world's south edge and south of its
    /// north edge, so the map can't be lost; east and west the world repeats.
    public func clampedToWorld() -> Camera {
        var c = self
        let w = Mercator.worldSize
        var x = center.x.isFinite ? center.x : w / 2
        // Worlds of panning away, a double still places a pin to a thousandth of a pixel at zoom 18; past
        // that, the same place in the world as stored.
        if abs(x) > Self.farthestCopy * w { x = WorldWrap.wrap(x) }
        c.center = Point(x: x, y: center.y.isFinite ? min(max(center.y, 0), w) : w / 2)
        return c
    }

    /// How many worlds east or west the centre may go before it is brought back to the world as stored.
    static let farthestCopy = 1_048_576.0

    /// The least zoom at which the world is as tall as `viewport` (at
    /// least `minZoom`): zoomed out further, blank would show above the
    /// north edge and below the south one. East and west the world's copies
    /// fill any width.
    public static func minimumZoom(for viewport: Size) -> Double {
        guard viewport.height > 0, viewport.height.isFinite else { return minZoom }
        return min(max(log2(viewport.height / 256), minZoom), maxZoom)
    }

    /// The camera as a map of `viewport` shows it: zoomed in at least to
    /// `minimumZoom(for:)`, and its centre no nearer the north or south edge
    /// of the world than half the viewport, so the map always covers the
    /// view from top to bottom (as MapLibre limits its latitude).
    public func constrained(to viewport: Size) -> Camera {
        var c = clampedToWorld()
        let least = Self.minimumZoom(for: viewport)
        if c.zoom < least { c.zoom = least }
        let half = viewport.height.isFinite ? max(viewport.height, 0) / 2 / c.pixelsPerUnit : 0
        let w = Mercator.worldSize
        let y = half * 2 >= w ? w / 2 : min(max(c.center.y, half), w - half)
        if y != c.center.y { c.center.y = y }
        return c
    }

    /// The `#zoom/lat/lon` form used in the URL (zoom 2 decimals, lat/lon 5).
    public var urlFragment: String {
        let c = centerCoordinate
        return String(format: "%.2f/%.5f/%.5f", zoom, c.latitude, c.longitude)
    }

    /// Parses `zoom/lat/lon` (with or without a leading `#`); nil when it isn't one.
    public init?(urlFragment: Substring) {
        let parts = urlFragment.drop(while: { $0 == "#" }).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3,
            let z = Double(parts[0]), let lat = Double(parts[1]), let lon = Double(parts[2]),
            z.isFinite, lat.isFinite, lon.isFinite, (-90...90).contains(lat), (-180...180).contains(lon)
        else { return nil }
        self.init(center: Coordinate(latitude: lat, longitude: lon), zoom: z)
    }

    /// `Camera(zoom/lat/lon)`, as logs and test failures print it.
    public var description: String { "Camera(\(urlFragment))" }
}
