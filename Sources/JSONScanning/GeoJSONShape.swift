/// A line or an area of a feature as an import reads it: a `LineString`,
/// `MultiLineString`, `Polygon` or `MultiPolygon`, its positions in one
/// flat buffer as `WorldGeometry` keeps them. Counts are checked (a line
/// has 2 positions or more, a ring 4 or more) and unclosed rings closed
/// here, so the plan can name the feature of a problem the world would
/// only refuse.
package struct GeoJSONShape: Equatable, Sendable {
    /// The GeoJSON geometry type.
    package enum Kind: String, Sendable, CaseIterable {
        case lineString = "LineString"
        case multiLineString = "MultiLineString"
        case polygon = "Polygon"
        case multiPolygon = "MultiPolygon"

        var isArea: Bool { self == .polygon || self == .multiPolygon }
    }

    package var kind: Kind
    /// Longitude and latitude of every position in order, then its altitude
    /// when `hasAltitudes`: the lines one after another, or the rings.
    package var numbers: [Double]
    /// Whether every position has an altitude (none has, otherwise).
    package var hasAltitudes: Bool
    /// Where each line or ring ends, in positions (one past its last).
    package var ringEnds: [Int]
    /// Where each polygon ends, in rings; empty for lines.
    package var polygonEnds: [Int]
    /// Its place among the parts of a `GeometryCollection`, points and
    /// shapes counted alike in order; 0 for a feature's own geometry.
    package var part = 0

    package init(
        kind: Kind, numbers: [Double], hasAltitudes: Bool, ringEnds: [Int], polygonEnds: [Int] = [], part: Int = 0
    ) {
        self.kind = kind
        self.numbers = numbers
        self.hasAltitudes = hasAltitudes
        self.ringEnds = ringEnds
        self.polygonEnds = polygonEnds
        self.part = part
    }

    /// Numbers in each position: 2, or 3 with altitudes.
    package var dimension: Int { hasAltitudes ? 3 : 2 }
    package var positionCount: Int { numbers.count / dimension }
}

extension GeoJSONShape {
    /// The shape `c` makes as a `kind`; nil when it has no positions at all
    /// (RFC 7946 lets an empty geometry stand for none). `named` names the
    /// coordinates at a path such as `[0][3]` in a problem.
    static func read(
        _ kind: Kind, _ c: ScannedCoordinates, named: (String) -> String
    ) -> Result<GeoJSONShape?, ShapeProblem> {
        let level =
            switch kind {
            case .lineString: 1
            case .multiLineString, .polygon: 2
            case .multiPolygon: 3
            }
        guard c.arePositions(at: level) else { return .failure(.nesting(level)) }
        let ringEnds: [Int]
        var polygonEnds: [Int] = []
        switch kind {
        case .lineString: ringEnds = c.positionCount == 0 ? [] : [c.positionCount]
        case .multiLineString: ringEnds = c.ends1
        case .polygon: (ringEnds, polygonEnds) = (c.ends1, c.ends1.isEmpty ? [] : [c.ends1.count])
        case .multiPolygon: (ringEnds, polygonEnds) = (c.ends2, c.ends1)
        }
        if kind == .multiPolygon {
            if polygonEnds.isEmpty { return .success(nil) }
            for (p, (start, end)) in zip([0] + polygonEnds, polygonEnds).enumerated() where end == start {
                return .failure(.message("\(named("[\(p)]")) (a polygon) has no rings; a polygon needs its outer ring"))
            }
        }
        if ringEnds.isEmpty || c.positionCount == 0 && kind == .lineString { return .success(nil) }
        if let k = c.firstBadPosition {
            return .failure(
                .message(
                    "\(named(Self.path(of: k, level: level, c))) must be [longitude, latitude] "
                        + "or [longitude, latitude, altitude] (numbers)"))
        }
        if let k = c.firstOtherDimension {
            let (_, n) = c.position(k)
            return .failure(
                .message(
                    "\(named(Self.path(of: k, level: level, c))) has \(n) numbers where the positions before it "
                        + "have \(c.firstDimension); a line's or an area's positions all have an altitude or none do"))
        }
        var shape = GeoJSONShape(
            kind: kind, numbers: c.numbers, hasAltitudes: c.firstDimension == 3, ringEnds: ringEnds,
            polygonEnds: polygonEnds)
        if let problem = shape.checkRings(level: level, c, named: named) { return .failure(.message(problem)) }
        if kind.isArea { shape.closeRings() }
        return .success(shape)
    }

