import DisplayList
import Foundation
import Testing

@testable import MapStyle

/// Whether a style draws a dark map, which picks the look of the map's own controls.
@Suite struct StyleGroundTests {
    @Test func builtInStylesSayWhetherTheyAreDark() throws {
        #expect(try MapStyle.builtIn(.light).isDark == false)
        #expect(try MapStyle.builtIn(.dark).isDark)
    }

    @Test func aStyleFileIsDarkByItsBackgroundLayer() throws {
        func style(_ background: String?) throws -> MapStyle {
            let layer = background.map {
                #"{"id": "bg", "type": "background", "paint": {"background-color": "\#($0)"}}"#
            }
            return try MapStyle(json: Data(#"{"version": 8, "layers": [\#(layer ?? "")]}"#.utf8))
        }
        #expect(try style("#101418").isDark)
        #expect(try style("#101418").groundColor() == Color(hex: 0x101418))
        #expect(try style("#f4efe6").isDark == false)
        // MapLibre draws a style without a background on white.
        #expect(try style(nil).isDark == false)
    }
}
