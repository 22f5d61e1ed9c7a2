import DisplayList
import MapCore
import MapGeometry
import Synchronization

/// An annotation added through the API or by the demo feed, as
/// `MKPointAnnotation`: its coordinate changes live, and its title, subtitle
/// and marker style change when the API edits it (`PATCH`), so sessions read
/// them while a request writes them; each sits behind a lock.
public final class LiveAnnotation: ClusterableAnnotation {
    /// Its id in the API, unique in the world.
    public let id: String
    /// What it is, as the API was told (`"point"` by default); the map does not read it.
    public let kind: String
    /// Whether browsers may drag it.
    public let isDraggable: Bool
    /// Pins with the same identifier gather into clusters on every map, as
    /// the wishlist people do.
    public let clusteringIdentifier: String?
    /// The altitude a GeoJSON import gave (a position's third number), kept
    /// for its export; the map does not read it, and moves leave it alone.
    public let altitude: Double?
    /// Whether the id came as a JSON number in GeoJSON: the export writes it as a number again.
    package let idIsNumber: Bool
    private let location: Mutex<Coordinate>
    private let look: Mutex<Look>

    /// What `PATCH` may change, replaced whole so a reader never sees half an edit.
    public struct Look: Sendable, Equatable {
        /// The callout's title and the label under the marker.
        public var title: String?
        /// The callout's second line.
        public var subtitle: String?
        /// `#rgb` or `#rrggbb` (the `#` optional), as the API was given it; nil is the default red.
        public var markerColor: String?
        /// The glyph text or icon name in the marker's head; nil shows the dot.
        public var markerSymbol: String?
        /// How big the marker is drawn; nil is the usual size.
        public var markerSize: MarkerSize?

        /// A look of these texts and style.
        public init(
            title: String?, subtitle: String? = nil, markerColor: String? = nil, markerSymbol: String? = nil,
            markerSize: MarkerSize? = nil
        ) {
            self.title = title
            self.subtitle = subtitle
            self.markerColor = markerColor
            self.markerSymbol = markerSymbol
            self.markerSize = markerSize
        }
    }

    /// An annotation at `coordinate`; `markerColor` is `#rgb` or `#rrggbb`.
    public convenience init(
        id: String, kind: String = "point", title: String?, subtitle: String? = nil,
        coordinate: Coordinate, isDraggable: Bool = false, clusteringIdentifier: String? = nil,
        markerColor: String? = nil, markerSymbol: String? = nil, markerSize: MarkerSize? = nil,
        altitude: Double? = nil
    ) {
        self.init(
            id: id, kind: kind, coordinate: coordinate, isDraggable: isDraggable,
            clusteringIdentifier: clusteringIdentifier,
            look: Look(
                title: title, subtitle: subtitle, markerColor: markerColor, markerSymbol: markerSymbol,
                markerSize: markerSize),
            altitude: altitude, idIsNumber: false)
    }

    /// An annotation with all it may have, as an import or the store file gives it.
    package init(
        id: String, kind: String, coordinate: Coordinate, isDraggable: Bool, clusteringIdentifier: String?,
        look: Look, altitude: Double?, idIsNumber: Bool
    ) {
        self.id = id
        self.kind = kind
        self.isDraggable = isDraggable
        self.clusteringIdentifier = clusteringIdentifier
        self.altitude = altitude
        self.idIsNumber = idIsNumber
        location = Mutex(coordinate)
        self.look = Mutex(look)
    }

    /// Where it is now; moves change it under its own lock.
    public var coordinate: Coordinate {
        get { location.withLock { $0 } }
        set { location.withLock { $0 = newValue } }
    }

    /// Title, subtitle and style at once; set it through `AnnotationStore.update`, which tells every map.
    public internal(set) var appearance: Look {
        get { look.withLock { $0 } }
        set { look.withLock { $0 = newValue } }
    }

    /// The callout's title and the label under the marker; `PATCH` may change it.
    public var title: String? { look.withLock { $0.title } }
    /// The callout's second line; `PATCH` may change it.
    public var subtitle: String? { look.withLock { $0.subtitle } }
}

// A pin added with `draggable: true` can be dragged in any browser; the drop is shared through `World.move`.
extension LiveAnnotation: DraggableAnnotation {}

// Every API pin is a marker in its own colours, whatever the app's default pin.
extension LiveAnnotation: StyledAnnotation {
    /// The colour `appearance.markerColor` names; nil is the default red.
    public var markerColor: Color? { look.withLock { $0.markerColor }.flatMap(MarkerColor.color) }
    /// The glyph text in the marker's head; nil shows the dot.
    public var markerSymbol: String? { look.withLock { $0.markerSymbol } }
    /// How big the marker is drawn; nil is the usual size.
    public var markerSize: MarkerSize? { look.withLock { $0.markerSize } }
}

/// The marker colours the API takes: `#rgb` or `#rrggbb`, either case, the
/// `#` optional as simplestyle 1.1.0 allows (`ff0000`).
package enum MarkerColor {
    /// The colour `text` names, or nil when it is not `#rgb` or `#rrggbb` (with or without the `#`).
    package static func color(_ text: String) -> Color? {
        var utf8 = Array(text.utf8)
        if utf8.first == UInt8(ascii: "#") { utf8.removeFirst() }
        guard utf8.count == 3 || utf8.count == 6 else { return nil }
        var digits: [UInt32] = []
        for c in utf8 {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(UInt32(c - UInt8(ascii: "0")))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digits.append(UInt32(c - UInt8(ascii: "a") + 10))
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digits.append(UInt32(c - UInt8(ascii: "A") + 10))
            default: return nil
            }
        }
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        return Color(hex: digits.reduce(0) { $0 << 4 | $1 })
    }
}
