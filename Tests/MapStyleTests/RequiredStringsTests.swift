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

/// What of a feature an expression reads, so a renderer works a paint out once for features equal in it.
@Suite struct FeatureReadsTests {
    func layer(_ paint: String) throws -> StyleLayer {
        let style = try MapStyle(
            json: Data(#"{"version": 8, "layers": [{"id": "l", "type": "line", "paint": \#(paint)}]}"#.utf8))
        return try #require(style.layers.first)
    }

    @Test func zoomFunctionsAndConstantsReadNothing() throws {
        let layer = try layer(
            ##"{"line-color": "#f00", "line-width": ["interpolate", ["linear"], ["zoom"], 5, 1, 9, 3]}"##)
        #expect(layer.paintReads.isEmpty)
    }

    @Test func theReadPropertiesIdAndTypeAreNamedOnceEach() throws {
        let layer = try layer(
            ##"{"line-color": ["match", ["get", "class"], "a", "#f00", "#00f"], "##
                + #""line-width": ["case", ["==", ["geometry-type"], "Polygon"], ["get", "class"], ["get", "rank"]], "#
                + #""line-opacity": ["coalesce", ["id"], 1]}"#)
        let reads = layer.paintReads
        let names = reads.keys.map(\.name)
        #expect(Set(names) == ["class", "rank"] && names.count == 2)
        #expect(reads.readsID && reads.readsGeometryType)
        let a = StyleFeatureValues(
            .lineString, id: .number(1), properties: ["class": .string("a"), "rank": .number(2)])
        var b = a
        b.properties["name"] = .string("not read")
        #expect(reads.inputs(of: a) == reads.inputs(of: b), "a property the paint does not read does not count")
        var c = a
        c.properties["rank"] = .number(3)
        #expect(reads.inputs(of: a) != reads.inputs(of: c))
        #expect(
            reads.inputs(of: a)
                != reads.inputs(of: StyleFeatureValues(.polygon, id: .number(1), properties: a.properties)))
    }
}
