/// Literals and property values: what a bare JSON value means where a
/// property of a given kind is wanted.
extension ExpressionCompiler {
    /// A JSON value as a constant, checked against the kind the property
    /// wants, so a width of `"3"` is an error rather than a silent default.
    /// A string where a colour is wanted must parse as a CSS colour; arrays
    /// appear only inside `literal` or as a property's whole value.
    package func literal(
        _ json: JSONValue, path: String, kind: ValueKind?, wrapped: Bool = false
    ) throws(StyleError) -> ExpressionValue {
        switch (json, kind) {
        case (.null, _): return .null
        case (.bool(let b), nil), (.bool(let b), .boolean?): return .bool(b)
        case (.number(let n), nil), (.number(let n), .number?), (.number(let n), .string?): return .number(n)
        case (.string(let s), .color?):
            guard let color = CSSColor.parse(s) else { throw error(path, "\"\(s)\" is not a colour") }
            return .color(color)
        case (.string(let s), .enumeration(let allowed)?):
            guard allowed.contains(s) else {
                throw error(path, "\"\(s)\" is not one of \(allowed.joined(separator: ", "))")
            }
            return .string(s)
        case (.string(let s), nil), (.string(let s), .string?): return .string(s)
        case (.array(let items), nil), (.array(let items), .numberArray?), (.array(let items), .stringArray?):
            guard wrapped else { throw error(path, "an array here must be wrapped in [\"literal\", ...]") }
            let element: ValueKind? = kind == .numberArray ? .number : (kind == .stringArray ? .string : nil)
            var values: [ExpressionValue] = []
            for (i, item) in items.enumerated() {
                if element == .string, case .number = item { throw mismatch(item, .string, "\(path)[\(i)]") }
                values.append(try literal(item, path: "\(path)[\(i)]", kind: element, wrapped: true))
            }
            return .array(values)
        case (.object, _):
            throw unsupported(path, "object values are not supported")
        case (_, let kind?):
            throw mismatch(json, kind, path)
        }
    }

    private func mismatch(_ json: JSONValue, _ kind: ValueKind, _ path: String) -> StyleError {
        let wanted =
            switch kind {
            case .number: "a number"
            case .color: "a colour"
            case .string: "a string"
            case .boolean: "a boolean"
            case .numberArray: "an array of numbers"
            case .stringArray: "an array of strings"
            case .enumeration(let allowed): "one of \(allowed.joined(separator: ", "))"
            }
        return error(path, "expected \(wanted), not \(json.kindName)")
    }

    /// A paint or layout property's value: a constant, an expression, a
    /// legacy `{"stops": ...}` function, or for `text-field` a string with
    /// `{name}` tokens.
    package mutating func compileProperty(
        _ json: JSONValue, path: String, kind: ValueKind, tokens: Bool = false
    ) throws(StyleError) -> StyleExpression {
        switch json {
        case .object(let function):
            return try compileLegacyFunction(function, path: path, kind: kind)
        case .array(let items):
            if case .string(let op)? = items.first, Self.operators.contains(op) {
                return try compile(json, path: path, expecting: kind)
            }
            if case .string(let op)? = items.first, kind != .stringArray {
                if Self.knownUnsupported.contains(op) {
                    throw unsupported(path, "expression operator \"\(op)\" is not supported")
                }
                throw error(path, "\"\(op)\" is not an expression operator")
            }
            return .literal(try literal(json, path: path, kind: kind, wrapped: true))
        case .string(let text) where tokens:
            return template(text)
        default:
            return try compile(json, path: path, expecting: kind)
        }
    }

    /// `"{name:latin} {ref}"`: literal runs and tokens. A localized name
    /// token (`name:xx`, `name_xx`) falls back to `name` when missing.
    package mutating func template(_ text: String) -> StyleExpression {
        var parts: [StyleExpression] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { parts.append(.literal(.string(String(rest[..<open])))) }
            let name = String(rest[rest.index(after: open)..<close])
            let localized = name.hasPrefix("name:") || name.hasPrefix("name_")
            parts.append(.token(keys.intern(name), fallback: localized ? keys.intern("name") : nil))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.literal(.string(String(rest)))) }
        if parts.count == 1, let only = parts.first { return only }
        return .concat(parts)
    }
}
