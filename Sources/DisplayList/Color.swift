/// A colour as it goes on the wire: 8 bits each of red, green, blue and alpha.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// `0xRRGGBBAA`.
    public var rgba: UInt32

    /// A colour from its `0xRRGGBBAA` bits, as it travels.
    public init(rgba: UInt32) {
        self.rgba = rgba
    }

    /// Components in 0...255 (alpha in 0...1 as in CSS `rgba()`).
    public init(red: Int, green: Int, blue: Int, alpha: Double = 1) {
        func byte(_ v: Int) -> UInt32 { UInt32(min(max(v, 0), 255)) }
        let a = UInt32((min(max(alpha, 0), 1) * 255).rounded())
        rgba = byte(red) << 24 | byte(green) << 16 | byte(blue) << 8 | a
    }

    /// `0xRRGGBB`, opaque.
    public init(hex: UInt32) {
        rgba = hex << 8 | 0xFF
    }

    /// Opacity in 0...1 (0 is fully transparent).
    public var alpha: Double { Double(rgba & 0xFF) / 255 }

    /// The same colour with another alpha.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(rgba: rgba & 0xFFFF_FF00 | UInt32((min(max(alpha, 0), 1) * 255).rounded()))
    }

    /// Fully transparent: a view with this background draws no rectangle.
    public static let clear = Color(rgba: 0)
    /// Opaque white.
    public static let white = Color(hex: 0xFFFFFF)
    /// Opaque black.
    public static let black = Color(hex: 0x000000)

    /// `#rrggbbaa`, as logs and test failures print a colour.
    public var description: String {
        let hex = String(rgba, radix: 16)
        return "#" + String(repeating: "0", count: 8 - hex.count) + hex
    }
}
