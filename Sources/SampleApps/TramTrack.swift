import Foundation
import MapWire

/// One tram route's track inside the map's extract, as a single path
/// measured in metres, so a tram can be placed a given distance along it
/// and a stop found at its distance from the start.
///
/// A route clipped by the extract can come in pieces (the line leaves the
/// extract and comes back); the pieces are joined by straight stretches in
/// their order, so a tram crosses what the extract lacks instead of jumping.
/// Distances use a flat Earth around each segment: over a city's few
/// kilometres that is within a few centimetres a segment of the true length.
public struct TramTrack: Sendable {
    /// The path's points, in the order a tram runs.
    public let points: [Coordinate]
    /// Metres from the first point to each point.
    let distances: [Double]

    /// The mean Earth radius (IUGG), metres.
    static let earthRadius = 6_371_008.8
    static let metresPerDegree = earthRadius * Double.pi / 180

    /// The track through `pieces` in order, joined end to start.
    public init(pieces: [[Coordinate]]) {
        var points: [Coordinate] = []
        for piece in pieces {
            for point in piece where point != points.last {
                points.append(point)
            }
        }
        var distances: [Double] = points.isEmpty ? [] : [0]
        for (a, b) in zip(points, points.dropFirst()) {
            distances.append((distances.last ?? 0) + Self.metres(from: a, to: b))
        }
        self.points = points
        self.distances = distances
    }

    /// The track's length in metres.
    public var length: Double { distances.last ?? 0 }

    /// The metres between two nearby coordinates, on the plane tangent at their middle.
    static func metres(from a: Coordinate, to b: Coordinate) -> Double {
        let (dx, dy) = offset(from: a, to: b)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// `b` east and north of `a`, metres.
    static func offset(from a: Coordinate, to b: Coordinate) -> (Double, Double) {
        let latitude = (a.latitude + b.latitude) / 2 * Double.pi / 180
        return (
            (b.longitude - a.longitude) * cos(latitude) * metresPerDegree,
            (b.latitude - a.latitude) * metresPerDegree
        )
    }

    /// The point `distance` metres along the track, clamped to its ends.
    public func coordinate(at distance: Double) -> Coordinate {
        guard let first = points.first else { return Coordinate(latitude: 0, longitude: 0) }
        guard distance > 0 else { return first }
        guard distance < length else { return points[points.count - 1] }
        // The last point no further than `distance`: a binary search, as trams are fed many times a second.
        var low = 0
        var high = distances.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if distances[middle] <= distance { low = middle } else { high = middle }
        }
        let a = points[low], b = points[high]
        let span = distances[high] - distances[low]
        let t = span > 0 ? (distance - distances[low]) / span : 0
        return Coordinate(
            latitude: a.latitude + (b.latitude - a.latitude) * t,
            longitude: a.longitude + (b.longitude - a.longitude) * t)
    }

    /// How far along the track the point nearest to `coordinate` is, metres:
    /// where a tram stops for a platform drawn beside the rails.
    public func distance(nearestTo coordinate: Coordinate) -> Double {
        var best = (gap: Double.infinity, along: 0.0)
        for i in points.indices.dropLast() {
            let a = points[i], b = points[i + 1]
            let (sx, sy) = Self.offset(from: a, to: b)
            let (px, py) = Self.offset(from: a, to: coordinate)
            let squared = sx * sx + sy * sy
            let t = squared > 0 ? min(max((px * sx + py * sy) / squared, 0), 1) : 0
            let (gx, gy) = (px - sx * t, py - sy * t)
            let gap = (gx * gx + gy * gy).squareRoot()
            if gap < best.gap { best = (gap, distances[i] + (distances[i + 1] - distances[i]) * t) }
        }
        return best.along
    }
}
