import DisplayList
import Foundation

@testable import MapStyle

/// Compiles one expression or filter from JSON text, as a style would.
func expression(_ json: String, kind: ValueKind? = nil) throws -> StyleExpression {
    var compiler = ExpressionCompiler()
    return try compiler.compile(try JSONValue.parse(Data(json.utf8)), path: "test", expecting: kind)
}

func filter(_ json: String) throws -> StyleExpression {
    var compiler = ExpressionCompiler()
    return try compiler.compileFilter(try JSONValue.parse(Data(json.utf8)), path: "filter")
}

func property(_ json: String, kind: ValueKind, tokens: Bool = false) throws -> StyleExpression {
    var compiler = ExpressionCompiler()
    return try compiler.compileProperty(try JSONValue.parse(Data(json.utf8)), path: "p", kind: kind, tokens: tokens)
}

/// The error compiling `json` throws, for checking its path and reason.
func compileError(_ json: String, kind: ValueKind? = nil) -> StyleError? {
    do {
        _ = try expression(json, kind: kind)
        return nil
    } catch {
        return error as? StyleError
    }
}

func feature(
    _ type: StyleGeometryType = .lineString, id: StyleValue = .null, _ properties: [String: StyleValue] = [:]
) -> StyleFeatureValues {
    StyleFeatureValues(type, id: id, properties: properties)
}

func feature(_ properties: [String: StyleValue]) -> StyleFeatureValues {
    StyleFeatureValues(.lineString, properties: properties)
}

func style(_ layers: String) throws -> MapStyle {
    try MapStyle(json: Data(#"{"version": 8, "sources": {}, "layers": [\#(layers)]}"#.utf8))
}

func styleError(_ json: String) -> StyleError? {
    do {
        _ = try MapStyle(json: Data(json.utf8))
        return nil
    } catch {
        return error as StyleError
    }
}

extension StyleExpression {
    func value(_ feature: StyleFeatureValues = feature(), zoom: Double = 10) -> ExpressionValue {
        evaluate(feature, zoom: zoom)
    }
}
