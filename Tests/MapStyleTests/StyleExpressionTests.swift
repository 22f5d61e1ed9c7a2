import DisplayList
import Testing

@testable import MapStyle

@Suite struct StyleExpressionTests {
    let road = feature(.lineString, id: .number(7), ["class": .string("primary"), "layer": .number(2)])

    @Test func comparisonsReadProperties() throws {
        #expect(try expression(#"["==", ["get", "class"], "primary"]"#).value(road) == .bool(true))
        #expect(try expression(#"["!=", ["get", "class"], "primary"]"#).value(road) == .bool(false))
        #expect(try expression(#"["<", ["get", "layer"], 3]"#).value(road) == .bool(true))
        #expect(try expression(#"["<=", ["get", "layer"], 2]"#).value(road) == .bool(true))
        #expect(try expression(#"[">", ["get", "layer"], 2]"#).value(road) == .bool(false))
        #expect(try expression(#"[">=", ["get", "layer"], 2]"#).value(road) == .bool(true))
    }

    @Test func orderingAcrossTypesIsFalseNotAnError() throws {
        #expect(try expression(#"["<", ["get", "class"], 3]"#).value(road) == .bool(false))
        #expect(try expression(#"["<", ["get", "missing"], 3]"#).value(road) == .bool(false))
        #expect(try expression(#"["<", "a", "b"]"#).value() == .bool(true))
    }

    @Test func equalityIsStrictAboutTypes() throws {
        #expect(try expression(#"["==", ["get", "layer"], "2"]"#).value(road) == .bool(false))
        #expect(try expression(#"["==", ["to-string", ["get", "layer"]], "2"]"#).value(road) == .bool(true))
    }

    @Test func booleanOperators() throws {
        let yes = #"["==", 1, 1]"#, no = #"["==", 1, 2]"#
        #expect(try expression("[\"all\", \(yes), \(yes)]").value() == .bool(true))
        #expect(try expression("[\"all\", \(yes), \(no)]").value() == .bool(false))
        #expect(try expression("[\"any\", \(no), \(yes)]").value() == .bool(true))
        #expect(try expression("[\"any\", \(no), \(no)]").value() == .bool(false))
        #expect(try expression("[\"!\", \(no)]").value() == .bool(true))
        #expect(try expression("[\"all\"]").value() == .bool(true))
        #expect(try expression("[\"any\"]").value() == .bool(false))
    }

    @Test func hasTellsAbsentFromPresent() throws {
        #expect(try expression(#"["has", "layer"]"#).value(road) == .bool(true))
        #expect(try expression(#"["has", "name"]"#).value(road) == .bool(false))
        #expect(try expression(#"["!", ["has", "name"]]"#).value(road) == .bool(true))
    }

