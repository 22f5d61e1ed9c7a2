import Foundation

/// Distances, bearings and paths on the sphere, for shapes given in metres
/// (a circle's radius) or drawn along the Earth's surface (a flight track):
/// the spherical model Web Mercator itself uses, with its radius.
public enum GreatCircle {
    /// The sphere's radius, metres (WGS 84's semi-major axis, as Web Mercator uses).
    public static let earthRadius = 6_378_137.0

    /// The distance from `a` to `b` along the surface, metres (haversine).
    public static func distance(from a: Coordinate, to b: Coordinate) -> Double {
        let (lat1, lat2) = (radians(a.latitude), radians(b.latitude))
        let dLat = lat2 - lat1
        let dLon = radians(b.longitude - a.longitude)
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, h.squareRoot()))
    }

    /// Where a walk of `distance` metres from `start` on the initial
    /// `bearing` (degrees clockwise from north) ends; longitude in -180...180.
    public static func destination(from start: Coordinate, bearing: Double, distance: Double) -> Coordinate {
        let angle = distance / earthRadius
        let theta = radians(bearing)
        let lat1 = radians(start.latitude), lon1 = radians(start.longitude)
        let lat2 = asin(sin(lat1) * cos(angle) + cos(lat1) * sin(angle) * cos(theta))
        let lon2 = lon1 + atan2(sin(theta) * sin(angle) * cos(lat1), cos(angle) - sin(lat1) * sin(lat2))
        return Coordinate(latitude: degrees(lat2), longitude: normalized(degrees(lon2)))
    }

    /// Points along the great circle from `a` to `b`, both included, no
    /// two more than `maxStep` metres apart: the shortest way on the
    /// surface, which crosses 180° when that is shorter. Longitudes are
    /// continuous (they may run past ±180) so the points draw one line.
    public static func path(from a: Coordinate, to b: Coordinate, maxStep: Double = 100_000) -> [Coordinate] {
        let total = distance(from: a, to: b)
        let steps = max(1, Int((total / max(maxStep, 1)).rounded(.up)))
        guard steps > 1, total > 0 else { return [a, unwrapped(b, after: a)] }
        let angle = total / earthRadius
        let (lat1, lon1) = (radians(a.latitude), radians(a.longitude))
        let (lat2, lon2) = (radians(b.latitude), radians(b.longitude))
        let v1 = (cos(lat1) * cos(lon1), cos(lat1) * sin(lon1), sin(lat1))
        let v2 = (cos(lat2) * cos(lon2), cos(lat2) * sin(lon2), sin(lat2))
        var out = [a]
        out.reserveCapacity(steps + 1)
        for i in 1..<steps {
            // Spherical linear interpolation between the two unit vectors.
            let f = Double(i) / Double(steps)
            let (ka, kb) = (sin((1 - f) * angle) / sin(angle), sin(f * angle) / sin(angle))
            let x = ka * v1.0 + kb * v2.0, y = ka * v1.1 + kb * v2.1, z = ka * v1.2 + kb * v2.2
            let latitude = degrees(atan2(z, (x * x + y * y).squareRoot()))
            let point = Coordinate(latitude: latitude, longitude: degrees(atan2(y, x)))
            out.append(unwrapped(point, after: out[out.count - 1]))
        }
        out.append(unwrapped(b, after: out[out.count - 1]))
        return out
    }

    /// `c` with its longitude moved by whole turns to within 180° of `previous`'s.
    static func unwrapped(_ c: Coordinate, after previous: Coordinate) -> Coordinate {
        var lon = c.longitude
        while lon - previous.longitude > 180 { lon -= 360 }
        while lon - previous.longitude < -180 { lon += 360 }
        return Coordinate(latitude: c.latitude, longitude: lon)
    }

    static func normalized(_ longitude: Double) -> Double {
        var lon = longitude.truncatingRemainder(dividingBy: 360)
        if lon > 180 { lon -= 360 }
        if lon < -180 { lon += 360 }
        return lon
    }

    static func radians(_ d: Double) -> Double { d * .pi / 180 }
    static func degrees(_ r: Double) -> Double { r * 180 / .pi }
}
