import DisplayList
import Foundation
import Synchronization

/// The icon names a marker's symbol may be, as simplestyle's `marker-symbol`
/// allows: the commonest names of the Maki set web maps use, each drawn by
/// MapWire's own vector icon of that name.
///
/// A known name draws its icon, even a short one such as `bus`; any other
/// symbol of one to three characters is drawn as text, and a longer name
/// that is not here draws the marker's default glyph.
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

    /// The side of an icon's image, CSS px: a marker's `glyphImage` size.
    public static let size: Float = 16

    private struct Key: Hashable {
        var name: String
        var rgba: UInt32
    }

    /// Every icon made so far. A map shows a marker's icon in one of two
    /// legible colours unless its app picks another, so this stays small.
    private static let cache = Mutex<[Key: ImageResource]>([:])

    /// The icon `name` drawn in `color`, `size` px square, for a marker's
    /// `glyphImage`; nil for a name that is not in `names`. Made once per
    /// name and colour and shared by every session, so each browser
    /// downloads it once however many markers show it.
    public static func image(named name: String, color: Color) -> ImageResource? {
        let key = Key(name: name, rgba: color.rgba)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        guard isKnown(name), let svg = svg(named: name, color: color) else { return nil }
        let made = ImageResource(id: ResourceID.next(), format: .svg, width: size, height: size, data: Array(svg.utf8))
        return cache.withLock { cache in
            if let raced = cache[key] { return raced }
            cache[key] = made
            return made
        }
    }

    /// The SVG text of the icon `name` in `color`.
    static func svg(named name: String, color: Color) -> String? {
        guard let shapes = shapes(named: name) else { return nil }
        let rgba = color.rgba
        let paint = String(format: "#%02X%02X%02X", rgba >> 24, rgba >> 16 & 0xFF, rgba >> 8 & 0xFF)
        // The glyph colour may be translucent (an app's choice); SVG colours take no alpha.
        let opacity = color.alpha < 1 ? String(format: " opacity=\"%.3g\"", color.alpha) : ""
        let side = Int(size)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(side)" height="\(side)" \
            viewBox="0 0 \(gridSide) \(gridSide)" fill="\(paint)"\(opacity)>
            """
        for shape in shapes {
            switch shape {
            case .fill(let d):
                svg += "<path d=\"\(d)\" fill-rule=\"evenodd\"/>"
            case .stroke(let d, let width):
                svg += """
                    <path d="\(d)" fill="none" stroke="\(paint)" stroke-width="\(width)" \
                    stroke-linecap="round" stroke-linejoin="round"/>
                    """
            }
        }
        return svg + "</svg>"
    }
}
