import Testing

@testable import TextLayout

@Suite struct TextLayouterTests {
    let font = TestFonts.regular

    func width(_ text: String) -> Double { font.width(of: text, size: 16) }

    func texts(_ text: String, maxWidth: Double, maxLines: Int = 0) -> [String] {
        TextLayouter.lines(text, font: font, size: 16, maxWidth: maxWidth, maxLines: maxLines).map(\.text)
    }

    @Test func emptyTextGivesNoLines() {
        #expect(TextLayouter.lines("", font: font, size: 16, maxWidth: 100).isEmpty)
        #expect(TextLayouter.lines("", font: font, size: 16, maxWidth: 100, maxLines: 2).isEmpty)
    }

    @Test func shortTextIsOneMeasuredLine() {
        let lines = TextLayouter.lines("See details", font: font, size: 16, maxWidth: 200)
        #expect(lines == [TextLine(text: "See details", width: width("See details"))])
        #expect(abs(lines[0].width - 83.385) < 0.01)
    }

    @Test func wrapsGreedilyAtSpaces() {
        let name = "Wolfgang Amadeus Mozart"
        // Exactly the width of the first two words: they still fit.
        #expect(texts(name, maxWidth: width("Wolfgang Amadeus")) == ["Wolfgang Amadeus", "Mozart"])
        #expect(texts(name, maxWidth: width("Wolfgang Amadeus") - 0.01) == ["Wolfgang", "Amadeus Mozart"])
        #expect(texts(name, maxWidth: width("Amadeus") + 1) == ["Wolfgang", "Amadeus", "Mozart"])
        #expect(texts("Αλέξανδρος Παπαδόπουλος", maxWidth: 150) == ["Αλέξανδρος", "Παπαδόπουλος"])
        #expect(texts("Мария Иванова", maxWidth: 100) == ["Мария", "Иванова"])
    }

    @Test func linesCarryTheirMeasuredWidths() {
        let lines = TextLayouter.lines("Chanson d’automne de Paul Verlaine, 1866", font: font, size: 16, maxWidth: 90)
        #expect(lines.count > 2)
        for line in lines {
            #expect(line.width == width(line.text))
            #expect(line.width <= 90)
        }
    }

    @Test func dropsTrailingSpaces() {
        #expect(texts("Hello   world  ", maxWidth: 500) == ["Hello   world"])
        #expect(width("world") > width("Hello"))
        #expect(texts("Hello   world  ", maxWidth: width("world")) == ["Hello", "world"])
        // A space at the end of a line does not count against the width.
        #expect(texts("world Hello", maxWidth: width("world")) == ["world", "Hello"])
    }

    @Test func breaksAfterHyphens() {
        let town = "Saint-Étienne-du-Rouvray"
        #expect(texts(town, maxWidth: width("Saint-Étienne-")) == ["Saint-Étienne-", "du-Rouvray"])
        #expect(texts(town, maxWidth: width("Saint-Étienne-") - 0.01) == ["Saint-", "Étienne-du-", "Rouvray"])
        // A hyphen after a space (a minus sign) is not a break.
        #expect(texts("x -5", maxWidth: width("x -") + 0.1) == ["x", "-5"])
    }

    @Test func breaksALongWordByCharacters() {
        let word = "Donaudampfschifffahrtsgesellschaft"
        let lines = TextLayouter.lines(word, font: font, size: 16, maxWidth: 100)
        #expect(lines.count == 3)
        #expect(lines.map(\.text).joined() == word)
        for (index, line) in lines.enumerated() {
            #expect(line.width <= 100)
            if index + 1 < lines.count {
                // Greedy: one more character would not have fitted.
                let next = lines[index + 1].text.first!
                #expect(width(line.text + String(next)) > 100)
            }
        }
    }

    @Test func longWordStartsOnItsOwnLineAndTheRestFlowsOn() {
        let lines = TextLayouter.lines(
            "Ein Donaudampfschifffahrtsgesellschaftskapitän kommt", font: font, size: 16, maxWidth: 120)
        #expect(lines.map(\.text) == ["Ein", "Donaudampfsc", "hifffahrtsgesell", "schaftskapitän", "kommt"])
        #expect(lines.allSatisfy { $0.width <= 120 })
    }

    @Test func neverSplitsAGraphemeCluster() {
        // "é" as e + combining acute: two scalars, one character.
        let word = String(repeating: "e\u{301}", count: 12)
        let lines = texts(word, maxWidth: 30)
        #expect(lines.count > 1)
        #expect(lines.joined() == word)
        for line in lines {
            #expect(line.unicodeScalars.count == 2 * line.count)
        }
    }

