import MapWire

/// One tram route of the Helsinki sample, one direction of a line as
/// OpenStreetMap's route relation has it: its track inside the extract, its
/// stops along it and the colour it is drawn in.
public struct TramLine: Sendable {
    /// A stop of the line, where its tram stands.
    public struct Stop: Sendable, Equatable {
        /// The stop's name, as on its sign.
        public let name: String
        /// The platform's position.
        public let coordinate: Coordinate
        /// Metres along the track to where the tram stands for it.
        public let distance: Double
    }

    /// The OpenStreetMap relation's id, unique among the routes.
    public let id: Int
    /// The line's number, as on the tram: "6T".
    public let ref: String
    /// The route's full name ("6 Hietalahti–Rautatieasema–Kallio–Arabia").
    public let name: String
    /// Where the route ends: a tram of it runs "to" here.
    public let destination: String
    /// The colour of its markers and track.
    public let color: Color
    /// The track as the file gives it, one polyline per piece inside the extract.
    public let pieces: [[Coordinate]]
    /// The pieces joined into one measured path.
    public let track: TramTrack
    /// The stops, in the order the tram reaches them.
    public let stops: [Stop]
    /// How its trams run along the track.
    public let timetable: TramTimetable

    /// A route of `pieces`, stopping at the points of the track nearest `stops`.
    public init(
        id: Int, ref: String, name: String, destination: String, color: Color, pieces: [[Coordinate]],
        stops: [(name: String, coordinate: Coordinate)]
    ) {
        self.id = id
        self.ref = ref
        self.name = name
        self.destination = destination
        self.color = color
        self.pieces = pieces
        let track = TramTrack(pieces: pieces)
        self.track = track
        // In the order along the track, whatever order the relation lists them in.
        let placed = stops.map {
            Stop(name: $0.name, coordinate: $0.coordinate, distance: track.distance(nearestTo: $0.coordinate))
        }
        self.stops = placed.enumerated()
            .sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }
            .map(\.element)
        timetable = TramTimetable(length: track.length, stopDistances: self.stops.map(\.distance))
    }

    /// What a tram of the line shows as its title: "Line 6 to Hietalahti".
    public var title: String { "Line \(ref) to \(destination)" }

    /// HSL's tram green, #00985F.
    public static let hslGreen = Color(hex: 0x00985F)

    /// Shades of HSL's tram green, one per line, so lines sharing a street stay apart.
    static let shades: [String: UInt32] = [
        "1": 0x00985F, "2": 0x007A4D, "3": 0x00B06E, "4": 0x006341, "5": 0x1FA97A,
        "6": 0x00875A, "6T": 0x2E7D5B, "7": 0x00A15A, "9": 0x0E6E4E, "10": 0x3C9D6E,
    ]

    /// The colour of line `ref`: its own shade of green, or HSL's green for a line not listed.
    public static func color(ofLine ref: String) -> Color {
        shades[ref].map { Color(hex: $0) } ?? hslGreen
    }
}
