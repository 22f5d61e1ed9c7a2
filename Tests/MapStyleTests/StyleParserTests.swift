import Foundation
import Testing

@testable import MapStyle

@Suite struct StyleParserTests {
    @Test func layersKeepStyleOrderAndSkipUnsupportedTypes() throws {
        let parsed = try style(
            """
            {"id": "bg", "type": "background"},
            {"id": "hills", "type": "hillshade", "source": "dem"},
            {"id": "water", "type": "fill", "source": "omt", "source-layer": "water"},
            {"id": "roads", "type": "line", "source": "omt", "source-layer": "transportation", "minzoom": 5}
            """)
        #expect(parsed.layers.map(\.id) == ["bg", "water", "roads"])
        #expect(parsed.layers.map(\.type) == [.background, .fill, .line])
        #expect(parsed.layers[1].sourceLayer == "water")
        #expect(parsed.layers[2].minZoom == 5)
        #expect(parsed.warnings == [StyleWarning(layerID: "hills", property: "type hillshade")])
    }

    @Test func unsupportedPropertiesAreListedOnce() throws {
        let parsed = try style(
            """
            {"id": "roads", "type": "line", "paint": {"line-width": 2, "line-blur": 1, "line-offset": 3},
             "layout": {"line-cap": "round", "line-miter-limit": 2}},
            {"id": "pois", "type": "symbol", "layout": {"icon-image": "x", "text-field": "{name}"}, "ref": "x"}
            """)
        #expect(
            parsed.warnings == [
                StyleWarning(layerID: "roads", property: "paint.line-blur"),
                StyleWarning(layerID: "roads", property: "paint.line-offset"),
                StyleWarning(layerID: "roads", property: "layout.line-miter-limit"),
                StyleWarning(layerID: "pois", property: "ref"),
                StyleWarning(layerID: "pois", property: "layout.icon-image"),
            ])
        #expect(parsed.warnings[0].description == #"layer "roads": paint.line-blur is not supported"#)
    }

    @Test func aPropertyOfAnotherLayerTypeIsUnsupported() throws {
        let parsed = try style(#"{"id": "water", "type": "fill", "paint": {"line-color": "red"}}"#)
        #expect(parsed.warnings == [StyleWarning(layerID: "water", property: "paint.line-color")])
    }

    @Test func errorsNameThePathAndTheLayer() {
        let error = styleError(
            """
            {"version": 8, "layers": [{"id": "a", "type": "background"},
            {"id": "roads", "type": "line", "paint": {"line-width": ["interpolate", ["linear"], ["zoom"], 5, 1, 10]}}]}
            """)
        #expect(error?.path == "layers[1].paint.line-width")
        #expect(error?.layerID == "roads")
        let reason = "interpolate needs an even number of stops (input, output pairs)"
        #expect(error?.description == #"layers[1].paint.line-width (layer "roads"): "# + reason)
    }

    @Test func errorsInsideExpressionsPointAtTheArgument() {
        let error = styleError(
            #"""
            {"version": 8, "layers": [{"id": "w", "type": "fill", "filter": ["==", ["get", "class"], ["frobnicate"]]}]}
            """#)
        #expect(error?.path == "layers[0].filter[2]")
        #expect(error?.reason == #""frobnicate" is not an expression operator"#)
    }

    @Test func anOperatorMapWireDoesNotEvaluateIsAWarning() throws {
        let parsed = try style(
            #"""
            {"id": "labels", "type": "symbol",
             "layout": {"text-field": ["format", ["get", "name"], {}], "text-size": 12}},
            {"id": "inside", "type": "fill", "filter": ["within", {"type": "Polygon", "coordinates": []}]},
            {"id": "widths", "type": "line", "paint": {"line-width": ["round", ["zoom"]], "line-color": "red"}},
            {"id": "lookup", "type": "line", "paint": {"line-width": ["get", "w", {"w": 2}]}}
            """#)
        #expect(parsed.layers.map(\.id) == ["labels", "widths", "lookup"])
        #expect(
            parsed.warnings == [
                StyleWarning(
                    layerID: "labels", property: "layout.text-field",
                    detail: #"expression operator "format" is not supported: default used"#),
                StyleWarning(
                    layerID: "inside", property: "filter",
                    detail: #"expression operator "within" is not supported: layer skipped"#),
                StyleWarning(
                    layerID: "widths", property: "paint.line-width",
                    detail: #"expression operator "round" is not supported: default used"#),
                StyleWarning(
                    layerID: "lookup", property: "paint.line-width",
                    detail: "get takes a property name; reading from an object is not supported: default used"),
            ])
        #expect(parsed.layers[0].textField(for: feature(["name": .string("x")]), zoom: 12) == nil)
        #expect(parsed.layers[0].textSize(for: feature(), zoom: 12) == 12)
        #expect(parsed.layers[1].lineWidth(for: feature(), zoom: 12) == 1)
        #expect(
            parsed.warnings[1].description
                == #"layer "inside": filter: expression operator "within" is not supported: layer skipped"#)
    }

    @Test func documentLevelErrors() {
        #expect(styleError("not json")?.path == "style")
        #expect(styleError(#"{"version": 7, "layers": []}"#)?.path == "version")
        #expect(styleError(#"{"version": 8}"#)?.path == "layers")
        #expect(styleError(#"{"version": 8, "layers": [{"type": "fill"}]}"#)?.path == "layers[0].id")
        let duplicate = styleError(
            #"{"version": 8, "layers": [{"id": "a", "type": "fill"}, {"id": "a", "type": "line"}]}"#)
        #expect(duplicate?.path == "layers[1].id")
        #expect(
            styleError(#"{"version": 8, "layers": [{"id": "a", "type": "fill", "minzoom": 30}]}"#)?.path
                == "layers[0].minzoom")
        let badEnum = styleError(
            #"{"version": 8, "layers": [{"id": "a", "type": "line", "layout": {"line-cap": "pointy"}}]}"#)
        #expect(badEnum?.path == "layers[0].layout.line-cap")
        let badColour = styleError(
            ##"{"version": 8, "layers": [{"id": "a", "type": "fill", "paint": {"fill-color": "#12"}}]}"##)
        #expect(badColour?.path == "layers[0].paint.fill-color")
    }

    @Test func aLiteralOfTheWrongTypeIsAnErrorNotADefault() {
        func failure(_ paint: String, type: String = "line") -> StyleError? {
            styleError(#"{"version": 8, "layers": [{"id": "a", "type": "\#(type)", "paint": {\#(paint)}}]}"#)
        }
        #expect(failure(#""line-width": "3""#)?.reason == "expected a number, not a string")
        #expect(failure(#""line-color": 5"#)?.reason == "expected a colour, not a number")
        #expect(failure(#""line-dasharray": ["literal", [2, "x"]]"#)?.path == "layers[0].paint.line-dasharray[1][1]")
        let inMatch = failure(#""line-width": ["match", ["get", "class"], "a", true, 2]"#)
        #expect(inMatch?.path == "layers[0].paint.line-width[3]")
        #expect(failure(#""line-width": {"stops": [[5, "wide"]]}"#)?.path == "layers[0].paint.line-width.stops[0][1]")
        #expect(failure(#""line-width": null"#) == nil)
    }

    @Test func aFileThatCannotBeReadOrParsedIsAStyleError() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/style.json")
        #expect(throws: StyleError.self) { try MapStyle(contentsOf: missing) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mapstyle-\(UUID()).json")
        try Data(#"{"version": 8, "layers": [{"id": "x", "type": "line", "filter": ["in"]}]}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            _ = try MapStyle(contentsOfFile: file.path)
            Issue.record("a bad style file loaded")
        } catch {
            #expect(error.path == "\(file.lastPathComponent): layers[0].filter")
            #expect(error.layerID == "x")
        }
    }

    @Test func propertyKeysAreInternedOncePerStyle() throws {
        let parsed = try style(
            """
            {"id": "a", "type": "line", "filter": ["==", "class", "motorway"]},
            {"id": "b", "type": "line", "filter": ["==", ["get", "class"], "trunk"],
             "paint": {"line-width": ["match", ["get", "brunnel"], "bridge", 2, 1]}}
            """)
        #expect(parsed.propertyKeys.map(\.name) == ["class", "brunnel"])
        #expect(parsed.propertyKey(named: "brunnel")?.index == 1)
        #expect(parsed.propertyKey(named: "name") == nil)
    }
}
