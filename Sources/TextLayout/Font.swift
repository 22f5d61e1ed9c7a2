// STUB: the TextLayout helper replaces this file with HarfBuzz shaping.
// The public API below is the contract ViewKit builds on.

/// A font file measured with HarfBuzz: the same file the page loads.
public final class Font: Sendable {
    public let path: String
    public let family: String
    public let weight: Int

    public init(path: String, family: String, weight: Int) throws {
        self.path = path
        self.family = family
        self.weight = weight
    }

    /// The advance width of `text` shaped as one run, in CSS px at `size`.
    public func width(of text: String, size: Double) -> Double {
        Double(text.count) * size * 0.5
    }

    /// Distance from the top of a line box to the baseline, at `size`.
    public func ascender(size: Double) -> Double { size * 0.97 }
    /// Distance from the baseline to the bottom of the glyph box (positive), at `size`.
    public func descender(size: Double) -> Double { size * 0.24 }
}

/// One laid-out line.
public struct TextLine: Sendable, Equatable {
    public var text: String
    public var width: Double
    public init(text: String, width: Double) {
        self.text = text
        self.width = width
    }
}

/// Line breaking for labels: greedy word wrap, tail truncation with an ellipsis.
public enum TextLayouter {
    /// Breaks `text` into lines no wider than `maxWidth`. `maxLines` 0 means
    /// unlimited; otherwise the last line is truncated with "…".
    public static func lines(_ text: String, font: Font, size: Double, maxWidth: Double, maxLines: Int = 0) -> [TextLine] {
        [TextLine(text: text, width: font.width(of: text, size: size))]
    }
}
