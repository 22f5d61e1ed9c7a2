import Foundation

/// Spherical Web Mercator over a square world `worldSize` units wide, origin
/// at the north-west corner, y down: the convention of every web map.
///
/// World units are fixed (2^30 across) so positions are zoom-independent
/// integers on the wire; a zoom only changes how many pixels one unit is.
public enum Mercator {
    /// The width and height of the world in world units.
    public static let worldSize: Double = 1_073_741_824 // 2^30
    /// The latitude where the Mercator square ends.
    public static let maxLatitude = 85.051_128_779_806_59

    /// The world point of a coordinate; latitudes beyond ±85.05° are clamped.
    /// A longitude past ±180° gives a point in the next copy of the world
    /// (a region across 180° stays in one piece).
    public static func project(_ c: Coordinate) -> Point {
        let lat = min(max(c.latitude, -maxLatitude), maxLatitude) * .pi / 180
        let x = (c.longitude + 180) / 360
        let y = 0.5 - log(tan(.pi / 4 + lat / 2)) / (2 * .pi)
        return Point(x: x * worldSize, y: y * worldSize)
    }

    /// The coordinate of a world point in any copy of the world: its
    /// longitude in -180...180.
    public static func unproject(_ p: Point) -> Coordinate {
        var lon = p.x / worldSize * 360 - 180
        if lon < -180 || lon > 180 { lon -= ((lon + 180) / 360).rounded(.down) * 360 }
        let n = .pi - 2 * .pi * p.y / worldSize
        let lat = atan(sinh(n)) * 180 / .pi
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// CSS pixels per world unit at `zoom` (the world is 256 * 2^zoom pixels wide).
    public static func pixelsPerUnit(zoom: Double) -> Double {
        256 * pow(2, zoom) / worldSize
    }
}
