/// The forms styles wrote before expressions and still do: filters such as
/// `["==", "class", "motorway"]` and functions such as `{"stops": [[z, v]]}`.
extension ExpressionCompiler {
    /// A layer's `filter`, legacy or expression, told apart as MapLibre
    /// does: by the shape of its first arguments.
    package mutating func compileFilter(_ json: JSONValue, path: String) throws(StyleError) -> StyleExpression {
        if Self.isExpressionFilter(json) { return try compile(json, path: path, expecting: .boolean) }
        return try compileLegacyFilter(json, path: path)
    }

    package static func isExpressionFilter(_ json: JSONValue) -> Bool {
        guard case .array(let items) = json else { return true }
        guard case .string(let op)? = items.first else { return false }
        switch op {
        case "has":
            return items.count >= 2 && items[1] != .string("$id") && items[1] != .string("$type")
        case "in":
            return items.count >= 3 && (items[1].string == nil || items[2].array != nil)
        case "!in", "!has", "none":
            return false
        case "==", "!=", "<", "<=", ">", ">=":
            return items.count != 3 || items[1].array != nil || items[2].array != nil
        case "all", "any":
            return items.dropFirst().allSatisfy { item in
                if case .bool = item { return true }
                return isExpressionFilter(item)
            }
        default:
            return true
        }
    }

    package mutating func compileLegacyFilter(_ json: JSONValue, path: String) throws(StyleError) -> StyleExpression {
        if case .bool(let b) = json { return .literal(.bool(b)) }
        guard case .array(let items) = json, case .string(let op)? = items.first else {
            throw error(path, "a filter is an array starting with its operator")
        }
        func subject() throws(StyleError) -> StyleExpression {
            guard items.count >= 2, case .string(let key) = items[1] else {
                throw error(path, "\(op) needs a property name first")
            }
            switch key {
            case "$type": return .geometryType
            case "$id": return .featureID
            default: return .get(keys.intern(key))
            }
        }
        func values(from start: Int) throws(StyleError) -> [ExpressionValue] {
            var out: [ExpressionValue] = []
            for i in items.indices.dropFirst(start) {
                out.append(try literal(items[i], path: "\(path)[\(i)]", kind: nil))
            }
            return out
        }
        switch op {
        case "==", "!=", "<", "<=", ">", ">=":
            guard items.count == 3 else { throw error(path, "\(op) needs a property name and a value") }
            let value = try literal(items[2], path: "\(path)[2]", kind: nil)
            return .compare(StyleExpression.ComparisonOperator(rawValue: op)!, try subject(), .literal(value))
        case "in", "!in":
            let test = StyleExpression.oneOf(try subject(), try values(from: 2))
            return op == "in" ? test : .not(test)
        case "has", "!has":
            // Every feature has a type; `$id` is there when the tile gave one.
            let test: StyleExpression =
                switch try subject() {
                case .get(let key): .has(key)
                case .featureID: .compare(.notEqual, .featureID, .literal(.null))
                default: .literal(.bool(true))
                }
            return op == "has" ? test : .not(test)
        case "all", "any", "none":
            var parts: [StyleExpression] = []
            for i in items.indices.dropFirst() {
                parts.append(try compileLegacyFilter(items[i], path: "\(path)[\(i)]"))
            }
            return op == "all" ? .all(parts) : (op == "any" ? .any(parts) : .not(.any(parts)))
        default:
            throw error(path, "filter operator \"\(op)\" is not supported")
        }
    }

    /// `{"stops": [[z, v], ...], "base": b}` and its `type` and `property`
    /// variants, compiled to the `interpolate`, `step` or `match` they mean.
    package mutating func compileLegacyFunction(
        _ function: [String: JSONValue], path: String, kind: ValueKind
    ) throws(StyleError) -> StyleExpression {
        let input: StyleExpression
        switch function["property"] {
        case nil: input = .zoom
        case .string(let name)?: input = .get(keys.intern(name))
        default: throw error("\(path).property", "a function's property is a name")
        }
        let type = function["type"]?.string ?? (kind.interpolatesByDefault ? "exponential" : "interval")
        if type == "identity" {
            guard case .get = input else { throw error(path, "an identity function needs a property") }
            return input
        }
        guard case .array(let stopsJSON)? = function["stops"], !stopsJSON.isEmpty else {
            throw error("\(path).stops", "a function needs a non-empty stops array")
        }
        var stops: [(input: ExpressionValue, output: StyleExpression)] = []
        for (i, stop) in stopsJSON.enumerated() {
            let at = "\(path).stops[\(i)]"
            guard case .array(let pair) = stop, pair.count == 2 else { throw error(at, "a stop is [input, output]") }
            if case .object = pair[0] { throw unsupported(at, "zoom-and-property functions are not supported") }
            let output = StyleExpression.literal(try literal(pair[1], path: "\(at)[1]", kind: kind, wrapped: true))
            stops.append((try literal(pair[0], path: "\(at)[0]", kind: nil), output))
        }
        let fallback = StyleExpression.literal(
            try function["default"].map { v throws(StyleError) in
                try literal(v, path: "\(path).default", kind: kind, wrapped: true)
            } ?? .null)
        switch type {
        case "categorical":
            let labels = stops.indices.map { StyleExpression.MatchLabel(value: stops[$0].input, output: $0) }
            return .match(input, labels: labels, outputs: stops.map(\.output), fallback: fallback)
        case "exponential", "interval":
            var numeric: [(input: Double, output: StyleExpression)] = []
            for (i, stop) in stops.enumerated() {
                guard let x = stop.input.number else {
                    throw error("\(path).stops[\(i)][0]", "a stop's input is a number")
                }
                if let last = numeric.last, x <= last.input {
                    throw error("\(path).stops[\(i)][0]", "stop inputs must increase (\(x) after \(last.input))")
                }
                numeric.append((x, stop.output))
            }
            if type == "interval" {
                return .step(input: input, first: numeric[0].output, stops: Array(numeric.dropFirst()))
            }
            let base = function["base"]?.number ?? 1
            guard base > 0 else { throw error("\(path).base", "a function's base is a positive number") }
            return .interpolate(base == 1 ? .linear : .exponential(base: base), input: input, stops: numeric)
        default:
            throw error("\(path).type", "function type \"\(type)\" is not supported")
        }
    }
}
