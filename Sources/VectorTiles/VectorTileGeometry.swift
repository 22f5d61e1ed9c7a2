/// A position in tile coordinates: 0...extent across the tile, y growing down.
/// Buffered geometry may reach outside, so coordinates are signed.
package struct TilePoint: Hashable, Sendable {
    package var x: Int32
    package var y: Int32

    package init(x: Int32, y: Int32) {
        self.x = x
        self.y = y
    }
}

/// One polygon: an exterior ring and the holes in it. Rings are not closed
/// (the first point is not repeated at the end); ClosePath implies the edge back.
package struct TilePolygon: Hashable, Sendable {
    package var exterior: [TilePoint]
    package var interiors: [[TilePoint]]

    package init(exterior: [TilePoint], interiors: [[TilePoint]] = []) {
        self.exterior = exterior
        self.interiors = interiors
    }
}

/// A feature's decoded geometry. Each case holds one or more parts: a
/// MultiPoint, MultiLineString or MultiPolygon is the same case with several.
package enum VectorTileGeometry: Hashable, Sendable {
    case points([TilePoint])
    case lines([[TilePoint]])
    case polygons([TilePolygon])
    /// A feature of type UNKNOWN: the spec lets a reader ignore its geometry.
    case unknown
}
