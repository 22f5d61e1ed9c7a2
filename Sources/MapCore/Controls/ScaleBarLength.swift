import Foundation

/// The arithmetic of a scale bar on a Web Mercator map: ground metres per
/// CSS pixel at a latitude, and the round length (1, 2 or 5 × 10ⁿ metres)
/// that fits in a width.
public struct ScaleBarLength: Equatable, Sendable {
    /// The Earth's equatorial radius in metres, the sphere of Web Mercator.
    public static let earthRadius = 6_378_137.0

    /// The ground distance the bar stands for, metres.
    public let metres: Double
    /// The bar's length on screen, CSS px.
    public let pixels: Double

    /// Ground metres one CSS pixel covers at `latitude` (degrees) and `zoom`,
    /// where the world is 256 × 2^zoom px wide: 156 543.03 × cos(lat) / 2^zoom.
    public static func metresPerPixel(latitude: Double, zoom: Double) -> Double {
        let equator = 2 * Double.pi * earthRadius
        return equator * cos(latitude * .pi / 180) / (256 * pow(2, zoom))
    }

    /// The largest 1, 2 or 5 × 10ⁿ metres at most `metres` (at least 1 m).
    public static func roundDown(_ metres: Double) -> Double {
        guard metres.isFinite, metres >= 1 else { return 1 }
        let magnitude = pow(10, floor(log10(metres)))
        let leading = metres / magnitude
        let step: Double = leading >= 5 ? 5 : leading >= 2 ? 2 : 1
        return step * magnitude
    }

    /// The longest round length whose bar is at most `maxWidth` px at `latitude` and `zoom`.
    public init(latitude: Double, zoom: Double, maxWidth: Double) {
        let perPixel = Self.metresPerPixel(latitude: latitude, zoom: zoom)
        metres = Self.roundDown(maxWidth * perPixel)
        pixels = metres / perPixel
    }

    /// "500 km", "200 m": kilometres from 1 km up.
    public var label: String {
        metres >= 1000 ? "\(Self.digits(metres / 1000)) km" : "\(Self.digits(metres)) m"
    }

    private static func digits(_ value: Double) -> String {
        value >= 1 ? String(Int(value.rounded())) : String(value)
    }
}
