/// MapWire's own drawings of the marker icons.
///
/// Each is drawn on a 15 × 15 grid and shown 16 px square in a marker's
/// head: solid shapes with about a unit between parts, since finer detail
/// is lost at that size. To see them all at marker size and four times
/// over, run `python3 -m pytest tests/browser/test_marker_icons.py`; it saves
/// the sheet as tests/browser/artifacts/marker-icons-sheet.png.
extension MarkerIcon {
    /// One part of an icon, in the glyph colour.
    enum Shape: Equatable, Sendable {
        /// SVG path data filled even-odd, so a subpath inside another is a hole.
        case fill(String)
        /// SVG path data stroked `width` units wide with round ends and joins.
        case stroke(String, width: Double)
    }

    /// The grid the shapes are drawn on, from (0, 0) to (side, side).
    static let gridSide = 15

    /// The parts of the icon `name` in paint order; nil for a name without a drawing.
    static func shapes(named name: String) -> [Shape]? {
        switch name {
        case "cafe": // a steaming cup on its saucer
            return [
                .fill("M2 5h8.5v3.5a4 4 0 0 1-4 4h-0.5a4 4 0 0 1-4-4Z"),
                .stroke("M10.5 6.2h0.8a1.9 1.9 0 0 1 0 3.8h-1.2", width: 1.3),
                .fill("M1.5 13h11v1.2h-11Z"),
                .stroke("M4.6 1.2q-0.9 0.9 0 1.9t0 1.9", width: 0.9),
                .stroke("M7.6 1.2q-0.9 0.9 0 1.9t0 1.9", width: 0.9),
            ]
        case "restaurant": // a fork and a knife
            return [
                .fill(
                    "M2.5 1.5H3.5V5H4.25V1.5H5.25V5H6V1.5H7V5.5A2 2 0 0 1 5.5 7.4V13.25A0.75 0.75 0 0 1 4 13.25"
                        + "V7.4A2 2 0 0 1 2.5 5.5Z"),
                .fill("M12.5 1.5V13.25A0.75 0.75 0 0 1 11 13.25V8.5H9.5C9.5 5 10.5 2.5 12.5 1.5Z"),
            ]
        case "bar": // a cocktail glass
            return [
                .fill("M1.5 2h12l-6 6.5Z"),
                .fill("M6.8 8h1.4v4.5h-1.4Z"),
                .fill("M4 12.5h7v1.5H4Z"),
            ]
        case "fast-food": // a burger
            return [
                .fill("M2 7a5.5 4.5 0 0 1 11 0Z"),
                .stroke("M2.2 8.9h10.6", width: 1.4),
                .fill("M2 10.5h11v0.8a1.7 1.7 0 0 1-1.7 1.7H3.7A1.7 1.7 0 0 1 2 11.3Z"),
            ]
        case "lodging": // a bed with someone in it
            return [
                .fill("M1.5 3H3V8H13.5V13H12V11H3V13H1.5Z"),
                .fill("M3.5 6.1a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0 -3 0Z"),
                .fill("M7.5 4.8h4.5a1.5 1.5 0 0 1 1.5 1.5V7.2H7.5Z"),
            ]
        case "shop": // a shopping bag
            return [
                .fill("M2.5 5h10l-0.8 8.5H3.3Z"),
                .stroke("M5 5V4a2.5 2.5 0 0 1 5 0V5", width: 1.2),
            ]
        case "grocery": // a shopping trolley
            return [
                .fill("M4 4h9.8l-1.5 5.6H5.4Z"),
                .stroke("M1 2h2l2.4 9.2h6.8", width: 1.2),
                .fill("M4.7 13a1.1 1.1 0 1 0 2.2 0a1.1 1.1 0 1 0 -2.2 0Z"),
                .fill("M10.1 13a1.1 1.1 0 1 0 2.2 0a1.1 1.1 0 1 0 -2.2 0Z"),
            ]
        case "fuel": // a petrol pump and its hose
            return [
                .fill("M3 1.5h5a1 1 0 0 1 1 1V13H2V2.5a1 1 0 0 1 1-1ZM3.5 3v3.5h4V3Z"),
                .fill("M1 13h9v1.5H1Z"),
                .stroke("M9 5.5h1a1 1 0 0 1 1 1v4.3a1 1 0 0 0 2 0V4.5l-1.5-1.5", width: 1.1),
            ]
        case "parking": // the letter P
            return [
                .fill("M3.5 1.5H8a4 4 0 0 1 0 8H6v4H3.5ZM6 4v3h2a1.5 1.5 0 0 0 0-3Z")
            ]
        case "bus": // a bus from the front
            return [
                .fill(
                    "M4 1.5h7a1.5 1.5 0 0 1 1.5 1.5v9H2.5V3A1.5 1.5 0 0 1 4 1.5ZM3.8 3.5v4.2h7.4V3.5ZM3.85 9.8"
                        + "a0.9 0.9 0 1 0 1.8 0a0.9 0.9 0 1 0 -1.8 0ZM9.35 9.8a0.9 0.9 0 1 0 1.8 0"
                        + "a0.9 0.9 0 1 0 -1.8 0Z"),
                .fill("M3 12h2v1.5a0.5 0.5 0 0 1-0.5 0.5h-1a0.5 0.5 0 0 1-0.5-0.5Z"),
                .fill("M10 12h2v1.5a0.5 0.5 0 0 1-0.5 0.5h-1a0.5 0.5 0 0 1-0.5-0.5Z"),
                .fill("M1 4.5h1v3H1Z"),
                .fill("M13 4.5h1v3h-1Z"),
            ]
        case "rail": // a train from the front on its rails
            return [
                .fill(
                    "M4.5 1h6A2.5 2.5 0 0 1 13 3.5V10a1.5 1.5 0 0 1-1.5 1.5h-8A1.5 1.5 0 0 1 2 10V3.5"
                        + "A2.5 2.5 0 0 1 4.5 1ZM3.5 3v3.5h8V3ZM3.9 8.8a0.9 0.9 0 1 0 1.8 0a0.9 0.9 0 1 0 -1.8 0Z"
                        + "M9.3 8.8a0.9 0.9 0 1 0 1.8 0a0.9 0.9 0 1 0 -1.8 0Z"),
                .stroke("M4.5 12.3l-2 2 M10.5 12.3l2 2", width: 1.2),
            ]
        case "rail-metro": // an M in a ring
            return [
                .fill("M0.5 7.5a7 7 0 1 0 14 0a7 7 0 1 0 -14 0ZM1.8 7.5a5.7 5.7 0 1 0 11.4 0a5.7 5.7 0 1 0 -11.4 0Z"),
                .fill("M4.2 11V4h1.7l1.6 3.4L9.1 4h1.7v7H9.3V6.6L7.5 10.2 5.7 6.6V11Z"),
            ]
        case "rail-light": // a tram under its pantograph
            return [
                .fill(
                    "M4.5 4.5h6a1.5 1.5 0 0 1 1.5 1.5v5a1.5 1.5 0 0 1-1.5 1.5h-6A1.5 1.5 0 0 1 3 11V6"
                        + "a1.5 1.5 0 0 1 1.5-1.5ZM4.3 6v3h6.4V6ZM4.6 10.6a0.7 0.7 0 1 0 1.4 0a0.7 0.7 0 1 0 -1.4 0Z"
                        + "M9 10.6a0.7 0.7 0 1 0 1.4 0a0.7 0.7 0 1 0 -1.4 0Z"),
                .stroke("M5 1.5h5M7.5 1.5v3", width: 1.1),
                .stroke("M5 12.8l-1.5 1.7M10 12.8l1.5 1.7", width: 1.1),
            ]
        case "airport": // an aeroplane from above
            return [
                .fill(
                    "M7.5 1C8.3 1 8.5 2 8.5 2.8V5.8L14 9V10.5L8.5 8.8V11.8L10.3 13.2V14.2L7.5 13.4L4.7 14.2V13.2"
                        + "L6.5 11.8V8.8L1 10.5V9L6.5 5.8V2.8C6.5 2 6.7 1 7.5 1Z")
            ]
        case "ferry": // a ship on waves
            return [
                .fill("M1.5 8h12l-2 4h-8Z"),
                .fill("M3.5 5h7v2.3h-7Z"),
                .fill("M6 2h2.2v2.3H6Z"),
                .stroke("M1 13.8q1.6-1 3.25 0t3.25 0t3.25 0t3.25 0", width: 1),
            ]
        case "bicycle": // a bicycle
            return [
                .stroke(
                    "M0.7 10a2.7 2.7 0 1 0 5.4 0a2.7 2.7 0 1 0 -5.4 0ZM8.9 10a2.7 2.7 0 1 0 5.4 0"
                        + "a2.7 2.7 0 1 0 -5.4 0Z", width: 1.1),
                .stroke(
                    "M3.4 10L5.8 5.6L7.6 10Z M5.8 5.6h4.4L7.6 10 M10.2 5.6L11.6 10 M10.2 5.6l-0.5-2h1.6 M4.8 4.3"
                        + "h2.2 M5.8 5.6l-0.3-1.3", width: 1.1),
            ]
        case "car": // a car from the side
            return [
                .fill(
                    "M1.5 10.5V8.5Q1.5 7.5 2.5 7.5H3.3L5.2 3.8H9.9L12.1 7.5H12.8Q13.8 7.5 13.8 8.5V10.5H12.5"
                        + "A1.8 1.8 0 0 0 8.9 10.5H6.1A1.8 1.8 0 0 0 2.5 10.5ZM5.7 4.7H7.2V6.9H4.6ZM8.2 4.7H9.4"
                        + "L10.7 6.9H8.2Z"),
                .fill("M2.9 10.5a1.4 1.4 0 1 0 2.8 0a1.4 1.4 0 1 0 -2.8 0Z"),
                .fill("M9.3 10.5a1.4 1.4 0 1 0 2.8 0a1.4 1.4 0 1 0 -2.8 0Z"),
            ]
        case "hospital": // a cross
            return [
                .fill("M5.5 1.5h4v4h4v4h-4v4h-4v-4h-4v-4h4Z")
            ]
        case "pharmacy": // a medicine bottle with a cross
            return [
                .fill(
                    "M4.5 3.8h6A1.5 1.5 0 0 1 12 5.3v7.2a1.5 1.5 0 0 1-1.5 1.5h-6A1.5 1.5 0 0 1 3 12.5V5.3"
                        + "A1.5 1.5 0 0 1 4.5 3.8ZM6.75 6.2h1.5v2h2v1.5h-2v2h-1.5v-2h-2V8.2h2Z"),
                .fill("M4.5 1h6v2h-6Z"),
            ]
        case "doctor": // a stethoscope
            return [
                .stroke("M3 1.8V5a2.5 2.5 0 0 0 5 0V1.8 M5.5 7.5v2.3a2.5 2.5 0 0 0 5 0V8.9", width: 1.4),
                .fill(
                    "M8.7 7.2a1.8 1.8 0 1 0 3.6 0a1.8 1.8 0 1 0 -3.6 0ZM9.8 7.2a0.7 0.7 0 1 0 1.4 0"
                        + "a0.7 0.7 0 1 0 -1.4 0Z"),
            ]
        case "police": // a shield with a star
            return [
                .fill(
                    "M7.5 1L13 3v4c0 3.5-2.5 6-5.5 7C4.5 13 2 10.5 2 7V3ZM7.5 4.3L8.12 6.05L9.97 6.1L8.5 7.22"
                        + "L9.03 9L7.5 7.95L5.97 9L6.5 7.22L5.03 6.1L6.88 6.05Z")
            ]
        case "fire-station": // a flame
            return [
                .fill(
                    "M7.5 1C8 4 12 5.5 12 9.5A4.5 4.5 0 0 1 3 9.5C3 7 4.5 5.8 5 4.5C5.8 6 6.2 6.6 6.8 7"
                        + "C6.8 5 6.5 3 7.5 1ZM7.5 8.5C7.9 10 9.5 10.3 9.5 11.8a2 2 0 0 1-4 0C5.5 10.6 6.8 10 7.5 8.5Z")
            ]
        case "school": // a schoolhouse with its flag
            return [
                .fill("M7.5 2.8L13.5 7V14H1.5V7ZM6.5 10.2h2V14h-2ZM3.3 8.5h1.7v1.7H3.3ZM10 8.5h1.7v1.7H10Z"),
                .stroke("M7.5 3V0.9", width: 0.9),
                .fill("M7.5 0.5h2.4v1.4H7.5Z"),
            ]
        case "college": // a mortarboard
            return [
                .fill("M7.5 2L14.5 5.2L7.5 8.4L0.5 5.2Z"),
                .fill("M3.8 7.6L7.5 9.3L11.2 7.6V10.3C11.2 11.5 9.5 12.4 7.5 12.4S3.8 11.5 3.8 10.3Z"),
                .stroke("M13.2 5.6V10", width: 0.9),
                .fill("M12.4 10.6a0.8 0.8 0 1 0 1.6 0a0.8 0.8 0 1 0 -1.6 0Z"),
            ]
        case "library": // an open book
            return [
                .fill(
                    "M7.5 3.5C5.5 2 3 2 1 2.5V12C3 11.5 5.5 11.5 7.5 13C9.5 11.5 12 11.5 14 12V2.5"
                        + "C12 2 9.5 2 7.5 3.5ZM7.1 4.3V12.2H7.9V4.3Z")
            ]
        case "museum": // a building with columns
            return [
                .fill("M7.5 1L14 4.5V5.5H1V4.5Z"),
                .fill("M2 6.5h1.5v5H2ZM5.15 6.5h1.5v5h-1.5ZM8.35 6.5h1.5v5h-1.5ZM11.5 6.5H13v5h-1.5Z"),
                .fill("M1 12h13v2H1Z"),
            ]
        case "theatre": // a smiling mask
            return [
                .fill(
                    "M2 2.5Q7.5 0.5 13 2.5V7.5A5.5 6 0 0 1 2 7.5ZM3.7 5.6Q5 4 6.3 5.6Q5 5 3.7 5.6ZM8.7 5.6"
                        + "Q10 4 11.3 5.6Q10 5 8.7 5.6ZM4.5 8.5Q7.5 12 10.5 8.5Q7.5 10 4.5 8.5Z")
            ]
        case "cinema": // a clapperboard
            return [
                .fill(
                    "M1.5 5.6L13.2 2.4L13.72 4.3L2.02 7.5ZM3.61 5.02L5.01 4.64L4.36 6.86L2.96 7.24ZM6.76 4.16"
                        + "L8.17 3.78L7.52 6L6.12 6.38ZM9.92 3.3L11.33 2.91L10.68 5.13L9.27 5.52Z"),
                .fill("M1.5 8h12v5a1 1 0 0 1-1 1h-10a1 1 0 0 1-1-1Z"),
            ]
        case "park": // a tree
            return [
                .fill("M7.5 1a4 4 0 0 1 3.9 4.9a3 3 0 0 1-1.4 5.6H5a3 3 0 0 1-1.4-5.6A4 4 0 0 1 7.5 1Z"),
                .fill("M6.7 10h1.6v4.5H6.7Z"),
            ]
        case "zoo": // an elephant
            return [
                .fill(
                    "M1.5 6.5C1.5 3.5 5 2.8 8 3.2C10 2.2 13.5 2.6 13.8 5.5C14 7.5 14.3 10 14.2 13H12.8"
                        + "C12.9 10.5 12.5 8.5 11.5 8L11 10V13.5H9V10.8H5.5V13.5H3.5V10.3C2 9.8 1.5 8.5 1.5 6.5Z"
                        + "M8.8 4.2C7.5 5.3 7.7 7.7 9.3 8.7C8.3 7.6 8.2 5.5 8.8 4.2ZM11 4.9a0.5 0.5 0 1 0 1 0"
                        + "a0.5 0.5 0 1 0 -1 0Z"),
                .stroke("M1.6 6.8Q0.8 8 1 9.5", width: 0.8),
            ]
        case "garden": // a flower
            return [
                .fill(
                    "M5.95 2a1.55 1.55 0 1 0 3.1 0a1.55 1.55 0 1 0 -3.1 0ZM8.42 3.8a1.55 1.55 0 1 0 3.1 0"
                        + "a1.55 1.55 0 1 0 -3.1 0ZM7.48 6.7a1.55 1.55 0 1 0 3.1 0a1.55 1.55 0 1 0 -3.1 0ZM4.42 6.7"
                        + "a1.55 1.55 0 1 0 3.1 0a1.55 1.55 0 1 0 -3.1 0ZM3.48 3.8a1.55 1.55 0 1 0 3.1 0"
                        + "a1.55 1.55 0 1 0 -3.1 0Z"),
                .fill("M6.5 4.6a1 1 0 1 0 2 0a1 1 0 1 0 -2 0Z"),
                .stroke("M7.5 8.6v5.4", width: 1.1),
                .fill("M7.5 12.5Q10.5 12.5 11.5 9.5Q8.5 9.5 7.5 12.5Z"),
                .fill("M7.5 12.5Q4.5 12.5 3.5 9.5Q6.5 9.5 7.5 12.5Z"),
            ]
        case "playground": // a swing
            return [
                .stroke("M1.5 2h12M3 2L1.8 14M12 2l1.2 12M6 2v7.5M9 2v7.5", width: 1),
                .fill("M5 9.3h5v1.4H5Z"),
            ]
        case "toilet": // a man and a woman
            return [
                .fill("M2.4 2.6a1.4 1.4 0 1 0 2.8 0a1.4 1.4 0 1 0 -2.8 0Z"),
                .fill("M2.3 4.8h3a0.8 0.8 0 0 1 0.8 0.8V10H5V14H3V10H1.5V5.6a0.8 0.8 0 0 1 0.8-0.8Z"),
                .fill("M9.8 2.6a1.4 1.4 0 1 0 2.8 0a1.4 1.4 0 1 0 -2.8 0Z"),
                .fill("M10.4 4.8h1.6l2 5.4h-1.5V14h-1.4v-3.8h-0.2V14H9.5V10.2H8.4Z"),
                .stroke("M7.5 1.5V13.5", width: 0.8),
            ]
        case "information": // the letter i
            return [
                .fill("M5.9 3a1.6 1.6 0 1 0 3.2 0a1.6 1.6 0 1 0 -3.2 0Z"),
                .fill("M5.5 6h3.5v6h1.5v1.5h-5V12h1.5V7.5h-1.5Z"),
            ]
        case "post": // an envelope
            return [
                .fill("M1.8 3H13.2L7.5 7.5Z"),
                .fill("M1 4.6L7.5 9.3L14 4.6V11a1 1 0 0 1-1 1H2a1 1 0 0 1-1-1Z"),
            ]
        case "bank": // a banknote
            return [
                .fill(
                    "M2 3h11a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H2a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1ZM5.1 7.5"
                        + "a2.4 2.4 0 1 0 4.8 0a2.4 2.4 0 1 0 -4.8 0ZM6.1 7.5a1.4 1.4 0 1 0 2.8 0a1.4 1.4 0 1 0 -2.8 0"
                        + "ZM2.7 7.5a0.7 0.7 0 1 0 1.4 0a0.7 0.7 0 1 0 -1.4 0ZM10.9 7.5a0.7 0.7 0 1 0 1.4 0"
                        + "a0.7 0.7 0 1 0 -1.4 0Z")
            ]
        case "religious-christian": // a Latin cross
            return [
                .fill("M6.5 1h2v3.5h3.5v2H8.5V14h-2V6.5H3v-2h3.5Z")
            ]
        case "town-hall": // a hall with a clock tower
            return [
                .fill("M1.5 8H13.5V14H1.5ZM6.5 10.5h2V14h-2ZM3 9.5h1.5V11H3ZM10.5 9.5H12V11h-1.5Z"),
                .fill("M5 4h5v3.5H5ZM6.5 5.7a1 1 0 1 0 2 0a1 1 0 1 0 -2 0Z"),
                .fill("M4.6 3.5L7.5 0.8L10.4 3.5Z"),
            ]
        case "marker": // a map pin
            return [
                .fill(
                    "M7.5 1a5 5 0 0 1 5 5c0 3.5-5 8-5 8s-5-4.5-5-8a5 5 0 0 1 5-5ZM5.5 6a2 2 0 1 0 4 0"
                        + "a2 2 0 1 0 -4 0Z")
            ]
        case "star": // a five-pointed star
            return [
                .fill(
                    "M7.5 1L9.2 5.65L14.16 5.84L10.26 8.9L11.61 13.66L7.5 10.9L3.39 13.66L4.74 8.9L0.84 5.84"
                        + "L5.8 5.65Z")
            ]

        default:
            return nil
        }
    }
}
