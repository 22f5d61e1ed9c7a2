/// PMTiles' tile id: the tiles of every lower zoom counted first, then the
/// tile's position along the Hilbert curve over its zoom's grid, so tiles
/// near each other on the map sit near each other in the file.
enum HilbertTileID {
    /// PMTiles ids fit 64 bits up to zoom 31; the MBTiles side stops at 30, and so does this.
    static let maxZoom = 30

    /// The id of z/x/y, or nil when it names no tile.
    static func id(z: Int, x: Int, y: Int) -> UInt64? {
        guard TileArchives.isValid(z: z, x: x, y: y), z <= maxZoom else { return nil }
        // Tiles at zooms 0..<z: 1 + 4 + ... + 4^(z-1) = (4^z - 1) / 3.
        var id = ((UInt64(1) << (2 * UInt64(z))) - 1) / 3
        var x = UInt64(x)
        var y = UInt64(y)
        var side = z == 0 ? 0 : UInt64(1) << UInt64(z - 1)
        while side > 0 {
            let right: UInt64 = (x & side) > 0 ? 1 : 0
            let lower: UInt64 = (y & side) > 0 ? 1 : 0
            id += side * side * ((3 * right) ^ lower)
            // Rotate the quadrant so the curve inside it runs the way the next level expects.
            if lower == 0 {
                if right == 1 {
                    x = side - 1 - (x & (side - 1))
                    y = side - 1 - (y & (side - 1))
                }
                swap(&x, &y)
            }
            side >>= 1
        }
        return id
    }
}
