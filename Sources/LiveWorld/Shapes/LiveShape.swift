import DisplayList
import MapCore
import MapGeometry
import Synchronization

/// A line or an area added through the API (a route, a zone, a vehicle's
/// trail): an overlay every map draws from one shared layer. Its geometry
/// and look change when the API edits it, and a trail grows as positions
/// are appended, so sessions read them while a request writes them; each
/// sits behind a lock.
public final class LiveShape: ChangingShape, CalloutOverlay, @unchecked Sendable {
    // Sendable by hand: every mutable part is behind `state`'s lock.
    /// Its id in the API, unique in the world among annotations and shapes.
    public let id: String
    /// What it is, as the API was told (`"line"` or `"area"` by default); the map does not read it.
    public let kind: String
    /// Whether the id came as a JSON number in GeoJSON: the export writes it as a number again.
    package let idIsNumber: Bool
    /// Its item on every map that draws it alone.
    let itemID = ItemID.next()
    private let state: Mutex<State>

    struct State {
        var geometry: WorldGeometry
        var drawn: ShapeGeometry
        var look: Look
        var trailLimit: Int?
        var isGrowing: Bool
        /// Appends since the store file last had it whole.
        var appendsSinceWritten = 0
        /// A growing line's pieces, each a path and an item of its own.
        var pieces: TrailPieces
    }

    /// What `PATCH` may change besides the geometry: simplestyle's stroke
    /// and fill, and the texts of its callout. Replaced whole, so a reader
    /// never sees half an edit.
    public struct Look: Sendable, Equatable {
        /// The callout's title, and its name in the accessibility mirror.
        public var title: String?
        /// The callout's second line (GeoJSON's `description`).
        public var subtitle: String?
        /// The line's colour, `#rgb` or `#rrggbb` (the `#` optional); nil is the standard blue.
        public var stroke: String?
        /// The line's width, points; nil is 3.
        public var strokeWidth: Double?
        /// The line's opacity, 0...1; nil is 1.
        public var strokeOpacity: Double?
        /// An area's colour; nil is the stroke's colour.
        public var fill: String?
        /// An area's opacity, 0...1; nil is 0.2.
        public var fillOpacity: Double?

        /// A look of these texts and style.
        public init(
            title: String? = nil, subtitle: String? = nil, stroke: String? = nil, strokeWidth: Double? = nil,
            strokeOpacity: Double? = nil, fill: String? = nil, fillOpacity: Double? = nil
        ) {
            self.title = title
            self.subtitle = subtitle
            self.stroke = stroke
            self.strokeWidth = strokeWidth
            self.strokeOpacity = strokeOpacity
            self.fill = fill
            self.fillOpacity = fillOpacity
        }
    }

    /// A shape of `geometry`; `trailLimit` keeps only the newest positions
    /// of a line that grows (`AnnotationStore.extendShape`).
    public init(
        id: String, kind: String? = nil, geometry: WorldGeometry, look: Look = Look(), trailLimit: Int? = nil,
        idIsNumber: Bool = false
    ) {
        self.id = id
        self.kind = kind ?? (geometry.kind.isArea ? "area" : "line")
        self.idIsNumber = idIsNumber
        state = Mutex(
            State(
                geometry: geometry, drawn: ShapeGeometry(rings: geometry.worldRings, isArea: geometry.kind.isArea),
                look: look, trailLimit: trailLimit, isGrowing: trailLimit != nil,
                pieces: TrailPieces(limit: trailLimit)))
    }

    /// Its geometry now.
    public var geometry: WorldGeometry { state.withLock { $0.geometry } }
    /// Its texts and style now.
    public var look: Look { state.withLock { $0.look } }
    /// How many of its newest positions a trail keeps; nil keeps every one.
    public var trailLimit: Int? { state.withLock { $0.trailLimit } }

