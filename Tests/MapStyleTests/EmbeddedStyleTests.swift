import Foundation
import Testing

@testable import MapStyle

/// The binary carries the built-in styles as Swift literals: they must say
/// what the JSON files in `Sources/MapStyle/Styles` say.
@Suite struct EmbeddedStyleTests {
    static let styles = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/MapStyle/Styles")

    @Test(arguments: MapStyle.BuiltIn.allCases)
    func theEmbeddedStyleIsTheJSONFile(_ which: MapStyle.BuiltIn) throws {
        let file = try Data(contentsOf: Self.styles.appendingPathComponent("\(which.rawValue).json"))
        let fromFile = try JSONSerialization.jsonObject(with: file) as? NSDictionary
        let embedded = try JSONSerialization.jsonObject(with: Data(which.json.utf8)) as? NSDictionary
        #expect(fromFile != nil)
        #expect(
            embedded == fromFile,
            "Styles/\(which.rawValue).json changed: run python3 scripts/embed_styles.py")
    }
}
