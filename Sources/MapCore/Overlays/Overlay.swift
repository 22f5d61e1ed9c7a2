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
    /// The lines or rings of the shape, in world units; a ring is not
    /// repeated at its end.
    var rings: [[Point]] { get }
    /// Whether the rings enclose an area (a polygon, a circle) rather than run as lines.
    var isArea: Bool { get }
    /// The rings encoded once for every map that draws the shape.
    var path: PathResource { get }
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

/// The geometry every shape derives from its rings once, at creation.
struct ShapeGeometry: Sendable {
    let rings: [[Point]]
    let bounds: Rect
    let path: PathResource

    /// `rings` in world units; each ring of an area gets its first point again at its end, so a stroke closes it.
    init(rings: [[Point]], closingRings: Bool) {
        let kept = rings.filter { !$0.isEmpty }
        self.rings = kept
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
        let drawn = closingRings ? kept.map { $0.count > 2 && $0.first != $0.last ? $0 + [$0[0]] : $0 } : kept
        path = PathResource(rings: drawn)
    }

    /// The centre of the bounds, as the shape's `coordinate`.
    var center: Coordinate { Mercator.unproject(bounds.center) }
}
