import DisplayList
import MapGeometry

/// Street maps drawn from vector tiles, made once for every map: a map with
/// a source (`MapView.streets`) asks it for the tiles near its view at each
/// frame and draws them over the base map's land, under the overlays and the
/// annotations. The source keeps the tiles it made, so every session sends a
/// browser the same paths and no session pays for a tile another one made.
///
/// Read from every map's thread at once: it answers under its own lock, with
/// tiles that never change once made.
package protocol StreetTileSource: AnyObject, Sendable {
    /// The credits for the tiles' data ("© OpenStreetMap contributors",
    /// linked to its copyright page): the attribution control shows those of
    /// the tiles near the screen (`StreetTile.credits`).
    var attributions: [MapCredit] { get }
    /// What shows where there are no tiles (past the poles): the style's background.
    var backgroundColor: Color { get }
    /// The tiles a map at `zoom` draws over `rect` (world units; it may run
    /// past the world's east and west edges), in drawing order. Empty where
    /// no archive has data, and at zooms below those the archives hold.
    func tiles(covering rect: Rect, zoom: Double) -> [StreetTile]
    /// A name for what `tiles(covering:zoom:)` answers, found without its
    /// lock: the same name, the same tiles, so a pan that stays over them asks
    /// for none. Nil where the source has no such name.
    func tilesKey(covering rect: Rect, zoom: Double) -> [Int]?
    /// The style's background at `zoom` where the source leaves it to the map to paint once under every
    /// tile (its bottom archive covers the world), rather than each tile under itself; nil otherwise,
    /// and where the style paints none at `zoom`.
    func ground(zoom: Double) -> Color?
}

extension StreetTileSource {
    package func tilesKey(covering rect: Rect, zoom: Double) -> [Int]? { nil }
    package func ground(zoom: Double) -> Color? { nil }
}

/// How one style layer paints its features in a tile, asked at the camera's
/// zoom: widths and opacities change continuously as a map zooms, the
/// geometry only between zoom levels.
package protocol StreetPaint: Sendable {
    /// The item's fill or stroke at `zoom`, without path or clip; nil when
    /// the layer draws nothing there (out of its zoom range, transparent).
    func itemProperties(zoom: Double) -> ItemProperties?
}

/// One tile of street map, ready to draw: a path per style layer and paint,
/// every one cut to the tile's square, so the lines and areas that run past
/// the tile's edge meet the next tile's without a seam or a double stroke.
package final class StreetTile: Sendable {
    /// One item of the tile: the same id and path on every map.
    package struct Item: Sendable {
        package let itemID: UInt32
        package let path: PathResource
        package let paint: any StreetPaint

        package init(itemID: UInt32, path: PathResource, paint: any StreetPaint) {
            self.itemID = itemID
            self.path = path
            self.paint = paint
        }
    }

    /// The tile's square, whole world units: what every item is cut to.
    package let clip: WorldClip
    /// Bottom first, in the style's order.
    package let items: [Item]
    /// The names the tile's lines carry (roads), in the style's order: the first placed wins a place.
    package let labels: [StreetLabel]
    /// The bytes the paths take, for a cache's memory bound.
    package let byteCount: Int
    /// Which of the source's `attributions` its data asks for.
    package let credits: [Int]
    /// Which of the source's archives it comes from, bottom first: a later one's names are placed first.
    package let archive: Int
    /// Its names laid out at the zooms maps draw it at, shared by them.
    let nameLayouts = StreetNameLayouts()

    package init(
        clip: WorldClip, items: [Item], labels: [StreetLabel] = [], credits: [Int] = [0], archive: Int = 0
    ) {
        self.clip = clip
        self.items = items
        self.labels = labels
        self.credits = credits
        self.archive = archive
        // An item's id, paint and path object beside the path's bytes: a few hundred bytes. Layers that
        // draw the same features (a casing and its fill) share a path: its bytes count once.
        var paths = Set<ObjectIdentifier>()
        var bytes = 64
        for item in items {
            bytes += 256
            if paths.insert(ObjectIdentifier(item.path)).inserted { bytes += item.path.data.count }
        }
        byteCount = bytes + labels.reduce(0) { $0 + 128 + $1.pointCount * 16 }
    }
}

/// How a name along a line is drawn at a zoom: MapLibre's text size,
/// colours, halo, spacing and bend limit.
package struct StreetLabelLook: Equatable, Sendable {
    package var size: Double
    package var color: Color
    package var halo: Color
    package var haloWidth: Double
    /// CSS px between repeats of the name along one line.
    package var spacing: Double
    /// The largest turn between neighbouring characters, radians.
    package var maxAngle: Double

    package init(size: Double, color: Color, halo: Color, haloWidth: Double, spacing: Double, maxAngle: Double) {
        self.size = size
        self.color = color
        self.halo = halo
        self.haloWidth = haloWidth
        self.spacing = spacing
        self.maxAngle = maxAngle
    }
}

/// A label's look as its style layer gives it at the camera's zoom.
package protocol StreetLabelPaint: Sendable {
    /// Nil where the layer shows nothing at `zoom`.
    func look(zoom: Double) -> StreetLabelLook?
}

/// A name a tile's line carries (a road's), placed along it at each zoom,
/// or one at a point (a place, a shop), written level and centred on it.
package struct StreetLabel: Sendable {
    /// The first of the items its places on the line take, the same on every map: `places` ids in a
    /// row from it (`itemID(_:)`); a line named more often than this at a zoom shows the first ones.
    let firstItemID: UInt32
    let places: Int
    package let text: String
    /// The line's pieces in the tile, world units; a point's name, one piece of one point.
    package let lines: [[Point]]
    package let paint: any StreetLabelPaint
    /// Whether it names a point rather than runs along a line.
    package let isPoint: Bool
    /// Its style layer's place in the style: a name of a later layer is placed first, as in MapLibre.
    package let priority: Int

    package init(
        text: String, lines: [[Point]], paint: any StreetLabelPaint, isPoint: Bool = false, priority: Int = 0,
        places: Int = 4
    ) {
        self.places = isPoint ? 1 : places
        firstItemID = ItemID.next(count: self.places)
        self.text = text
        self.lines = lines
        self.paint = paint
        self.isPoint = isPoint
        self.priority = priority
    }

    var pointCount: Int { lines.reduce(0) { $0 + $1.count } }

    /// The item of its `place`th place on the line, from 0; nil past `places`.
    package func itemID(_ place: Int) -> UInt32? {
        place >= 0 && place < places ? firstItemID &+ UInt32(place) : nil
    }
}
