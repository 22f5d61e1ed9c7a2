import DisplayList
import Foundation

/// CSS colour strings as style sheets write them: `#rgb`, `#rgba`,
/// `#rrggbb`, `#rrggbbaa`, `rgb()`, `rgba()`, `hsl()`, `hsla()` and the
/// named colours styles commonly use. Parsed once, when the style compiles.
package enum CSSColor {
    package static func parse(_ text: String) -> Color? {
        let s = text.trimmingCharacters(in: .whitespaces).lowercased()
        if s.hasPrefix("#") { return hex(s.dropFirst()) }
        if let open = s.firstIndex(of: "("), s.hasSuffix(")") {
            let name = s[..<open].trimmingCharacters(in: .whitespaces)
            let inner = s[s.index(after: open)..<s.index(before: s.endIndex)]
            let parts = inner.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).map(String.init)
            return functional(name, parts)
        }
        return named[s].map { Color(hex: $0) } ?? (s == "transparent" ? .clear : nil)
    }

    private static func hex(_ digits: Substring) -> Color? {
        guard digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        switch digits.count {
        case 3, 4:
            // Each digit doubles: #abc is #aabbcc.
            let count = digits.count
            var rgba: UInt32 = 0
            for i in 0..<count {
                let nibble = (value >> UInt32((count - 1 - i) * 4)) & 0xF
                rgba = rgba << 8 | nibble * 17
            }
            return Color(rgba: count == 3 ? rgba << 8 | 0xFF : rgba)
        case 6: return Color(hex: value)
        case 8: return Color(rgba: value)
        default: return nil
        }
    }

    private static func functional(_ name: String, _ parts: [String]) -> Color? {
        let hasAlpha = name == "rgba" || name == "hsla" || parts.count == 4
        guard parts.count == (hasAlpha ? 4 : 3) else { return nil }
        var alpha = 1.0
        if hasAlpha {
            guard let a = fraction(parts[3]) else { return nil }
            alpha = a
        }
        switch name {
        case "rgb", "rgba":
            let channels = parts.prefix(3).map(channel)
            guard let r = channels[0], let g = channels[1], let b = channels[2] else { return nil }
            return Color(red: r, green: g, blue: b, alpha: alpha)
        case "hsl", "hsla":
            guard let h = Double(parts[0].replacingOccurrences(of: "deg", with: "")),
                let s = percent(parts[1]), let l = percent(parts[2])
            else { return nil }
            return hsl(hue: h, saturation: s, lightness: l, alpha: alpha)
        default:
            return nil
        }
    }

    /// 0...255, or a percentage of it.
    private static func channel(_ text: String) -> Int? {
        if text.hasSuffix("%") { return percent(text).map { Int(($0 * 255).rounded()) } }
        return Double(text).map { Int($0.rounded()) }
    }

    private static func percent(_ text: String) -> Double? {
        guard text.hasSuffix("%"), let v = Double(text.dropLast()) else { return nil }
        return min(max(v / 100, 0), 1)
    }

    private static func fraction(_ text: String) -> Double? {
        if text.hasSuffix("%") { return percent(text) }
        return Double(text).map { min(max($0, 0), 1) }
    }

    private static func hsl(hue: Double, saturation s: Double, lightness l: Double, alpha: Double) -> Color {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 360
        let q = l < 0.5 ? l * (1 + s) : l + s - l * s
        let p = 2 * l - q
        func component(_ shift: Double) -> Int {
            var t = h + shift
            if t < 0 { t += 1 }
            if t > 1 { t -= 1 }
            let v: Double =
                if t < 1.0 / 6 { p + (q - p) * 6 * t } else if t < 0.5 { q } else if t < 2.0 / 3 {
                    p + (q - p) * (2.0 / 3 - t) * 6
                } else { p }
            return Int((v * 255).rounded())
        }
        return Color(red: component(1.0 / 3), green: component(0), blue: component(-1.0 / 3), alpha: alpha)
    }

    /// The CSS names style sheets use most; a name not here is refused, not guessed.
    private static let named: [String: UInt32] = [
        "black": 0x000000, "white": 0xFFFFFF, "red": 0xFF0000, "green": 0x008000, "blue": 0x0000FF,
        "yellow": 0xFFFF00, "cyan": 0x00FFFF, "aqua": 0x00FFFF, "magenta": 0xFF00FF, "fuchsia": 0xFF00FF,
        "gray": 0x808080, "grey": 0x808080, "silver": 0xC0C0C0, "maroon": 0x800000, "olive": 0x808000,
        "lime": 0x00FF00, "teal": 0x008080, "navy": 0x000080, "purple": 0x800080, "orange": 0xFFA500,
        "brown": 0xA52A2A, "pink": 0xFFC0CB, "gold": 0xFFD700, "beige": 0xF5F5DC, "ivory": 0xFFFFF0,
        "khaki": 0xF0E68C, "lavender": 0xE6E6FA, "salmon": 0xFA8072, "tan": 0xD2B48C, "wheat": 0xF5DEB3,
        "lightgray": 0xD3D3D3, "lightgrey": 0xD3D3D3, "darkgray": 0xA9A9A9, "darkgrey": 0xA9A9A9,
        "dimgray": 0x696969, "dimgrey": 0x696969, "gainsboro": 0xDCDCDC, "whitesmoke": 0xF5F5F5,
        "lightblue": 0xADD8E6, "skyblue": 0x87CEEB, "steelblue": 0x4682B4, "darkblue": 0x00008B,
        "lightgreen": 0x90EE90, "darkgreen": 0x006400, "forestgreen": 0x228B22, "seagreen": 0x2E8B57,
        "darkred": 0x8B0000, "crimson": 0xDC143C, "tomato": 0xFF6347, "coral": 0xFF7F50,
        "orangered": 0xFF4500, "darkorange": 0xFF8C00, "chocolate": 0xD2691E, "sienna": 0xA0522D,
        "indigo": 0x4B0082, "violet": 0xEE82EE, "plum": 0xDDA0DD, "slategray": 0x708090,
        "slategrey": 0x708090, "honeydew": 0xF0FFF0, "mintcream": 0xF5FFFA, "linen": 0xFAF0E6,
        "aliceblue": 0xF0F8FF, "azure": 0xF0FFFF, "snow": 0xFFFAFA,
    ]
}
