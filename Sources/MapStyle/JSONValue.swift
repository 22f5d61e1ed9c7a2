import Foundation

/// A style sheet's JSON as a value, so the compilers can tell a bool from a
/// number (Foundation's untyped JSON cannot on Linux) and name the path of
/// whatever they refuse.
package enum JSONValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Parses a whole document; a syntax error is a `StyleError` at the root.
    package static func parse(_ data: Data) throws(StyleError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw StyleError(path: "style", reason: "not valid JSON (\(error.localizedDescription))")
        }
    }

    package var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    package var number: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    package var array: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    package var object: [String: JSONValue]? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// How an error message names a value's kind.
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
