import Testing

@testable import TextLayout

@Suite struct ShapingSegmentsTests {
    @Test func splitsAtEachSpace() {
        #expect(Array(ShapingSegments("Hello, world")) == ["Hello,", " ", "world"])
        #expect(Array(ShapingSegments("  a\u{00A0}b c ")) == [" ", " ", "a", "\u{00A0}", "b", " ", "c", " "])
        // The canvas draws ASCII whitespace as U+0020.
        #expect(Array(ShapingSegments("a\tb\r\nc\u{0C}")) == ["a", " ", "b", " ", " ", "c", " "])
        #expect(Array(ShapingSegments("Мария")) == ["Мария"])
        #expect(Array(ShapingSegments("")) == [])
    }

    /// The reason for segmenting: Inter Bold kerns comma+space, Chromium
    /// does not apply it, and neither must we.
    @Test func spaceKerningIsNotApplied() {
        let bold = TestFonts.bold
        let separate =
            bold.width(of: "Hello,", size: 16) + bold.width(of: " ", size: 16) + bold.width(of: "world", size: 16)
        #expect(abs(bold.width(of: "Hello, world", size: 16) - separate) < 1e-9)
    }
}
