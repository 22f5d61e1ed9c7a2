/// Groups polygon rings into polygons as spec 4.3.4.4 says: a ring with
/// positive area (clockwise with y down) is an exterior ring and starts a new
/// polygon; a ring with negative area is a hole in the polygon before it.
enum RingClassifier {
    /// Twice the ring's signed area by the surveyor's formula, in tile coordinates.
    /// Computed in Double: exact for any real tile, and it cannot overflow on a hostile one.
    static func doubleSignedArea(_ ring: [TilePoint]) -> Double {
        guard var previous = ring.last else { return 0 }
        var sum = 0.0
        for point in ring {
            sum += Double(previous.x) * Double(point.y) - Double(point.x) * Double(previous.y)
            previous = point
        }
        return sum
    }

    /// Zero-area rings enclose nothing and are dropped (the reference decoder does the same).
    static func polygons(from rings: [(ring: [TilePoint], offset: Int)]) throws(VectorTileError) -> [TilePolygon] {
        var polygons: [TilePolygon] = []
        for (ring, offset) in rings {
            let area = doubleSignedArea(ring)
            if area > 0 {
                polygons.append(TilePolygon(exterior: ring))
            } else if area < 0 {
                guard !polygons.isEmpty else { throw .interiorRingWithoutExterior(offset: offset) }
                polygons[polygons.count - 1].interiors.append(ring)
            }
        }
        return polygons
    }
}
