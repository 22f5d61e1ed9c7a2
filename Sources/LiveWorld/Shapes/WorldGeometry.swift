import MapGeometry

/// A line or an area of the shared world, as GeoJSON has it: a
/// `LineString`, `MultiLineString`, `Polygon` (an outer ring and its holes)
/// or `MultiPolygon`, each position with its altitude when it came with one.
/// Kept as it came, so an export writes back what an import read.
public struct WorldGeometry: Sendable, Equatable {
    /// The GeoJSON geometry type.
    public enum Kind: String, Sendable, CaseIterable {
        /// One line through two or more positions.
        case lineString = "LineString"
        /// Several lines, one shape.
        case multiLineString = "MultiLineString"
        /// An area: an outer ring and the rings of its holes.
        case polygon = "Polygon"
        /// Several areas, each with its holes, one shape.
        case multiPolygon = "MultiPolygon"

        /// Whether it encloses an area (a polygon) rather than runs as lines.
        public var isArea: Bool { self == .polygon || self == .multiPolygon }
    }

    /// Which geometry it is.
    public private(set) var kind: Kind
    /// Every position in order: the lines one after another, or the rings of the polygons.
    public private(set) var coordinates: [Coordinate]
    /// Each position's altitude, metres, when the geometry has them (all or none).
    public private(set) var altitudes: [Double]?
    /// Where each line or ring ends in `coordinates` (one past its last position).
    public private(set) var ringEnds: [Int]
    /// Where each polygon ends in the rings (one past its last ring); empty for lines.
    public private(set) var polygonEnds: [Int]

    /// A geometry of `kind` from its lines or rings (`rings[i]` ends at
    /// `ringEnds[i]`), grouped into polygons by `polygonEnds` for areas. Nil
    /// when the counts do not fit the kind: a line of fewer than 2 positions,
    /// a ring of fewer than 4, a polygon without rings, more than one line
    /// for a `LineString` or one polygon for a `Polygon`, altitudes not one
    /// a position. An area's ring that does not end where it starts is closed.
    public init?(
        kind: Kind, coordinates: [Coordinate], altitudes: [Double]? = nil, ringEnds: [Int], polygonEnds: [Int] = []
    ) {
        guard ringEnds.last == coordinates.count, altitudes.map({ $0.count == coordinates.count }) ?? true,
            zip([0] + ringEnds, ringEnds).allSatisfy({ $0 <= $1 })
        else { return nil }
        self.kind = kind
        self.coordinates = coordinates
        self.altitudes = altitudes
        self.ringEnds = ringEnds
        self.polygonEnds = kind.isArea ? polygonEnds : []
        if kind.isArea {
            guard polygonEnds.last == ringEnds.count, zip([0] + polygonEnds, polygonEnds).allSatisfy({ $0 < $1 }),
                kind == .multiPolygon || polygonEnds.count == 1
            else { return nil }
            closeRings()
            guard rings.allSatisfy({ $0.count >= 4 }) else { return nil }
        } else {
            guard kind == .multiLineString || ringEnds.count == 1, rings.allSatisfy({ $0.count >= 2 }) else {
                return nil
            }
        }
    }

    /// A `LineString` through `coordinates`.
    public static func line(_ coordinates: [Coordinate], altitudes: [Double]? = nil) -> WorldGeometry? {
        WorldGeometry(kind: .lineString, coordinates: coordinates, altitudes: altitudes, ringEnds: [coordinates.count])
    }

    /// A `Polygon` of one ring, closed if it is not.
    public static func area(_ ring: [Coordinate]) -> WorldGeometry? {
        WorldGeometry(kind: .polygon, coordinates: ring, ringEnds: [ring.count], polygonEnds: [1])
    }

    /// The lines or rings, in order.
    public var rings: [ArraySlice<Coordinate>] {
        zip([0] + ringEnds, ringEnds).map { coordinates[$0..<$1] }
    }

    /// The rings of each polygon, in order (areas only).
    public var polygons: [[ArraySlice<Coordinate>]] {
        let all = rings
        return zip([0] + polygonEnds, polygonEnds).map { Array(all[$0..<$1]) }
    }

    /// Whether every position is a latitude in -90...90 and a longitude in -180...180.
    public var isValid: Bool { coordinates.allSatisfy(\.isValid) && (altitudes?.allSatisfy(\.isFinite) ?? true) }

    /// The lines or rings in world units, as the map draws and hit tests them.
    var worldRings: [[Point]] { rings.map { $0.map(Mercator.project) } }

    /// Adds `more` (with their altitudes, when the line has them) to the end
    /// of a `LineString`, then drops its oldest positions beyond `limit`.
    /// Nil when it is not a `LineString`, or the altitudes do not fit.
    func extended(by more: [Coordinate], altitudes moreAltitudes: [Double]?, keeping limit: Int?) -> WorldGeometry? {
        guard kind == .lineString, (altitudes == nil) == (moreAltitudes == nil) else { return nil }
        var line = self
        line.coordinates += more
        if let moreAltitudes { line.altitudes? += moreAltitudes }
        if let limit, line.coordinates.count > limit {
            let drop = line.coordinates.count - max(limit, 2)
            line.coordinates.removeFirst(drop)
            line.altitudes?.removeFirst(drop)
        }
        line.ringEnds = [line.coordinates.count]
        return line
    }

    /// Gives each ring that does not end where it starts its first position again at its end.
    private mutating func closeRings() {
        var closed: [Coordinate] = []
        var closedAltitudes: [Double]? = altitudes.map { _ in [] }
        var ends: [Int] = []
        closed.reserveCapacity(coordinates.count + ringEnds.count)
        for (start, end) in zip([0] + ringEnds, ringEnds) {
            closed += coordinates[start..<end]
            if let alt = altitudes { closedAltitudes? += alt[start..<end] }
            if end > start, coordinates[start] != coordinates[end - 1] {
                closed.append(coordinates[start])
                if let alt = altitudes { closedAltitudes?.append(alt[start]) }
            }
            ends.append(closed.count)
        }
        coordinates = closed
        altitudes = closedAltitudes
        ringEnds = ends
    }
}
