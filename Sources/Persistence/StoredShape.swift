/// A line or an area as the store file keeps it: its GeoJSON geometry
/// type, its positions packed into bytes (by `LiveWorld`, which knows what
/// they mean), its texts and its simplestyle stroke and fill.
package struct StoredShape: Sendable, Equatable {
    package var id: String
    package var kind: String
    /// `LineString`, `MultiLineString`, `Polygon` or `MultiPolygon`.
    package var geometryType: String
    /// The positions and how they make lines, rings and polygons, packed.
    package var geometry: [UInt8]
    package var title: String?
    package var subtitle: String?
    package var style: StoredShapeStyle
    /// Whether the id came as a JSON number in GeoJSON, so an export writes it as one again.
    package var idIsNumber: Bool
    /// For a trail: how many of its newest positions it keeps; nil keeps every one.
    package var trailLimit: Int?

    package init(
        id: String, kind: String, geometryType: String, geometry: [UInt8], title: String?, subtitle: String?,
        style: StoredShapeStyle, idIsNumber: Bool = false, trailLimit: Int? = nil
    ) {
        self.id = id
        self.kind = kind
        self.geometryType = geometryType
        self.geometry = geometry
        self.title = title
        self.subtitle = subtitle
        self.style = style
        self.idIsNumber = idIsNumber
        self.trailLimit = trailLimit
    }
}

/// simplestyle's stroke and fill as the API was given them; nil is the default.
package struct StoredShapeStyle: Sendable, Equatable {
    package var stroke: String?
    package var strokeWidth: Double?
    package var strokeOpacity: Double?
    package var fill: String?
    package var fillOpacity: Double?

    package init(
        stroke: String? = nil, strokeWidth: Double? = nil, strokeOpacity: Double? = nil, fill: String? = nil,
        fillOpacity: Double? = nil
    ) {
        self.stroke = stroke
        self.strokeWidth = strokeWidth
        self.strokeOpacity = strokeOpacity
        self.fill = fill
        self.fillOpacity = fillOpacity
    }
}

/// Positions appended to a line since its row was last written whole, in
/// the order they came: a start applies them after the row.
package struct StoredShapeTail: Sendable, Equatable {
    package var id: String
    /// The appended positions, packed as `StoredShape.geometry` packs a line.
    package var positions: [UInt8]

    package init(id: String, positions: [UInt8]) {
        self.id = id
        self.positions = positions
    }
}
