import DisplayList
import Testing

@testable import MapStyle

@Suite struct LegacyFunctionTests {
    @Test func stopsInterpolateNumbersByZoom() throws {
        let width = try property(#"{"stops": [[10, 1], [14, 9]]}"#, kind: .number)
        #expect(width.value(zoom: 12) == .number(5))
        #expect(width.value(zoom: 8) == .number(1))
        #expect(width.value(zoom: 16) == .number(9))
    }

    @Test func aFunctionMeansTheExpressionItWrites() throws {
        let legacy = try property(#"{"base": 1.3, "stops": [[6, 0.5], [12, 3], [18, 20]]}"#, kind: .number)
        let modern = try property(
            #"["interpolate", ["exponential", 1.3], ["zoom"], 6, 0.5, 12, 3, 18, 20]"#, kind: .number)
        for zoom in stride(from: 4.0, through: 20, by: 0.25) {
            #expect(legacy.value(zoom: zoom) == modern.value(zoom: zoom), "z\(zoom)")
        }
    }

    @Test func baseMakesTheCurveExponential() throws {
        let width = try property(#"{"base": 2, "stops": [[10, 0], [12, 12]]}"#, kind: .number)
        #expect(width.value(zoom: 11) == .number(4))
    }

    @Test func stringsAndArraysStepByDefault() throws {
        let cap = try property(#"{"stops": [[5, "butt"], [12, "round"]]}"#, kind: .enumeration(["butt", "round"]))
        #expect(cap.value(zoom: 3) == .string("butt"))
        #expect(cap.value(zoom: 11.9) == .string("butt"))
        #expect(cap.value(zoom: 12) == .string("round"))
        let dashes = try property(#"{"stops": [[10, [2, 2]], [14, [4, 1]]]}"#, kind: .numberArray)
        #expect(dashes.value(zoom: 13) == .array([.number(2), .number(2)]))
    }

    @Test func coloursInterpolate() throws {
        let colour = try property(##"{"stops": [[0, "#000"], [10, "#fff"]]}"##, kind: .color)
        #expect(colour.value(zoom: 5) == .color(Color(hex: 0x808080)))
    }

    @Test func categoricalPropertyFunctionMatches() throws {
        let colour = try property(
            #"""
            {"property": "class", "type": "categorical", "stops": [["motorway", "red"], ["trunk", "orange"]],
             "default": "gray"}
            """#,
            kind: .color)
        #expect(colour.value(feature(["class": .string("trunk")])) == .color(Color(hex: 0xFFA500)))
        #expect(colour.value(feature(["class": .string("path")])) == .color(Color(hex: 0x808080)))
    }

    @Test func intervalTypeStepsNumbers() throws {
        let size = try property(#"{"type": "interval", "stops": [[0, 10], [8, 14]]}"#, kind: .number)
        #expect(size.value(zoom: 7.9) == .number(10))
        #expect(size.value(zoom: 8) == .number(14))
    }

    @Test func badStopsAreErrorsWithPaths() {
        #expect(throws: StyleError.self) { try property(#"{"stops": []}"#, kind: .number) }
        do {
            _ = try property(#"{"stops": [[10, 1], [8, 2]]}"#, kind: .number)
            Issue.record("decreasing stops compiled")
        } catch {
            #expect((error as? StyleError)?.path == "p.stops[1][0]")
        }
    }
}
