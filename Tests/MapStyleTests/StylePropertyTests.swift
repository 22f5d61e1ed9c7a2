import DisplayList
import Testing

@testable import MapStyle

@Suite struct StylePropertyTests {
    @Test func aLiteralIsResolvedOnceAndReadsNoFeature() {
        let width = StyleProperty<Double>(.literal(.number(3)), default: 1)
        #expect(width.value(for: feature(), zoom: 4) == 3)
        #expect(!width.isFeatureDependent)
        #expect(width.isSet)
    }

    @Test func aMissingPropertyTakesItsDefault() {
        #expect(StyleProperty<Double>(nil, default: 1).value(for: feature(), zoom: 4) == 1)
        #expect(!StyleProperty<Double>(nil, default: nil).isSet)
    }

    @Test func aValueOfTheWrongTypeFallsBackToTheDefault() throws {
        let width = StyleProperty<Double>(try expression(#"["get", "width"]"#), default: 1)
        #expect(width.isFeatureDependent)
        #expect(width.value(for: feature(["width": .number(5)]), zoom: 4) == 5)
        #expect(width.value(for: feature(["width": .string("wide")]), zoom: 4) == 1)
        #expect(width.value(for: feature(), zoom: 4) == 1)
    }

    @Test func zoomOnlyExpressionsDoNotDependOnTheFeature() throws {
        let layer = try style(
            #"""
            {"id": "l", "type": "line", "paint": {"line-width": ["interpolate", ["linear"], ["zoom"], 5, 1, 10, 4],
             "line-color": ["match", ["get", "class"], "a", "red", "blue"]}}
            """#
        ).layers[0]
        #expect(!layer.lineWidth.isFeatureDependent)
        #expect(layer.lineColor.isFeatureDependent)
    }

    @Test func coloursMayComeFromFeatureStrings() {
        let colour = StyleProperty<Color>(.get(StylePropertyKey(index: 0, name: "colour")), default: .black)
        #expect(colour.value(for: feature(["colour": .string("#ff0000")]), zoom: 4) == Color(hex: 0xFF0000))
        #expect(colour.value(for: feature(["colour": .string("nonsense")]), zoom: 4) == .black)
    }

    @Test func arraysConvertElementByElement() {
        let dashes = StyleProperty<[Double]>(.literal(.array([.number(2), .number(1)])), default: nil)
        #expect(dashes.value(for: feature(), zoom: 4) == [2, 1])
        let mixed = StyleProperty<[Double]>(.literal(.array([.number(2), .string("x")])), default: nil)
        #expect(mixed.value(for: feature(), zoom: 4) == nil)
    }

    @Test func numberArraysInterpolate() {
        let between = ExpressionValue.interpolate(
            .array([.number(0), .number(4)]), .array([.number(2), .number(8)]), 0.5)
        #expect(between == .array([.number(1), .number(6)]))
    }
}
