import Testing

@testable import TextLayout

/// Widths the browser draws, measured in Chromium 156 (headless, /usr/bin/chromium)
/// with canvas `measureText` at 16 px, kerning "auto" (the default), the
/// font loaded from Public/fonts with the FontFace API.
///
/// To re-measure, save this as m.html next to copies of Inter-Regular.otf
/// and Inter-Bold.otf and run
/// `chromium --headless --no-sandbox --allow-file-access-from-files
///  --virtual-time-budget=5000 --dump-dom file:///path/to/m.html`:
///
///     <pre id="out"></pre><script>(async () => {
///       const fonts = [new FontFace('T', 'url(Inter-Regular.otf)', {weight: '400'}),
///                      new FontFace('T', 'url(Inter-Bold.otf)', {weight: '700'})];
///       for (const f of fonts) { await f.load(); document.fonts.add(f); }
///       const ctx = document.createElement('canvas').getContext('2d'), out = [];
///       for (const w of [400, 700]) { ctx.font = w + ' 16px T';
///         for (const s of ["AVAVA", "Hello, world"]) out.push(w + ' ' + s + ' ' + ctx.measureText(s).width); }
///       document.getElementById('out').textContent = out.join('\n');
///     })();</script>
///
/// Chromium lays glyphs out in 1/65536 px fixed point, so its numbers are
/// up to about 0.003 px off HarfBuzz's exact design-unit sums; 0.01 px
/// leaves room for that and catches any real shaping difference (a kerning
/// pair is 0.2 px or more at 16 px).
struct ChromiumWidth: Sendable, CustomTestStringConvertible {
    var text: String
    var weight: Int
    var width: Double
    var testDescription: String { "\(weight) \"\(text)\" \(width)" }

    static let all: [ChromiumWidth] = [
        .init(text: "Hello, world", weight: 400, width: 89.20352172851562),
        .init(text: "AVAVA", weight: 400, width: 49.908447265625),
        .init(text: "A", weight: 400, width: 10.81805419921875),
        .init(text: "Αλέξανδρος Παπαδόπουλος", weight: 400, width: 213.770263671875),
        .init(text: "Мария Иванова", weight: 400, width: 122.93045043945312),
        .init(text: "See details", weight: 400, width: 83.38539123535156),
        .init(text: "Chanson d’automne", weight: 400, width: 149.40737915039062),
        .init(text: "Wolfgang Amadeus Mozart", weight: 400, width: 204.4295196533203),
        .init(text: "office", weight: 400, width: 43.1358642578125),
        .init(text: "“Quote” A", weight: 400, width: 73.56733703613281),
        .init(text: "\u{2026}", weight: 400, width: 13.136215209960938),
        .init(text: " ", weight: 400, width: 4.4999542236328125),
        // The canvas draws tabs and no-break spaces as wide as a space.
        .init(text: "a\tb", weight: 400, width: 23.45428466796875),
        .init(text: "a\u{00A0}b", weight: 400, width: 23.45428466796875),
        .init(text: "a\u{2009}b", weight: 400, width: 21.863388061523438),
        // Inter Bold kerns comma+space; Chromium shapes word by word and
        // never applies it, whole-run shaping would give 92.295.
        .init(text: "Hello, world", weight: 700, width: 92.83984375),
        .init(text: "1, 2, 3", weight: 700, width: 44.95973205566406),
        .init(text: "AVAVA", weight: 700, width: 53.85160827636719),
        .init(text: "Αλέξανδρος Παπαδόπουλος", weight: 700, width: 228.2360382080078),
        .init(text: "Мария Иванова", weight: 700, width: 124.83378601074219),
        .init(text: "See details", weight: 700, width: 86.23197937011719),
    ]
}

@Suite struct FontTests {
    let regular = TestFonts.regular
    let bold = TestFonts.bold

    @Test("text measurement against known widths", arguments: ChromiumWidth.all)
    func knownWidths(_ reference: ChromiumWidth) {
        let font = reference.weight == 700 ? bold : regular
        let width = font.width(of: reference.text, size: 16)
        #expect(abs(width - reference.width) < 0.01, "measured \(width)")
    }

    @Test func kerningMakesAVAVANarrowerThanItsLetters() {
        let letters = 3 * regular.width(of: "A", size: 16) + 2 * regular.width(of: "V", size: 16)
        let kerned = regular.width(of: "AVAVA", size: 16)
        #expect(kerned < letters - 1, "kerned \(kerned), letters \(letters)")
    }

    @Test func boldIsWiderThanRegular() {
        for text in ["See details", "Мария Иванова", "Αλέξανδρος Παπαδόπουλος"] {
            #expect(bold.width(of: text, size: 16) > regular.width(of: text, size: 16))
        }
    }

    @Test func widthScalesWithSize() {
        let at16 = regular.width(of: "Wolfgang Amadeus Mozart", size: 16)
        #expect(regular.width(of: "Wolfgang Amadeus Mozart", size: 32) == 2 * at16)
        #expect(abs(regular.width(of: "Wolfgang Amadeus Mozart", size: 11.5) - at16 * 11.5 / 16) < 1e-9)
    }

    @Test func emptyTextHasNoWidth() {
        #expect(regular.width(of: "", size: 16) == 0)
    }

    /// Inter's hhea/OS/2 line metrics are 2728 and 680 units at 2816 upem.
    /// Chromium reports fontBoundingBoxAscent 16 and Descent 4 at 16 px:
    /// the same values rounded to whole pixels.
    @Test func verticalMetrics() {
        #expect(regular.ascender(size: 16) == 15.5)
        #expect(abs(regular.descender(size: 16) - 3.8636363636) < 1e-9)
        #expect(regular.ascender(size: 16).rounded() == 16)
        #expect(regular.descender(size: 16).rounded() == 4)
        #expect(regular.ascender(size: 32) == 31)
    }

    @Test func keepsItsNames() {
        #expect(regular.path == TestFonts.regularPath)
        #expect(regular.family == "Inter")
        #expect(bold.weight == 700)
    }

    @Test func missingFileErrorNamesThePath() {
        let path = TestFonts.directory + "/No-Such-Font.otf"
        #expect(throws: FontError.fileNotFound(path: path)) {
            try Font(path: path, family: "Inter", weight: 400)
        }
        do {
            _ = try Font(path: path, family: "Inter", weight: 400)
        } catch {
            #expect(String(describing: error).contains(path))
        }
    }

    @Test func fileThatIsNoFontIsRejected() {
        let path = TestFonts.directory + "/LICENSE-Inter.txt"
        #expect(throws: FontError.notAFont(path: path)) {
            try Font(path: path, family: "Inter", weight: 400)
        }
        #expect(FontError.notAFont(path: path).description.contains(path))
    }

    /// A fresh font, so the tasks shape (not just read the cache) at once
    /// on the one shared hb_font.
    @Test func measuresConcurrently() async throws {
        let texts = ChromiumWidth.all.map(\.text)
        let expected = texts.map { regular.width(of: $0, size: 13) }
        let font = try Font(path: TestFonts.regularPath, family: "Inter", weight: 400)
        let results = await withTaskGroup(of: [Double].self) { group in
            for _ in 0..<16 {
                group.addTask { texts.map { font.width(of: $0, size: 13) } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 16)
        for result in results {
            #expect(result == expected)
        }
    }
}
