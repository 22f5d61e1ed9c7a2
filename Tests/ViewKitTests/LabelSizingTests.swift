import Testing
import ViewKit

/// Measuring text for a label without making one.
@Suite struct LabelSizingTests {
    @Test func measuringWithoutALabelGivesWhatALabelNeeds() {
        let bold = LabelAccessibilityTests.fonts.bold
        let texts = ["Pin 4711", "", "Wolfgang Amadeus Mozart, Salzburg", "a-very-long-hyphenated-name of a place"]
        for text in texts {
            for (maxWidth, lines) in [(400.0, 1), (120, 1), (120, 0), (60, 2)] {
                let label = Label(text: text, typeface: bold, fontSize: 13)
                label.numberOfLines = lines
                let size = Label.sizeThatFits(
                    text, typeface: bold, fontSize: 13, maxWidth: maxWidth,
                    numberOfLines: lines)
                #expect(size == label.sizeThatFits(maxWidth: maxWidth), "\(text) in \(maxWidth), \(lines) lines")
            }
        }
        // Only a label's own line height changes what it needs.
        let tall = Label(text: "Pin 4711", typeface: bold, fontSize: 13)
        tall.lineHeightMultiple = 2
        #expect(
            Label.sizeThatFits("Pin 4711", typeface: bold, fontSize: 13, maxWidth: 400).height
                < tall.sizeThatFits(maxWidth: 400).height)
    }
}
