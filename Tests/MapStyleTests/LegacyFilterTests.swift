import Testing

@testable import MapStyle

@Suite struct LegacyFilterTests {
    let motorway = feature(.lineString, id: .number(42), ["class": .string("motorway"), "brunnel": .string("tunnel")])

    @Test func legacyComparisonsNameTheProperty() throws {
        #expect(try filter(#"["==", "class", "motorway"]"#).value(motorway) == .bool(true))
        #expect(try filter(#"["!=", "class", "motorway"]"#).value(motorway) == .bool(false))
        #expect(try filter(#"["!=", "missing", "x"]"#).value(motorway) == .bool(true))
        #expect(try filter(#"["<", "rank", 5]"#).value(feature(["rank": .number(3)])) == .bool(true))
        #expect(try filter(#"[">=", "rank", 5]"#).value(feature(["rank": .number(3)])) == .bool(false))
    }

    @Test func legacyInListsValuesAfterTheKey() throws {
        let roads = try filter(#"["in", "class", "motorway", "trunk"]"#)
        #expect(roads.value(motorway) == .bool(true))
        #expect(roads.value(feature(["class": .string("path")])) == .bool(false))
        #expect(try filter(#"["!in", "class", "motorway", "trunk"]"#).value(motorway) == .bool(false))
    }

    @Test func inIsToldApartByItsArguments() {
        // A string then values: legacy. An expression or an array haystack: expression.
        #expect(!ExpressionCompiler.isExpressionFilter(.array([.string("in"), .string("class"), .string("a")])))
        let expressionIn = JSONValue.array([
            .string("in"), .array([.string("get"), .string("class")]),
            .array([.string("literal"), .array([.string("a")])]),
        ])
        #expect(ExpressionCompiler.isExpressionFilter(expressionIn))
        #expect(
            !ExpressionCompiler.isExpressionFilter(.array([.string("all"), .array([.string("!has"), .string("x")])])))
    }

    @Test func typeComparesTheGeometry() throws {
        let polygons = try filter(#"["==", "$type", "Polygon"]"#)
        #expect(polygons.value(feature(.polygon)) == .bool(true))
        #expect(polygons.value(feature(.lineString)) == .bool(false))
        let notPoints = try filter(#"["!in", "$type", "Point"]"#)
        #expect(notPoints.value(feature(.lineString)) == .bool(true))
        #expect(notPoints.value(feature(.point)) == .bool(false))
    }

    @Test func idComparesTheFeatureId() throws {
        #expect(try filter(#"["==", "$id", 42]"#).value(motorway) == .bool(true))
        #expect(try filter(#"["==", "$id", 41]"#).value(motorway) == .bool(false))
    }

    @Test func hasAndNotHas() throws {
        #expect(try filter(#"["has", "brunnel"]"#).value(motorway) == .bool(true))
        #expect(try filter(#"["!has", "brunnel"]"#).value(motorway) == .bool(false))
        #expect(try filter(#"["!has", "name"]"#).value(motorway) == .bool(true))
        #expect(try filter(#"["has", "$id"]"#).value(motorway) == .bool(true))
        #expect(try filter(#"["has", "$id"]"#).value(feature()) == .bool(false))
        #expect(try filter(#"["!has", "$type"]"#).value(motorway) == .bool(false))
    }

    @Test func combinators() throws {
        let tunnelMotorway = try filter(#"["all", ["==", "class", "motorway"], ["==", "brunnel", "tunnel"]]"#)
        #expect(tunnelMotorway.value(motorway) == .bool(true))
        #expect(tunnelMotorway.value(feature(["class": .string("motorway")])) == .bool(false))
        let either = try filter(#"["any", ["==", "class", "trunk"], ["==", "brunnel", "tunnel"]]"#)
        #expect(either.value(motorway) == .bool(true))
        let neither = try filter(#"["none", ["==", "class", "trunk"], ["==", "brunnel", "tunnel"]]"#)
        #expect(neither.value(motorway) == .bool(false))
        #expect(neither.value(feature(["class": .string("path")])) == .bool(true))
    }

    @Test func expressionFiltersStillWork() throws {
        let tunnels = try filter(
            #"["all", ["==", ["get", "brunnel"], "tunnel"], ["in", ["get", "class"], ["literal", ["motorway"]]]]"#)
        #expect(tunnels.value(motorway) == .bool(true))
        #expect(try filter("true").value() == .bool(true))
        #expect(try filter("false").value(motorway) == .bool(false))
    }
}
