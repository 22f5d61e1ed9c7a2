/// Compiles expression JSON into a `StyleExpression` tree. One compiler runs
/// over a whole style so every property name is interned into one table.
package struct ExpressionCompiler {
    package var keys = PropertyKeyTable()
    /// The layer being compiled, named in errors.
    package var layerID: String?

    package init() {}

    package func error(_ path: String, _ reason: String) -> StyleError {
        StyleError(path: path, layerID: layerID, reason: reason)
    }

    /// A well-formed request MapWire does not evaluate (see `StyleError.isUnsupported`).
    package func unsupported(_ path: String, _ reason: String) -> StyleError {
        StyleError(path: path, layerID: layerID, reason: reason, isUnsupported: true)
    }

    /// Names MapWire evaluates. A JSON array starting with one of these is an
    /// expression; any other array in a property's place is a literal.
    package static let operators: Set<String> = [
        "literal", "get", "has", "!has", "id", "zoom", "geometry-type", "!", "all", "any", "none", "==", "!=",
        "<", "<=", ">", ">=", "in", "!in", "match", "coalesce", "case", "to-string", "to-number", "to-boolean",
        "concat", "interpolate", "step", "upcase", "downcase", "+", "-", "*", "/", "%", "^", "min", "max",
        "string", "number", "boolean",
    ]

    /// MapLibre operators MapWire does not evaluate: a style using one still
    /// loads, without the property or layer, and with a warning. Any other
    /// name is a mistake in the style.
    package static let knownUnsupported: Set<String> = [
        "let", "var", "sqrt", "log10", "ln", "log2", "sin", "cos", "tan", "asin",
        "acos", "atan", "round", "abs", "ceil", "floor", "pi", "e", "ln2", "format", "image",
        "number-format", "collator", "resolved-locale", "is-supported-script", "feature-state", "properties",
        "line-progress", "heatmap-density", "accumulated", "within", "distance", "at", "index-of", "slice",
        "length", "typeof", "array", "object", "to-color", "to-rgba", "rgb", "rgba",
        "interpolate-hcl", "interpolate-lab", "global-state", "elevation", "split", "config",
    ]

    package mutating func compile(
        _ json: JSONValue, path: String, expecting kind: ValueKind?
    ) throws(StyleError) -> StyleExpression {
        guard case .array(let items) = json else { return .literal(try literal(json, path: path, kind: kind)) }
        guard case .string(let op)? = items.first else {
            throw error(path, "an expression starts with its operator's name; use [\"literal\", [...]] for an array")
        }
        let args = Array(items.dropFirst())
        func arg(_ i: Int, _ kind: ValueKind? = nil) throws(StyleError) -> StyleExpression {
            try compile(args[i], path: "\(path)[\(i + 1)]", expecting: kind)
        }
        func operands(_ kind: ValueKind? = nil) throws(StyleError) -> [StyleExpression] {
            var out: [StyleExpression] = []
            for i in args.indices { out.append(try arg(i, kind)) }
            return out
        }
        func argCount(_ allowed: ClosedRange<Int>) throws(StyleError) {
            guard allowed.contains(args.count) else {
                let wanted =
                    allowed.count == 1 ? "\(allowed.lowerBound)" : "\(allowed.lowerBound) to \(allowed.upperBound)"
                throw error(
                    path, "\(op) takes \(wanted) argument\(allowed.upperBound == 1 ? "" : "s"), not \(args.count)")
            }
        }
        switch op {
        case "literal":
            try argCount(1...1)
            return .literal(try literal(args[0], path: "\(path)[1]", kind: kind, wrapped: true))
        case "get", "has":
            try argCount(1...2)
            guard args.count == 1, case .string(let name) = args[0] else {
                throw unsupported("\(path)[1]", "\(op) takes a property name; reading from an object is not supported")
            }
            let key = keys.intern(name)
            return op == "get" ? .get(key) : .has(key)
        case "id", "zoom", "geometry-type":
            try argCount(0...0)
            return op == "id" ? .featureID : (op == "zoom" ? .zoom : .geometryType)
        case "!":
            try argCount(1...1)
            return .not(try arg(0))
        case "to-boolean":
            try argCount(1...1)
            return .not(.not(try arg(0)))
        case "all", "any":
            return op == "all" ? .all(try operands()) : .any(try operands())
        case "==", "!=", "<", "<=", ">", ">=":
            guard args.count == 2 else {
                throw unsupported(path, "\(op) compares two values (a collator argument is not supported)")
            }
            return .compare(StyleExpression.ComparisonOperator(rawValue: op)!, try arg(0), try arg(1))
        case "in":
            try argCount(2...2)
            let needle = try arg(0), haystack = try arg(1)
            if case .literal(.array(let values)) = haystack { return .oneOf(needle, values) }
            return .contains(needle: needle, haystack: haystack)
        case "match":
            return try match(args, path: path, kind: kind)
        case "coalesce":
            return .coalesce(try operands(kind))
        case "case":
            guard args.count >= 3, args.count % 2 == 1 else {
                throw error(path, "case needs condition and output pairs, then a fallback")
            }
            var branches: [(condition: StyleExpression, output: StyleExpression)] = []
            for i in stride(from: 0, to: args.count - 1, by: 2) {
                branches.append((try arg(i), try arg(i + 1, kind)))
            }
            return .cases(branches, fallback: try arg(args.count - 1, kind))
        case "+", "*", "min", "max":
            guard !args.isEmpty, op == "min" || op == "max" || args.count >= 2 else {
                throw error(path, "\(op) needs at least \(op == "min" || op == "max" ? 1 : 2) arguments")
            }
            return .arithmetic(StyleExpression.ArithmeticOperator(rawValue: op)!, try operands())
        case "-", "/", "%", "^":
            try argCount(op == "-" ? 1...2 : 2...2)
            return .arithmetic(StyleExpression.ArithmeticOperator(rawValue: op)!, try operands())
        case "string", "number", "boolean":
            guard !args.isEmpty else { throw error(path, "\(op) takes at least one argument") }
            return .assertType(StyleExpression.AssertedType(rawValue: op)!, try operands(kind))
        case "to-string":
            try argCount(1...1)
            return .toText(try arg(0))
        case "to-number":
            guard !args.isEmpty else { throw error(path, "to-number takes at least one argument") }
            return .toNumber(try operands())
        case "concat":
            return .concat(try operands())
        case "upcase", "downcase":
            try argCount(1...1)
            return .transform(op == "upcase" ? .uppercase : .lowercase, try arg(0))
        case "interpolate", "step":
            return try zoomCurve(op, args, path: path, kind: kind)
        case "!has", "!in", "none":
            // Legacy-only operators, found inside an expression filter.
            return try compileLegacyFilter(json, path: path)
        default:
            if Self.knownUnsupported.contains(op) {
                throw unsupported(path, "expression operator \"\(op)\" is not supported")
            }
            throw error(path, "\"\(op)\" is not an expression operator")
        }
    }

    private mutating func match(_ args: [JSONValue], path: String, kind: ValueKind?) throws(StyleError)
        -> StyleExpression
    {
        guard args.count >= 4, args.count % 2 == 0 else {
            throw error(path, "match needs an input, label and output pairs, then a fallback")
        }
        let input = try compile(args[0], path: "\(path)[1]", expecting: nil)
        var labels: [StyleExpression.MatchLabel] = []
        var outputs: [StyleExpression] = []
        for i in stride(from: 1, to: args.count - 1, by: 2) {
            let labelPath = "\(path)[\(i + 1)]"
            let values: [JSONValue] = args[i].array ?? [args[i]]
            guard !values.isEmpty else { throw error(labelPath, "a match label array cannot be empty") }
            for value in values {
                switch value {
                case .string, .number:
                    labels.append(.init(value: try literal(value, path: labelPath, kind: nil), output: outputs.count))
                default: throw error(labelPath, "match labels are strings or numbers, not \(value.kindName)")
                }
            }
            outputs.append(try compile(args[i + 1], path: "\(path)[\(i + 2)]", expecting: kind))
        }
        let fallback = try compile(args[args.count - 1], path: "\(path)[\(args.count)]", expecting: kind)
        return .match(input, labels: labels, outputs: outputs, fallback: fallback)
    }

    private mutating func zoomCurve(
        _ op: String, _ args: [JSONValue], path: String, kind: ValueKind?
    ) throws(StyleError) -> StyleExpression {
        var interpolation = StyleExpression.Interpolation.linear
        var rest = args[...]
        if op == "interpolate" {
            guard let type = rest.popFirst()?.array, case .string(let name)? = type.first else {
                throw error("\(path)[1]", "interpolate needs its type first: [\"linear\"] or [\"exponential\", base]")
            }
            switch (name, type.count) {
            case ("linear", 1): interpolation = .linear
            case ("exponential", 2):
                guard let base = type[1].number, base > 0 else {
                    throw error("\(path)[1]", "an exponential base is a positive number")
                }
                interpolation = .exponential(base: base)
            default:
                throw unsupported("\(path)[1]", "interpolation \"\(name)\" is not supported (linear or exponential)")
            }
        }
        let offset = args.count - rest.count + 1
        guard let inputJSON = rest.popFirst() else { throw error(path, "\(op) needs an input") }
        let input = try compile(inputJSON, path: "\(path)[\(offset)]", expecting: .number)
        var first: StyleExpression?
        if op == "step" {
            guard let firstJSON = rest.popFirst() else {
                throw error(path, "step needs an output below its first stop")
            }
            first = try compile(firstJSON, path: "\(path)[\(offset + 1)]", expecting: kind)
        }
        let stopsStart = args.count - rest.count + 1
        guard rest.count % 2 == 0 else {
            throw error(path, "\(op) needs an even number of stops (input, output pairs)")
        }
        guard op == "step" || !rest.isEmpty else { throw error(path, "interpolate needs at least one stop") }
        var stops: [(input: Double, output: StyleExpression)] = []
        for i in stride(from: 0, to: rest.count, by: 2) {
            let at = stopsStart + i
            guard let stop = rest[rest.startIndex + i].number else {
                throw error("\(path)[\(at)]", "a stop's input is a literal number")
            }
            if let last = stops.last, stop <= last.input {
                throw error("\(path)[\(at)]", "stop inputs must increase (\(stop) after \(last.input))")
            }
            stops.append(
                (stop, try compile(rest[rest.startIndex + i + 1], path: "\(path)[\(at + 1)]", expecting: kind)))
        }
        if let first { return .step(input: input, first: first, stops: stops) }
        return .interpolate(interpolation, input: input, stops: stops)
    }
}
