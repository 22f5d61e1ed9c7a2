/// The pieces Chromium shapes separately when it measures or draws a run:
/// each space character on its own, and the runs between them.
///
/// Blink's word shaper caches shaped words and so shapes "Hello, world" as
/// "Hello,", " ", "world"; kerning between a glyph and a neighbouring space
/// is never applied. Blink only falls back to shaping the whole run when
/// it finds the space glyph in the font's kerning or ligature lookups, and
/// its check does not see Inter's class-based pairs with the space, so for
/// the fonts the page loads, word by word is what the canvas draws.
/// Measured: whole-run shaping differs from Chromium's `measureText` by
/// 0.55 px for "Hello, world" in Inter Bold at 16 px; this matches it.
///
/// Spaces are the characters Blink treats as spaces: U+0020, tab and
/// U+00A0 (no-break space; it still does not break lines, see
/// ``TextLayouter``).
struct ShapingSegments: Sequence {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\u{00A0}"
    }

    func makeIterator() -> Iterator {
        Iterator(scalars: text.unicodeScalars)
    }

    struct Iterator: IteratorProtocol {
        let scalars: String.UnicodeScalarView
        var position: String.UnicodeScalarView.Index

        init(scalars: String.UnicodeScalarView) {
            self.scalars = scalars
            self.position = scalars.startIndex
        }

        mutating func next() -> String? {
            guard position < scalars.endIndex else { return nil }
            let start = position
            if ShapingSegments.isSpace(scalars[position]) {
                scalars.formIndex(after: &position)
            } else {
                while position < scalars.endIndex, !ShapingSegments.isSpace(scalars[position]) {
                    scalars.formIndex(after: &position)
                }
            }
            return String(scalars[start..<position])
        }
    }
}
