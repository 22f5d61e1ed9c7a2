/// A font file measured with HarfBuzz: the same file the page loads, so a
/// width measured here is the width the browser's canvas draws.
///
/// One instance per file; it is immutable and safe to share between
/// sessions and threads. Widths are cached by (text, size).
///
/// There is no font fallback: a character the file lacks (CJK, emoji) is
/// measured as the font's .notdef glyph, while the browser would draw it
/// from another font. Inter covers Latin, Greek and Cyrillic.
public final class Font: Sendable {
    /// The font file this font was loaded from.
    public let path: String
    /// The CSS font family the page uses for this file (for example "Inter").
    public let family: String
    /// The CSS font weight the page uses for this file (400 regular, 700 bold).
    public let weight: Int

    private let harfBuzz: HarfBuzzFont
    private let cache: WidthCache

    /// Opens the font file at `path` with HarfBuzz.
    ///
    /// - Throws: ``FontError/fileNotFound(path:)`` if the file is missing or
    ///   unreadable, ``FontError/notAFont(path:)`` if it holds no font face.
    public init(path: String, family: String, weight: Int) throws {
        self.path = path
        self.family = family
        self.weight = weight
        self.harfBuzz = try HarfBuzzFont(path: path)
        self.cache = WidthCache()
    }

    deinit {
        // No other reference exists, so nobody can be shaping any more.
        harfBuzz.destroy()
    }

    /// The advance width of `text` shaped with HarfBuzz, kerning and
    /// ligatures on (as the canvas does by default), in CSS px at font size
    /// `size` (CSS px).
    ///
    /// The text is shaped the way Chromium shapes it: word by word, with
    /// each space shaped on its own (see ``ShapingSegments``). Shaping the
    /// whole run at once would apply kerning pairs with the space that
    /// Chromium never applies (Inter Bold kerns ", " by 0.55 px at 16 px).
    public func width(of text: String, size: Double) -> Double {
        cache.width(of: text, size: size) {
            var units: Int64 = 0
            for segment in ShapingSegments(text) {
                units += harfBuzz.advance(of: segment)
            }
            return scaled(units, size: size)
        }
    }

    /// Distance from the baseline up to the top of the line box, in CSS px at
    /// `size`, from the font's horizontal metrics (`hb_font_get_h_extents`).
    ///
    /// Chromium's `fontBoundingBoxAscent` is this value rounded to whole
    /// pixels (Inter at 16 px: 15.5 here, 16 there).
    public func ascender(size: Double) -> Double {
        scaled(Int64(harfBuzz.horizontalExtents().ascender), size: size)
    }

    /// Distance from the baseline down to the bottom of the line box, as a
    /// positive number, in CSS px at `size` (Inter at 16 px: 3.86; Chromium's
    /// `fontBoundingBoxDescent` rounds it to 4).
    public func descender(size: Double) -> Double {
        scaled(-Int64(harfBuzz.horizontalExtents().descender), size: size)
    }

    /// Number of widths in the cache (for tests and metrics).
    var cachedWidthCount: Int { cache.count }

    /// Design units to CSS px. Multiplying before dividing keeps integral
    /// results exact (for example 1024 units at 2048 upem and 16 px is 8).
    private func scaled(_ units: Int64, size: Double) -> Double {
        Double(units) * size / Double(harfBuzz.unitsPerEm)
    }
}
