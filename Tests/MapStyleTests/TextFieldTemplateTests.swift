import Testing

@testable import MapStyle

@Suite struct TextFieldTemplateTests {
    func label(_ template: String, _ properties: [String: StyleValue]) throws -> String? {
        let layer = try style(#"{"id": "l", "type": "symbol", "layout": {"text-field": "\#(template)"}}"#).layers[0]
        return layer.textField(for: feature(properties), zoom: 14)
    }

    @Test func tokensAreReplacedByProperties() throws {
        #expect(try label("{name}", ["name": .string("Rhine")]) == "Rhine")
        #expect(try label("{ref} – {name}", ["name": .string("Main St"), "ref": .string("A1")]) == "A1 – Main St")
        #expect(try label("Exit {ref}", ["ref": .number(12)]) == "Exit 12")
        #expect(try label("plain text", [:]) == "plain text")
    }

    @Test func localizedNamesFallBackToName() throws {
        #expect(try label("{name:latin}", ["name": .string("Praha")]) == "Praha")
        #expect(try label("{name:latin}", ["name:latin": .string("Prague"), "name": .string("Praha")]) == "Prague")
        #expect(try label("{name_en}", ["name": .string("Wien")]) == "Wien")
    }

    @Test func aMissingTokenIsEmptyAndAnEmptyLabelIsNone() throws {
        #expect(try label("{ref}", ["name": .string("x")]) == nil)
        #expect(try label("{name:latin}", [:]) == nil)
    }

    @Test func expressionsWorkAsTextFields() throws {
        let layer = try style(
            #"""
            {"id": "l", "type": "symbol",
             "layout": {"text-field": ["coalesce", ["get", "name:latin"], ["get", "name"]]}}
            """#
        ).layers[0]
        #expect(layer.textField(for: feature(["name": .string("Köln")]), zoom: 12) == "Köln")
        #expect(layer.textField(for: feature([:]), zoom: 12) == nil)
    }
}
