import DisplayList
import Foundation

/// WCAG 2 contrast, for drawing a glyph or text that stays legible on a
/// colour an app chose.
extension Color {
    /// Relative luminance (WCAG 2.x): 0 for black, 1 for white; alpha ignored.
    package var relativeLuminance: Double {
        func channel(_ shift: UInt32) -> Double {
            let value = Double((rgba >> shift) & 0xFF) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(24) + 0.7152 * channel(16) + 0.0722 * channel(8)
    }

    /// The contrast ratio with `other`, from 1 (the same) to 21 (black on white).
    package func contrastRatio(with other: Color) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// What reads on this colour: white where it has at least the 3:1 WCAG
    /// asks of graphics and large text, else `dark`, whichever contrasts more.
    package func legibleForeground(dark: Color = Color(hex: 0x1C1C1E)) -> Color {
        let white = contrastRatio(with: .white)
        return white >= 3 || white >= contrastRatio(with: dark) ? .white : dark
    }
}