    @Test func keepsAtLeastOneCharacterPerLine() {
        #expect(texts("abc", maxWidth: 1) == ["a", "b", "c"])
        #expect(texts("ab cd", maxWidth: 0) == ["a", "b", "c", "d"])
    }

    @Test func newlineStartsANewLine() {
        #expect(texts("Line one\nLine two", maxWidth: 500) == ["Line one", "Line two"])
        #expect(texts("a\n\nb", maxWidth: 500) == ["a", "", "b"])
        #expect(texts("Windows\r\nline", maxWidth: 500) == ["Windows", "line"])
        #expect(
            texts("Wolfgang Amadeus Mozart\nSalzburg", maxWidth: width("Wolfgang Amadeus"))
                == ["Wolfgang Amadeus", "Mozart", "Salzburg"])
    }

    @Test func truncatesTheLastLineWithAnEllipsisThatFits() {
        let lines = TextLayouter.lines("Wolfgang Amadeus Mozart", font: font, size: 16, maxWidth: 120, maxLines: 1)
        #expect(lines.count == 1)
        let line = lines[0]
        #expect(line.text.hasSuffix("\u{2026}"))
        #expect(line.width <= 120)
        #expect(line.width == width(line.text))
        // The first line, "Wolfgang", marked as cut.
        #expect(line.text == "Wolfgang\u{2026}")
    }

    @Test func truncationCutsTheLastLineUntilTheEllipsisFits() {
        let name = "Wolfgang Amadeus Mozart"
        let lines = TextLayouter.lines(name, font: font, size: 16, maxWidth: 80, maxLines: 1)
        #expect(lines.count == 1)
        let line = lines[0]
        #expect(line.width <= 80)
        #expect(line.width == width(line.text))
        #expect(line.text == "Wolfgan\u{2026}")
        // Greedy: one more character would not have fitted.
        #expect(width("Wolfgang\u{2026}") > 80)
    }

    @Test func maxLinesKeepsTheFirstLines() {
        let name = "Wolfgang Amadeus Mozart"
        let narrow = width("Amadeus") + 1
        #expect(texts(name, maxWidth: narrow, maxLines: 0) == ["Wolfgang", "Amadeus", "Mozart"])
        #expect(texts(name, maxWidth: narrow, maxLines: 3) == ["Wolfgang", "Amadeus", "Mozart"])
        let wide = width("Amadeus\u{2026}")
        #expect(texts(name, maxWidth: wide, maxLines: 2) == ["Wolfgang", "Amadeus\u{2026}"])
        let lines = TextLayouter.lines(name, font: font, size: 16, maxWidth: narrow, maxLines: 2)
        #expect(lines.map(\.text) == ["Wolfgang", "Amade\u{2026}"])
        #expect(lines.allSatisfy { $0.width <= narrow })
    }

    @Test func ellipsisAlsoWhenNewlinesMakeTooManyLines() {
        #expect(texts("First\nSecond\nThird", maxWidth: 500, maxLines: 2) == ["First", "Second\u{2026}"])
        #expect(texts("First\nSecond", maxWidth: 500, maxLines: 2) == ["First", "Second"])
        // The trailing space before the cut goes, the ellipsis sits on the word.
        #expect(texts("Hello world\nmore", maxWidth: width("Hello w\u{2026}") - 0.01, maxLines: 1) == ["Hello\u{2026}"])
    }

    @Test func ellipsisAloneWhenNothingElseFits() {
        let lines = TextLayouter.lines("Mozart", font: font, size: 16, maxWidth: 5, maxLines: 1)
        #expect(lines.map(\.text) == ["\u{2026}"])
    }

    /// The one-line shortcut answers exactly what the word-by-word wrap does, for texts that fit and that do not.
    @Test func theOneLineShortcutAgreesWithTheWrap() {
        var random = SeededWords(seed: 7)
        let pieces = ["Pin", "4711", " ", "  ", "-", "Wolfgang", "Αλέξανδρος", "x", "Straße", "well-known", "…", "AV"]
        var oneLine = 0
        for _ in 0..<2_000 {
            let text = (0..<random.next(below: 7)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
            let maxWidth = Double(random.next(below: 300)) + 0.5
            let maxLines = random.next(below: 3)
            let lines = TextLayouter.lines(text, font: font, size: 16, maxWidth: maxWidth, maxLines: maxLines)
            let wrapped =
                text.isEmpty
                ? [] : TextLayouter.wrapped(text, font: font, size: 16, maxWidth: maxWidth, maxLines: maxLines)
            #expect(lines == wrapped, "\(text) in \(maxWidth)")
            if lines.count == 1 { oneLine += 1 }
        }
        #expect(oneLine > 500)
    }
}

/// A small deterministic generator (SplitMix64), so a failure replays.
private struct SeededWords {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
