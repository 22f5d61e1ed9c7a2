/// One annotation as the store file keeps it: what the API said about it
/// when it was added, where it is now, and the producer's timestamp of its
/// last move, so a reordered feed cannot move it backwards after a restart.
package struct StoredAnnotation: Sendable, Equatable {
    package var id: String
    package var kind: String
    package var title: String?
    package var subtitle: String?
    package var latitude: Double
    package var longitude: Double
    package var draggable: Bool
    package var clusteringIdentifier: String?
    /// Fixed annotations (the sample landmarks) cannot be moved or deleted.
    package var isFixed: Bool
    package var timestamp: Double?
    /// The name of the app seed that put it there on first start (nil: the
    /// API did): a start brings it back as that app's own annotation.
    package var seed: String?
    /// The marker's colour (`#rgb` or `#rrggbb`, the `#` optional) and glyph text or icon name, as the API gave them.
    package var markerColor: String?
    package var markerSymbol: String?
    /// `small`, `medium` or `large`; nil draws the usual marker.
    package var markerSize: String?
    /// The third number of an imported GeoJSON position, metres; moves leave it as it was.
    package var altitude: Double?
    /// Whether the id came as a JSON number in GeoJSON, so an export writes it as one again.
    package var idIsNumber: Bool

    package init(
        id: String, kind: String, title: String?, subtitle: String?, latitude: Double, longitude: Double,
        draggable: Bool = false, clusteringIdentifier: String? = nil, isFixed: Bool = false,
        timestamp: Double? = nil, seed: String? = nil, markerColor: String? = nil,
        markerSymbol: String? = nil, markerSize: String? = nil, altitude: Double? = nil, idIsNumber: Bool = false
    ) {
        self.markerColor = markerColor
        self.markerSymbol = markerSymbol
        self.markerSize = markerSize
        self.altitude = altitude
        self.idIsNumber = idIsNumber
        self.id = id
        self.kind = kind
        self.title = title
        self.subtitle = subtitle
        self.latitude = latitude
        self.longitude = longitude
        self.draggable = draggable
        self.clusteringIdentifier = clusteringIdentifier
        self.isFixed = isFixed
        self.timestamp = timestamp
        self.seed = seed
    }
}

/// One change to the world, in the order the store applied it. `removed`
/// takes an annotation or a shape away: their ids are one namespace.
package enum WorldChange: Sendable, Equatable {
    case added(StoredAnnotation)
    case moved(id: String, latitude: Double, longitude: Double, timestamp: Double?)
    case removed(id: String)
    /// What `PATCH` changes: every field of it, as it is after the edit.
    case restyled(id: String, look: StoredLook)
    /// A line or area added, or written again whole (an edit, or a trail folded into its row).
    case shapeWritten(StoredShape)
    /// Positions appended to the end of a line (a trail growing).
    case shapeExtended(StoredShapeTail)
}

/// The editable part of an annotation, as the store file keeps it.
package struct StoredLook: Sendable, Equatable {
    package var title: String?
    package var subtitle: String?
    package var markerColor: String?
    package var markerSymbol: String?
    package var markerSize: String?

    package init(
        title: String?, subtitle: String?, markerColor: String?, markerSymbol: String?, markerSize: String? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.markerColor = markerColor
        self.markerSymbol = markerSymbol
        self.markerSize = markerSize
    }
}
