/// Line breaking for labels and callouts: greedy word wrap, tail truncation
/// with an ellipsis.
///
/// Every line is measured as a whole with ``Font/width(of:size:)``, so the
/// widths include kerning across word boundaries and match what the canvas
/// draws for that line.
public enum TextLayouter {
    /// The ellipsis that ends a truncated last line (U+2026).
    static let ellipsis = "\u{2026}"

    /// Breaks `text` into lines no wider than `maxWidth` (CSS px) at font
    /// size `size`.
    ///
    /// - Lines break at spaces and after hyphens, greedily (each line takes
    ///   as many words as fit). Trailing spaces are dropped from every line.
    /// - A word wider than `maxWidth` on its own is broken between
    ///   characters (grapheme clusters). A line always keeps at least one
    ///   character, so a `maxWidth` narrower than one character still ends.
    /// - "\n" (or any other line break character, such as "\r\n") starts a
    ///   new line; an empty paragraph gives an empty line.
    /// - `maxLines` 0 (or less) means unlimited. Otherwise at most `maxLines`
    ///   lines are returned and, if text was left over, the last one ends in
    ///   "…" and is shortened so that it, ellipsis included, fits `maxWidth`
    ///   (only if even "…" alone does not fit is it wider).
    /// - Empty text gives no lines.
    public static func lines(_ text: String, font: Font, size: Double, maxWidth: Double, maxLines: Int = 0)
        -> [TextLine]
    {
        guard !text.isEmpty else { return [] }
        // Most labels (a marker's title, a button) are one line that fits: one measurement, which the font
        // caches, where the wrap below measures the line again after each word.
        if !text.unicodeScalars.contains(where: isLineBreak) {
            let line = String(Substring(text).trimmingTrailingSpaces())
            let width = font.width(of: line, size: size)
            if width <= maxWidth { return [TextLine(text: line, width: width)] }
        }
        return wrapped(text, font: font, size: size, maxWidth: maxWidth, maxLines: maxLines)
    }

    /// `lines`, word by word: what the one-line shortcut must agree with.
    static func wrapped(_ text: String, font: Font, size: Double, maxWidth: Double, maxLines: Int) -> [TextLine] {
        let limit = maxLines > 0 ? maxLines : Int.max
        var breaker = LineBreaker(font: font, size: size, maxWidth: maxWidth, limit: limit)
        var truncated = false
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if !breaker.wrap(paragraph) {
                truncated = true
                break
            }
        }
        var lines = breaker.lines
        if truncated, let last = lines.popLast() {
            lines.append(truncate(last.text, font: font, size: size, maxWidth: maxWidth))
        }
        return lines
    }

    /// The scalars `Character.isNewline` is true for: each starts a new paragraph.
    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// `text` shortened, by grapheme clusters, until it plus "…" fits
    /// `maxWidth`. Trailing spaces go before the ellipsis ("Hello…", not
    /// "Hello …"). Always adds the ellipsis: it is called only when text
    /// was cut.
    static func truncate(_ text: String, font: Font, size: Double, maxWidth: Double) -> TextLine {
        var kept = Substring(text)
        while true {
            let candidate = String(kept.trimmingTrailingSpaces()) + ellipsis
            let width = font.width(of: candidate, size: size)
            if width <= maxWidth || kept.isEmpty {
                return TextLine(text: candidate, width: width)
            }
            kept.removeLast()
        }
    }
}

/// The state of greedy wrapping: finished lines and the line being filled.
private struct LineBreaker {
    let font: Font
    let size: Double
    let maxWidth: Double
    /// Lines to produce at most; wrapping stops when one more is needed.
    let limit: Int
    private(set) var lines: [TextLine] = []

    init(font: Font, size: Double, maxWidth: Double, limit: Int) {
        self.font = font
        self.size = size
        self.maxWidth = maxWidth
        self.limit = limit
    }

    /// Wraps one paragraph (text without "\n"). Returns false if it did not
    /// fit in the line limit, i.e. text was left over.
    mutating func wrap(_ paragraph: Substring) -> Bool {
        guard lines.count < limit else { return false }
        var line = Substring()
        for word in paragraph.breakableWords() {
            var pending = word
            while !pending.isEmpty {
                let candidate = line + pending
                if fits(candidate) {
                    line = candidate
                    pending = ""
                } else if line.isEmpty {
                    // The word alone is too wide: cut off what fits and
                    // carry the rest on to the next line. If not even one
                    // character fits, that character takes the line alone
                    // and may be followed only by a line break.
                    let head = longestFittingPrefix(of: pending)
                    if pending[head.endIndex...].allSatisfy({ $0 == " " }) {
                        line = pending
                        pending = ""
                    } else {
                        guard emit(head) else { return false }
                        pending = pending[head.endIndex...]
                    }
                } else {
                    guard emit(line) else { return false }
                    line = ""
                }
            }
        }
        return emit(line)
    }

    /// Appends a finished line; false if the limit was already reached.
    private mutating func emit(_ line: Substring) -> Bool {
        guard lines.count < limit else { return false }
        let text = String(line.trimmingTrailingSpaces())
        lines.append(TextLine(text: text, width: font.width(of: text, size: size)))
        return true
    }

    private func fits(_ text: Substring) -> Bool {
        font.width(of: String(text.trimmingTrailingSpaces()), size: size) <= maxWidth
    }

    /// The longest prefix of `word` that fits, at least one grapheme cluster.
    private func longestFittingPrefix(of word: Substring) -> Substring {
        var end = word.index(after: word.startIndex)
        while end < word.endIndex {
            let next = word.index(after: end)
            guard fits(word[..<next]) else { break }
            end = next
        }
        return word[..<end]
    }
}

extension Substring {
    /// The text cut after each run of spaces and after each hyphen that
    /// follows a non-space (so "-5" stays whole); concatenated they give the
    /// text back. These are the places a line may break.
    func breakableWords() -> [Substring] {
        var words: [Substring] = []
        var start = startIndex
        var index = startIndex
        while index < endIndex {
            let character = self[index]
            let next = self.index(after: index)
            let breakAfter: Bool
            if character == " " {
                breakAfter = next == endIndex || self[next] != " "
            } else if character == "-" || character == "\u{2010}" {
                breakAfter = index > start && self[self.index(before: index)] != " "
            } else {
                breakAfter = false
            }
            if breakAfter {
                words.append(self[start..<next])
                start = next
            }
            index = next
        }
        if start < endIndex { words.append(self[start...]) }
        return words
    }

    /// The text without its trailing spaces.
    func trimmingTrailingSpaces() -> Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " {
            end = index(before: end)
        }
        return self[..<end]
    }
}
