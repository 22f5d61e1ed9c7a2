import Foundation
import Testing

@testable import MapStyle

/// The classes a layer's filter names, so a renderer tests only the features of those classes.
@Suite struct RequiredStringsTests {
    func filter(_ json: String) throws -> (StyleExpression, StylePropertyKey) {
        let style = try MapStyle(
            json: Data(#"{"version": 8, "layers": [{"id": "l", "type": "line", "filter": \#(json)}]}"#.utf8))
        let layer = try #require(style.layers.first)
        let key = try #require(style.propertyKey(named: "class"))
        return (try #require(layer.filter), key)
    }

    @Test func equalityInAndMatchNameTheirStrings() throws {
        let (equal, key) = try filter(#"["==", ["get", "class"], "primary"]"#)
        #expect(equal.requiredStrings(for: key) == ["primary"])
        let (legacy, k2) = try filter(#"["in", "class", "primary", "secondary"]"#)
        #expect(legacy.requiredStrings(for: k2) == ["primary", "secondary"])
        let (match, k3) = try filter(#"["match", ["get", "class"], ["minor", "service"], true, "path", false, false]"#)
        #expect(match.requiredStrings(for: k3) == ["minor", "service"])
    }

    @Test func aConditionOfAnAllNarrowsItAndOtherFiltersDoNot() throws {
        let (all, key) = try filter(
            #"["all", ["==", ["geometry-type"], "LineString"], ["match", ["get", "class"], ["rail"], true, false]]"#)
        #expect(all.requiredStrings(for: key) == ["rail"])
        for open in [
            #"["!=", ["get", "class"], "primary"]"#, #"["any", ["==", ["get", "class"], "a"], ["has", "name"]]"#,
            #"["match", ["get", "class"], ["a"], false, true]"#, #"["in", "class", "a", 3]"#,
            #"["all", ["==", ["get", "brunnel"], "bridge"], ["has", "class"]]"#,
        ] {
            let (expression, k) = try filter(open)
            #expect(expression.requiredStrings(for: k) == nil, "\(open)")
        }
    }
}
