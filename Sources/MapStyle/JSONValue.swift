import Foundation

/// A style sheet's JSON as a value, so the compilers can tell a bool from a
/// number (Foundation's untyped JSON cannot on Linux) and name the path of
/// whatever they refuse.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses a whole document; a syntax error is a `StyleError` naming its
    /// line and column, which Foundation's decoders do not say.
    package static func parse(_ data: Data) throws(StyleError) -> JSONValue {
        var reader = JSONReader(bytes: [UInt8](data))
        return try reader.document()
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