    /// Why a shape of coordinates `c` cannot be imported.
    enum ShapeProblem: Error {
        /// Not lists of positions nested `level` deep.
        case nesting(Int)
        case message(String)
    }

    /// A line of fewer than 2 positions, or a ring of fewer than 4 once closed, named.
    private func checkRings(level: Int, _ c: ScannedCoordinates, named: (String) -> String) -> String? {
        let d = dimension
        for (r, (start, end)) in zip([0] + ringEnds, ringEnds).enumerated() {
            let count = end - start
            let ringPath = level == 1 ? "" : Self.path(ofList: r, level: level, c)
            let plural = count == 1 ? "" : "s"
            if !kind.isArea {
                guard count < 2 else { continue }
                let what = level == 1 ? "a LineString" : "a line of the MultiLineString"
                return "\(named(ringPath)) (\(what)) has \(count) position\(plural); a line needs at least 2"
            }
            let closed =
                count > 0 && numbers[start * d] == numbers[(end - 1) * d]
                && numbers[start * d + 1] == numbers[(end - 1) * d + 1]
            guard count + (closed ? 0 : 1) < 4 else { continue }
            return "\(named(ringPath)) (a ring of the \(kind.rawValue)) has \(count) position\(plural); a ring needs "
                + "at least 4, the last the same as the first (3 when the import closes it)"
        }
        return nil
    }

    /// Gives each ring that does not end where it starts its first position
    /// again at its end, as Leaflet and MapLibre draw it. GeoJSON asks for
    /// closed rings, so the copy is made only when one is not.
    private mutating func closeRings() {
        let d = dimension
        func isClosed(_ start: Int, _ end: Int) -> Bool {
            numbers[start * d] == numbers[(end - 1) * d] && numbers[start * d + 1] == numbers[(end - 1) * d + 1]
        }
        guard zip([0] + ringEnds, ringEnds).contains(where: { !isClosed($0, $1) }) else { return }
        var closed: [Double] = []
        closed.reserveCapacity(numbers.count + ringEnds.count * d)
        var ends: [Int] = []
        ends.reserveCapacity(ringEnds.count)
        for (start, end) in zip([0] + ringEnds, ringEnds) {
            closed += numbers[(start * d)..<(end * d)]
            if !isClosed(start, end) { closed += numbers[(start * d)..<(start * d + d)] }
            ends.append(closed.count / d)
        }
        numbers = closed
        ringEnds = ends
    }

    /// `[2][5]`: where position `k` is in coordinates whose positions are `level` deep.
    static func path(of k: Int, level: Int, _ c: ScannedCoordinates) -> String {
        switch level {
        case 1: return "[\(k)]"
        case 2:
            let r = c.ends1.firstIndex { $0 > k } ?? 0
            return "[\(r)][\(k - (r == 0 ? 0 : c.ends1[r - 1]))]"
        default:
            let r = c.ends2.firstIndex { $0 > k } ?? 0
            return path(ofList: r, level: 3, c) + "[\(k - (r == 0 ? 0 : c.ends2[r - 1]))]"
        }
    }

    /// `[1][0]`: where line or ring `r` is, for positions `level` deep (2 or 3).
    static func path(ofList r: Int, level: Int, _ c: ScannedCoordinates) -> String {
        guard level == 3 else { return "[\(r)]" }
        let p = c.ends1.firstIndex { $0 > r } ?? 0
        return "[\(p)][\(r - (p == 0 ? 0 : c.ends1[p - 1]))]"
    }
}