    /// Replaces the geometry (the store's edit); false when `geometry` is a
    /// different sort (a line for an area).
    func setGeometry(_ geometry: WorldGeometry) {
        let drawn = ShapeGeometry(rings: geometry.worldRings, isArea: geometry.kind.isArea)
        state.withLock { s in
            s.geometry = geometry
            s.drawn = drawn
            s.pieces.reset()
        }
    }

    func setLook(_ look: Look) { state.withLock { $0.look = look } }

    /// Appends to a line, keeping its trail's limit: the bounds before and
    /// after, and whether the store file should now get it whole. Nil when
    /// it is not a `LineString` or the altitudes do not fit it.
    func extend(
        by more: [Coordinate], altitudes: [Double]?, foldEvery: Int
    ) -> (before: Rect, after: Rect, writeWhole: Bool, startedGrowing: Bool)? {
        state.withLock { s in
            guard let line = s.geometry.extended(by: more, altitudes: altitudes, keeping: s.trailLimit) else {
                return nil
            }
            let before = s.drawn.bounds
            s.pieces.drop(s.geometry.coordinates.count + more.count - line.coordinates.count)
            s.geometry = line
            s.drawn = ShapeGeometry(rings: line.worldRings, isArea: false)
            let started = !s.isGrowing
            s.isGrowing = true
            s.appendsSinceWritten += 1
            let whole = s.appendsSinceWritten >= foldEvery
            if whole { s.appendsSinceWritten = 0 }
            return (before, s.drawn.bounds, whole, started)
        }
    }

    // MARK: The overlay every map draws

    /// The centre of its bounds.
    public var coordinate: Coordinate { drawn.center }
    /// The rect that holds all of it, world units.
    public var boundingMapRect: Rect { drawn.bounds }
    /// The callout's title.
    public var title: String? { state.withLock { $0.look.title } }
    /// The callout's second line.
    public var subtitle: String? { state.withLock { $0.look.subtitle } }
    package var isGrowing: Bool { state.withLock { $0.isGrowing } }
    package var rings: [[Point]] { drawn.rings }
    package var isArea: Bool { drawn.isArea }
    package var path: PathResource { drawn.path }
    package func path(forZoom zoom: Double) -> PathResource {
        // A trail is drawn whole at every zoom: it changes too often to simplify each time.
        let drawn = self.drawn
        return isGrowing ? drawn.path : drawn.path(forZoom: zoom)
    }
    package func rings(forZoom zoom: Double) -> [[Point]] { drawn.zoomed(zoom).rings }
    package func pieces() -> [(itemID: UInt32, path: PathResource)] {
        state.withLock { s in
            guard s.isGrowing, let line = s.drawn.rings.first else { return [] }
            return s.pieces.pieces(of: line).map { ($0.itemID, $0.path) }
        }
    }

    private var drawn: ShapeGeometry { state.withLock { $0.drawn } }

    /// How every map draws it: the look's stroke and fill over the standard
    /// blue line 3 points wide, areas filled at a fifth of its strength.
    var drawing: ItemProperties? {
        let look = self.look
        let renderer = OverlayPathRenderer(overlay: self)
        let stroke = look.stroke.flatMap(MarkerColor.color) ?? MapView.standardOverlayColor
        renderer.strokeColor = stroke.withAlpha(Self.unit(look.strokeOpacity) ?? 1)
        renderer.lineWidth = look.strokeWidth.map { $0.isFinite ? max(0, $0) : 3 } ?? 3
        if look.strokeWidth == 0 { renderer.strokeColor = nil }
        if isArea {
            let fill = look.fill.flatMap(MarkerColor.color) ?? stroke
            renderer.fillColor = fill.withAlpha(Self.unit(look.fillOpacity) ?? 0.2)
        }
        return renderer.itemProperties()
    }

    private static func unit(_ value: Double?) -> Double? {
        value.map { $0.isFinite ? min(1, max(0, $0)) : 1 }
    }
}