    @Test func inExpressionFormTakesALiteralArrayOrAString() throws {
        #expect(
            try expression(#"["in", ["get", "class"], ["literal", ["primary", "trunk"]]]"#).value(road) == .bool(true))
        #expect(try expression(#"["in", ["get", "class"], ["literal", ["minor"]]]"#).value(road) == .bool(false))
        #expect(try expression(#"["in", "rim", ["get", "class"]]"#).value(road) == .bool(true))
        #expect(try expression(#"["in", "xyz", ["get", "class"]]"#).value(road) == .bool(false))
    }

    @Test func matchTakesArrayLabelsAndFallsBack() throws {
        let match = try expression(#"["match", ["get", "class"], ["motorway", "trunk"], 1, "primary", 2, 0]"#)
        #expect(match.value(feature(["class": .string("trunk")])) == .number(1))
        #expect(match.value(feature(["class": .string("primary")])) == .number(2))
        #expect(match.value(feature(["class": .string("path")])) == .number(0))
        #expect(match.value(feature()) == .number(0))
        let numeric = try expression(#"["match", ["get", "layer"], [1, 2], "up", "flat"]"#)
        #expect(numeric.value(road) == .string("up"))
    }

    @Test func coalesceSkipsNulls() throws {
        let name = try expression(#"["coalesce", ["get", "name:latin"], ["get", "name"], "unnamed"]"#)
        #expect(name.value(feature(["name": .string("Wien")])) == .string("Wien"))
        #expect(name.value(feature(["name:latin": .string("Vienna"), "name": .string("Wien")])) == .string("Vienna"))
        #expect(name.value(feature()) == .string("unnamed"))
        #expect(try expression(#"["coalesce", ["get", "a"], ["get", "b"]]"#).value() == .null)
    }

    @Test func caseTakesTheFirstTrueBranch() throws {
        let rank = try expression(
            #"["case", ["==", ["get", "layer"], 1], "one", ["==", ["get", "layer"], 2], "two", "many"]"#)
        #expect(rank.value(road) == .string("two"))
        #expect(rank.value(feature(["layer": .number(1)])) == .string("one"))
        #expect(rank.value(feature()) == .string("many"))
    }

    @Test func conversions() throws {
        #expect(try expression(#"["to-string", 3]"#).value() == .string("3"))
        #expect(try expression(#"["to-string", 2.5]"#).value() == .string("2.5"))
        #expect(try expression(#"["to-string", true]"#).value() == .string("true"))
        #expect(try expression(#"["to-number", "12.5"]"#).value() == .number(12.5))
        #expect(try expression(#"["to-number", "x", "4"]"#).value() == .number(4))
        #expect(try expression(#"["to-number", "x"]"#).value() == .null)
        #expect(
            try expression(#"["concat", ["get", "class"], " ", ["get", "layer"]]"#).value(road) == .string("primary 2"))
    }

    @Test func arithmetic() throws {
        #expect(try expression(#"["+", 1, 2, 3]"#).value() == .number(6))
        #expect(try expression(#"["-", 10, 4]"#).value() == .number(6))
        #expect(try expression(#"["-", 4]"#).value() == .number(-4))
        #expect(try expression(#"["*", ["get", "layer"], 1.5]"#).value(road) == .number(3))
        #expect(try expression(#"["/", 9, 2]"#).value() == .number(4.5))
        #expect(try expression(#"["%", 9, 4]"#).value() == .number(1))
        #expect(try expression(#"["^", 2, 10]"#).value() == .number(1024))
        #expect(try expression(#"["min", 4, 2, 8]"#).value() == .number(2))
        #expect(try expression(#"["max", 4, 2, 8]"#).value() == .number(8))
        // A missing operand or a division by zero gives null, so the property's default.
        #expect(try expression(#"["*", ["get", "missing"], 2]"#).value(road) == .null)
        #expect(try expression(#"["/", 1, 0]"#).value() == .null)
        #expect(compileError(#"["/", 1]"#)?.path == "test")
    }

    @Test func typeAssertionsTakeTheFirstValueOfTheirType() throws {
        #expect(try expression(#"["string", ["get", "layer"], ["get", "class"]]"#).value(road) == .string("primary"))
        #expect(try expression(#"["number", ["get", "class"], ["get", "layer"]]"#).value(road) == .number(2))
        #expect(try expression(#"["boolean", ["get", "class"]]"#).value(road) == .null)
        #expect(try expression(#"["boolean", ["has", "class"]]"#).value(road) == .bool(true))
    }

    @Test func literalKeepsArrays() throws {
        #expect(try expression(#"["literal", [1, "a"]]"#).value() == .array([.number(1), .string("a")]))
    }

    @Test func zoomIdAndGeometryType() throws {
        #expect(try expression(#"["zoom"]"#).value(zoom: 13.5) == .number(13.5))
        #expect(try expression(#"["id"]"#).value(road) == .number(7))
        #expect(try expression(#"["geometry-type"]"#).value(feature(.polygon)) == .string("Polygon"))
        #expect(try expression(#"["==", ["geometry-type"], "Point"]"#).value(feature(.point)) == .bool(true))
    }

    @Test func interpolateLinearBetweenAndBeyondStops() throws {
        let width = try expression(#"["interpolate", ["linear"], ["zoom"], 10, 1, 14, 5]"#)
        #expect(width.value(zoom: 12) == .number(3))
        #expect(width.value(zoom: 5) == .number(1))
        #expect(width.value(zoom: 20) == .number(5))
    }

    @Test func interpolateExponentialGrowsLateForABaseAboveOne() throws {
        let width = try expression(#"["interpolate", ["exponential", 2], ["zoom"], 10, 0, 12, 12]"#)
        // (2^1 - 1) / (2^2 - 1) of the way at the midpoint: a third, not a half.
        #expect(width.value(zoom: 11) == .number(4))
        let linear = try expression(#"["interpolate", ["exponential", 1], ["zoom"], 10, 0, 12, 12]"#)
        #expect(linear.value(zoom: 11) == .number(6))
    }

    @Test func interpolateColoursInRGB() throws {
        let colour = try expression(
            ##"["interpolate", ["linear"], ["zoom"], 0, "#000000", 10, "#ff8040"]"##, kind: .color)
        #expect(colour.value(zoom: 5) == .color(Color(hex: 0x804020)))
    }

    @Test func stepBelowTheFirstStopGivesTheFirstOutput() throws {
        let step = try expression(#"["step", ["zoom"], "small", 10, "medium", 14, "large"]"#)
        #expect(step.value(zoom: 3) == .string("small"))
        #expect(step.value(zoom: 10) == .string("medium"))
        #expect(step.value(zoom: 13.9) == .string("medium"))
        #expect(step.value(zoom: 14) == .string("large"))
    }

    @Test func outputsOfACurveMayReadTheFeature() throws {
        let width = try expression(
            #"["interpolate", ["linear"], ["zoom"], 10, 1, 14, ["match", ["get", "class"], "primary", 9, 5]]"#)
        #expect(width.value(road, zoom: 14) == .number(9))
        #expect(width.value(feature(), zoom: 12) == .number(3))
        #expect(width.readsFeature)
        #expect(try !expression(#"["interpolate", ["linear"], ["zoom"], 10, 1, 14, 5]"#).readsFeature)
    }
}
