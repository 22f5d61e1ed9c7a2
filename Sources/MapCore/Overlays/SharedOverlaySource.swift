import DisplayList
import MapGeometry
import Synchronization

/// Lines and areas that every map draws, kept and planned once for all of
/// them: the shared world's shapes. A map with a source
/// (`MapView.sharedOverlays`) draws its layer under its own overlays above
/// roads and keeps nothing per shape, so a session costs the same however
/// many shapes the world holds.
///
/// Read from every map's thread while it is written from others: it answers
/// under its own lock, with a layer that does not change once made.
package protocol SharedOverlaySource: AnyObject, Sendable {
    /// Bumped by every change to what the shapes draw, a trail's growth
    /// included; cheap, so a map can ask every frame.
    var overlayVersion: UInt64 { get }
    /// The shapes as they draw now.
    func overlayLayer() -> SharedOverlayLayer
    /// The growing shapes that grew since `version`, when nothing else
    /// changed since (a map patches their items alone); nil when something
    /// else did, or the source no longer knows.
    func grownShapes(since version: UInt64) -> [Overlay]?
}

extension SharedOverlaySource {
    package func grownShapes(since version: UInt64) -> [Overlay]? { nil }
}

/// A shape whose geometry changes while it is drawn: a trail that grows.
/// A growing one is never joined with others in a batch, and a map reads
/// its bounds and path at every frame.
package protocol ChangingShape: OverlayShape {
    /// Whether its geometry changes in place; fixed for one layer's life.
    var isGrowing: Bool { get }
    /// A growing line in pieces, each drawn as an item of its own, so that
    /// a change sends a browser the pieces it changed rather than the whole
    /// line; empty draws it whole.
    func pieces() -> [(itemID: UInt32, path: PathResource)]
}

/// The shared shapes at one moment, the lowest first: each with its item on
/// every map and how it is drawn (but for the path, which is the zoom's),
/// and the plan of each zoom level made when a map first draws it.
package final class SharedOverlayLayer: Sendable {
    package let overlays: [Overlay]
    let drawings: [ItemProperties?]
    let itemIDs: [UInt32]
    private let plans = Mutex<[Int: OverlayDrawPlan]>([:])

    /// `overlays` drawn as `drawings` say (nil draws one not at all), each
    /// as the item `itemIDs` names when drawn alone.
    package init(overlays: [Overlay], drawings: [ItemProperties?], itemIDs: [UInt32]) {
        self.overlays = overlays
        self.drawings = drawings.map { drawing in
            drawing.map { d in
                var p = d
                p.path = 0
                return p
            }
        }
        self.itemIDs = itemIDs
    }

    /// Where each overlay is in `overlays`, made when a patch first asks.
    private let indexes = Mutex<[ObjectIdentifier: Int]?>(nil)

    /// The place of `overlay` in `overlays`, if it is one of them.
    func index(of overlay: Overlay) -> Int? {
        indexes.withLock { made in
            if made == nil {
                made = Dictionary(
                    overlays.enumerated().map { (ObjectIdentifier($1), $0) }, uniquingKeysWith: { a, _ in a })
            }
            return made?[ObjectIdentifier(overlay)]
        }
    }

    /// No shapes.
    package static let empty = SharedOverlayLayer(overlays: [], drawings: [], itemIDs: [])

    /// How the layer draws at whole zoom `level`, made once for every map.
    func plan(level: Int) -> OverlayDrawPlan {
        if let made = plans.withLock({ $0[level] }) { return made }
        let made = OverlayDrawPlan(overlays: overlays, drawings: drawings, level: level)
        return plans.withLock { all in
            if let first = all[level] { return first }
            all[level] = made
            return made
        }
    }

    /// The shapes topmost first that `world` (world units) touches, within
    /// `reach(width)` world units of a line `width` points wide.
    func overlays(at world: Point, reach: (Double) -> Double) -> [Overlay] {
        var hits: [Overlay] = []
        for (overlay, drawing) in zip(overlays, drawings).reversed() {
            guard let shape = overlay as? OverlayShape, let p = drawing, p.alpha > 0 else { continue }
            let width = p.stroke.color.alpha > 0 ? Double(p.stroke.width) : 0
            if OverlayHitTest.touches(shape, at: world, reach: reach(width)) { hits.append(overlay) }
        }
        return hits
    }
}
