import Foundation
import Testing

@testable import MapStyle

@Suite struct JSONReaderTests {
    func parse(_ text: String) throws -> JSONValue {
        try JSONValue.parse(Data(text.utf8))
    }

    func failure(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return (error as? StyleError)?.reason
        }
    }

    @Test func valuesOfEveryKind() throws {
        let value = try parse(#" {"a": [1, -2.5e2, true, false, null], "b": {"c": "d"}, "e": ""} "#)
        #expect(
            value
                == .object([
                    "a": .array([.number(1), .number(-250), .bool(true), .bool(false), .null]),
                    "b": .object(["c": .string("d")]), "e": .string(""),
                ]))
        #expect(try parse("[]") == .array([]))
        #expect(try parse("{}") == .object([:]))
    }

    @Test func boolsAreNotNumbers() throws {
        #expect(try parse("[true, 1]") == .array([.bool(true), .number(1)]))
    }

    @Test func stringEscapesAndUnicode() throws {
        #expect(try parse(#""a\"b\\c\/d\n\t""#) == .string("a\"b\\c/d\n\t"))
        #expect(try parse(#""caf\u00e9 \ud83d\uddfa""#) == .string("café 🗺"))
        #expect(try parse(#""Straße""#) == .string("Straße"))
    }

    @Test func syntaxErrorsSayWhere() {
        #expect(
            failure("{\n  \"a\": 1,\n  \"b\" 2\n}") == "not valid JSON at line 3, column 7: expected ':' after a key")
        #expect(failure("[1, 2") == "not valid JSON at line 1, column 6: expected ',' or ']'")
        #expect(failure("[1] x")?.hasSuffix("unexpected text after the document") == true)
        #expect(failure(#""open"#)?.hasSuffix("a string is not closed") == true)
        #expect(failure("")?.hasSuffix("unexpected end of the document") == true)
    }

    @Test func numbersFollowJSONsGrammar() {
        for bad in ["01", "+1", ".5", "1.", "1e", "-", "1.2.3"] {
            #expect(failure("[\(bad)]") != nil, "\(bad)")
        }
        #expect(failure("[0.5, -0, 10, 1E+3]") == nil)
    }

    @Test func deepNestingIsRefused() {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(failure(deep)?.contains("nested") == true)
    }
}
