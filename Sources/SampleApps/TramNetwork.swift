import Foundation
import MapWire

/// The Helsinki sample's trams: the routes of `helsinki-trams.json`
/// (OpenStreetMap, © OpenStreetMap contributors, ODbL) and the trams that
/// run them, a few per route spread along its trip. Where a tram is, and
/// which stop it runs to, follow from the time alone, so every server
/// start and every test sees the same trams at the same moment.
public final class TramNetwork: Sendable {
    /// One tram: a route and how far behind the route's clock it runs.
    public struct Tram: Sendable, Equatable {
        /// Its id in the shared world ("tram-52918-1").
        public let id: String
        /// Its route's index in `lines`.
        public let line: Int
        /// Seconds into its trip at time 0.
        public let start: Double
    }

    /// Where a tram is and what its callout says, at one moment.
    public struct TramState: Sendable, Equatable {
        /// Its place on the track.
        public let coordinate: Coordinate
        /// Where along its trip it is.
        public let position: TramTimetable.Position
        /// The callout's second line: "Next stop: Ylioppilastalo".
        public let subtitle: String
    }

    /// The `kind` the trams have in the shared world.
    public static let kind = "tram"
    /// Trams each route runs, spread evenly over its trip.
    public static let tramsPerRoute = 2

    /// The routes, as the file lists them.
    public let lines: [TramLine]
    /// Every route's trams.
    public let trams: [Tram]
    /// Where the data comes from, to credit on the map: "© OpenStreetMap contributors, ODbL 1.0".
    public let attribution: String?
    /// Each route's track as one overlay, by `lines`' order: made once and put on every map that
    /// shows the trams, so the maps share its paths (as MapKit maps can share an overlay).
    public let routes: [MultiPolyline]
    private let byID: [String: Int]

    /// `tramsPerRoute` trams on each of `lines`.
    public init(lines: [TramLine], attribution: String? = nil, tramsPerRoute: Int = TramNetwork.tramsPerRoute) {
        self.lines = lines
        self.attribution = attribution
        routes = lines.map { line in
            MultiPolyline(line.pieces.map { Polyline(coordinates: $0) }, title: "Tram \(line.ref)", subtitle: line.name)
        }
        var trams: [Tram] = []
        for (index, line) in lines.enumerated() where line.track.length > 0 {
            let trip = line.timetable.tripDuration
            // Routes start a little apart, so trams of lines sharing a street do not move as one.
            let stagger = Double(index) * 37
            for k in 0..<max(tramsPerRoute, 0) {
                let start = stagger + trip * Double(k) / Double(max(tramsPerRoute, 1))
                trams.append(Tram(id: "tram-\(line.id)-\(k + 1)", line: index, start: start))
            }
        }
        self.trams = trams
        byID = Dictionary(trams.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// No routes and no trams: the samples without Helsinki's.
    public static let empty = TramNetwork(lines: [])

    /// The tram with `id`, if it is one of these.
    public func tram(id: String) -> Tram? {
        byID[id].map { trams[$0] }
    }

    /// The route `tram` runs.
    public func line(of tram: Tram) -> TramLine {
        lines[tram.line]
    }

    /// Where `tram` is at `time` (seconds on any clock every caller shares) and what its callout says.
    public func state(of tram: Tram, at time: Double) -> TramState {
        let line = lines[tram.line]
        let position = line.timetable.position(after: time + tram.start)
        let subtitle = position.nextStop.map { "Next stop: \(line.stops[$0].name)" } ?? "Leaving the map"
        return TramState(
            coordinate: line.track.coordinate(at: position.distance), position: position, subtitle: subtitle)
    }
}
