/// How a tram runs one way along its line's track: at a steady cruising
/// speed between stops, standing at each stop for a dwell, and, at the end of
/// the track (where the extract cuts the line), starting again from its
/// start, as the next tram of the line enters the map.
///
/// The cruising speed and dwell give an average of 15 to 19 km/h over the
/// routes of central Helsinki, stops included, as HSL's trams run in the
/// centre (the route with the most stops for its length is the slowest).
public struct TramTimetable: Sendable {
    /// Where a tram is at one moment.
    public struct Position: Sendable, Equatable {
        /// Metres along the track.
        public var distance: Double
        /// The index of the stop it runs to next (the one after the stop it
        /// stands at); nil past the last stop on the map.
        public var nextStop: Int?
        /// The index of the stop it stands at; nil while it runs.
        public var standingAt: Int?
    }

    /// Between stops: 26 km/h, metres a second.
    public static let cruisingSpeed = 26 / 3.6
    /// Seconds a tram stands at each stop.
    public static let dwell = 20.0

    /// Metres from the track's start to each stop, in order.
    public let stopDistances: [Double]
    /// The track's length, metres.
    public let length: Double
    /// Metres a second between stops.
    public let speed: Double
    /// Seconds at each stop.
    public let dwell: Double

    /// A run over `length` metres stopping at `stopDistances` (sorted here, clamped to the track).
    public init(
        length: Double, stopDistances: [Double], speed: Double = Self.cruisingSpeed, dwell: Double = Self.dwell
    ) {
        self.length = max(length, 0)
        self.stopDistances = stopDistances.map { min(max($0, 0), max(length, 0)) }.sorted()
        self.speed = speed > 0 ? speed : Self.cruisingSpeed
        self.dwell = max(dwell, 0)
    }

    /// Seconds from the track's start to its end, stops included: how often a tram starts again.
    public var tripDuration: Double {
        length / speed + dwell * Double(stopDistances.count)
    }

    /// The average speed over a trip, stops included, metres a second.
    public var averageSpeed: Double {
        tripDuration > 0 ? length / tripDuration : 0
    }

    /// Where a tram is `time` seconds after it left the track's start (any
    /// number of trips later: it wraps round; before its start, it counts back).
    public func position(after time: Double) -> Position {
        let trip = tripDuration
        guard trip > 0, time.isFinite else {
            return Position(distance: 0, nextStop: stopDistances.isEmpty ? nil : 0, standingAt: nil)
        }
        var left = time.truncatingRemainder(dividingBy: trip)
        if left < 0 { left += trip }
        var from = 0.0
        for (i, stop) in stopDistances.enumerated() {
            let run = (stop - from) / speed
            if left < run { return Position(distance: from + left * speed, nextStop: i, standingAt: nil) }
            left -= run
            if left < dwell {
                let next = i + 1 < stopDistances.count ? i + 1 : nil
                return Position(distance: stop, nextStop: next, standingAt: i)
            }
            left -= dwell
            from = stop
        }
        return Position(distance: min(from + left * speed, length), nextStop: nil, standingAt: nil)
    }
}
