import DisplayList
import MapGeometry
import Synchronization

/// Something drawn over an area of the map rather than at a point, as
/// `MKOverlay`: a route, a zone, a geofence. It is an annotation too (its
/// `coordinate` is its centre, its title names it), but the map draws it with
/// a renderer (`OverlayRenderer`) rather than a view.
public protocol Overlay: Annotation {
    /// The world rect (Web Mercator world units, `Mercator.worldSize` across)
    /// that holds all of it. It may reach past either edge of the world for
    /// a shape across 180°.
    var boundingMapRect: Rect { get }
    /// Whether any of it may lie in `mapRect` (world units): true when the
    /// rects meet, in any copy of the world.
    func intersects(_ mapRect: Rect) -> Bool
}

extension Overlay {
    /// Whether `boundingMapRect` meets `mapRect` in any copy of the world.
    public func intersects(_ mapRect: Rect) -> Bool {
        WorldWrap.intersects(boundingMapRect, mapRect)
    }
}

/// Where overlays draw among the map's layers, as `MKOverlayLevel`.
public enum OverlayLevel: Sendable, CaseIterable {
    /// Over land, water and borders, under the place names.
    case aboveRoads
    /// Over the place names too, still under the annotation views.
    case aboveLabels
}

/// What the map's own shapes share: their geometry in world units, ready to
/// draw and to hit test, and a title and subtitle an app may change.
package protocol OverlayShape: Overlay {
    /// The lines or rings of the shape, in world units; an area's rings end
    /// where they start.
    var rings: [[Point]] { get }
    /// Whether the rings enclose an area (a polygon, a circle) rather than run as lines.
    var isArea: Bool { get }
    /// The rings encoded once for every map that draws the shape.
    var path: PathResource { get }
    /// What a map at `zoom` draws: the rings simplified for it, shared by every map.
    func path(forZoom zoom: Double) -> PathResource
    /// The rings of `path(forZoom:)`.
    func rings(forZoom zoom: Double) -> [[Point]]
}

/// A title and subtitle behind a lock, for shapes shared by every session.
final class ShapeText: Sendable {
    private let text: Mutex<(title: String?, subtitle: String?)>

    init(title: String?, subtitle: String?) {
        text = Mutex((title, subtitle))
    }

    var title: String? {
        get { text.withLock { $0.title } }
        set { text.withLock { $0.title = newValue } }
    }
    var subtitle: String? {
        get { text.withLock { $0.subtitle } }
        set { text.withLock { $0.subtitle = newValue } }
    }
}

/// The geometry every shape derives from its rings once, at creation, and
/// the simpler paths lower zooms draw, made when a map first asks for one
/// and shared by every map.
package final class ShapeGeometry: Sendable {
    package let rings: [[Point]]
    package let bounds: Rect
    package let isArea: Bool
    /// The full geometry: what the deepest zooms draw.
    package let path: PathResource
    /// Per whole zoom level, what it draws: nil until asked for.
    private let zoomed: Mutex<[Zoomed?]>
    /// How far a point may move on screen when a zoom's path leaves it out,
    /// CSS px: Leaflet's default (`smoothFactor` 1). Half a pixel sent a
    /// third more bytes for lines no one could tell apart under a 3-point stroke.
    static let tolerance = 1.0

    /// The rings a zoom draws (each ring of an area closed) and their path.
    package struct Zoomed: Sendable {
        package let rings: [[Point]]
        package let path: PathResource
    }

    /// `rings` in world units; each ring of an area gets its first point again at its end, so a stroke closes it.
    package init(rings: [[Point]], isArea: Bool) {
        let kept = Self.drawn(rings.filter { !$0.isEmpty }, isArea: isArea)
        self.rings = kept
        self.isArea = isArea
        var (minX, minY) = (Double.infinity, Double.infinity)
        var (maxX, maxY) = (-Double.infinity, -Double.infinity)
        for ring in kept {
            for p in ring {
                minX = min(minX, p.x)
                minY = min(minY, p.y)
                maxX = max(maxX, p.x)
                maxY = max(maxY, p.y)
            }
        }
        bounds = minX.isFinite ? Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : .zero
        path = PathResource(rings: kept)
        zoomed = Mutex([Zoomed?](repeating: nil, count: Int(Camera.maxZoom) + 1))
    }

    /// The path a map at `zoom` draws: the geometry without the points it
    /// cannot show (closer than `tolerance` to the line through the
    /// others, or an island smaller than that), or the full path when
    /// that leaves out nearly nothing.
    package func path(forZoom zoom: Double) -> PathResource { self.zoomed(zoom).path }

    /// The rings and path of `path(forZoom:)`.
    package func zoomed(_ zoom: Double) -> Zoomed {
        let level = min(max(Int(zoom.isFinite ? zoom.rounded(.down) : 0), 0), Int(Camera.maxZoom))
        if let made = zoomed.withLock({ $0[level] }) { return made }
        let tolerance = Self.tolerance / Mercator.pixelsPerUnit(zoom: Double(level))
        let made: Zoomed
        if let simple = ShapeSimplification.simplify(rings, tolerance: tolerance, isArea: isArea) {
            let drawn = Self.drawn(simple, isArea: isArea)
            made = Zoomed(rings: drawn, path: PathResource(rings: drawn, shift: Self.shift(level: level)))
        } else {
            made = Zoomed(rings: rings, path: path)
        }
        // Two maps may make the same level at once: the first one stored wins, so every map shares one path.
        return zoomed.withLock { all in
            if let first = all[level] { return first }
            all[level] = made
            return made
        }
    }

    /// The grid a zoom's path is rounded to: steps of `2^shift` world units,
    /// a quarter of a pixel or finer (world units are 2^30 across, the world
    /// 2^(8 + level) pixels): half a device pixel on a double-density
    /// screen, where the stroke's antialiasing is wider than that.
    package static func shift(level: Int) -> UInt8 { UInt8(max(0, 30 - 8 - level - 2)) }

    private static func drawn(_ rings: [[Point]], isArea: Bool) -> [[Point]] {
        isArea ? rings.map { $0.count > 2 && $0.first != $0.last ? $0 + [$0[0]] : $0 } : rings
    }

    /// The centre of the bounds, as the shape's `coordinate`.
    package var center: Coordinate { Mercator.unproject(bounds.center) }
}
