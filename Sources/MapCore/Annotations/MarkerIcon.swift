/// The icon names a marker's symbol may be, as simplestyle's `marker-symbol`
/// allows: the commonest names of the Maki set web maps use, each drawn by
/// MapWire's own vector icon of that name.
///
/// A symbol of one to three characters is drawn as text instead; a longer
/// name that is not here draws the marker's default glyph.
public enum MarkerIcon {
    /// Every icon name a marker draws, in the order the docs list them.
    public static let names: [String] = [
        "cafe", "restaurant", "bar", "fast-food", "lodging", "shop", "grocery", "fuel", "parking", "bus",
        "rail", "rail-metro", "rail-light", "airport", "ferry", "bicycle", "car", "hospital", "pharmacy", "doctor",
        "police", "fire-station", "school", "college", "library", "museum", "theatre", "cinema", "park", "zoo",
        "garden", "playground", "toilet", "information", "post", "bank", "religious-christian", "town-hall",
        "marker", "star",
    ]

    private static let known = Set(names)

    /// Whether `name` is an icon a marker draws (`cafe`, `rail-metro`).
    public static func isKnown(_ name: String) -> Bool { known.contains(name) }

    /// Whether a symbol is short enough to be drawn as text (one to three
    /// characters) rather than looked up as an icon name.
    public static func isText(_ symbol: String) -> Bool { (1...3).contains(symbol.count) }
}
