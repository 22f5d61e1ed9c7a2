import Foundation

/// Evaluation. A value of the wrong type where MapLibre would raise an
/// evaluation error gives `.null` here, so a property falls back to its
/// default and a filter does not match, as MapLibre does after the error.
extension StyleExpression {
    package func evaluate(_ feature: some StyleFeature, zoom: Double) -> ExpressionValue {
        switch self {
        case .literal(let value):
            return value
        case .get(let key):
            return feature.property(key).map(ExpressionValue.init) ?? .null
        case .has(let key):
            return .bool(feature.property(key) != nil)
        case .featureID:
            return ExpressionValue(feature.featureID)
        case .geometryType:
            return .string(feature.geometryType.name)
        case .zoom:
            return .number(zoom)
        case .not(let e):
            return .bool(!e.evaluate(feature, zoom: zoom).truthy)
        case .all(let es):
            return .bool(es.allSatisfy { $0.evaluate(feature, zoom: zoom).truthy })
        case .any(let es):
            return .bool(es.contains { $0.evaluate(feature, zoom: zoom).truthy })
        case .compare(let op, let a, let b):
            return .bool(Self.compare(op, a.evaluate(feature, zoom: zoom), b.evaluate(feature, zoom: zoom)))
        case .oneOf(let e, let values):
            let value = e.evaluate(feature, zoom: zoom)
            return .bool(values.contains(value))
        case .contains(let needle, let haystack):
            return .bool(Self.contains(needle.evaluate(feature, zoom: zoom), haystack.evaluate(feature, zoom: zoom)))
        case .match(let input, let labels, let outputs, let fallback):
            let value = input.evaluate(feature, zoom: zoom)
            for label in labels where label.value == value {
                return outputs[label.output].evaluate(feature, zoom: zoom)
            }
            return fallback.evaluate(feature, zoom: zoom)
        case .coalesce(let es):
            for e in es {
                let value = e.evaluate(feature, zoom: zoom)
                if !value.isNull { return value }
            }
            return .null
        case .cases(let branches, let fallback):
            for branch in branches where branch.condition.evaluate(feature, zoom: zoom).truthy {
                return branch.output.evaluate(feature, zoom: zoom)
            }
            return fallback.evaluate(feature, zoom: zoom)
        case .arithmetic(let op, let es):
            return Self.arithmetic(op, es, feature, zoom)
        case .assertType(let type, let es):
            for e in es {
                let value = e.evaluate(feature, zoom: zoom)
                switch (type, value) {
                case (.string, .string), (.number, .number), (.boolean, .bool): return value
                default: continue
                }
            }
            return .null
        case .toText(let e):
            return .string(e.evaluate(feature, zoom: zoom).text)
        case .toNumber(let es):
            for e in es {
                if let n = Self.number(e.evaluate(feature, zoom: zoom)) { return .number(n) }
            }
            return .null
        case .concat(let es):
            return .string(es.map { $0.evaluate(feature, zoom: zoom).text }.joined())
        case .interpolate(let kind, let input, let stops):
            guard let x = input.evaluate(feature, zoom: zoom).number else { return .null }
            return Self.interpolate(kind, x, stops, feature, zoom)
        case .step(let input, let first, let stops):
            guard let x = input.evaluate(feature, zoom: zoom).number else { return .null }
            var output = first
            for stop in stops {
                guard x >= stop.input else { break }
                output = stop.output
            }
            return output.evaluate(feature, zoom: zoom)
        case .token(let key, let fallback):
            if let value = feature.property(key) { return .string(ExpressionValue(value).text) }
            if let fallback, let value = feature.property(fallback) { return .string(ExpressionValue(value).text) }
            return .string("")
        case .transform(let transform, let e):
            let value = e.evaluate(feature, zoom: zoom)
            guard case .string(let s) = value else { return value }
            switch transform {
            case .none: return value
            case .uppercase: return .string(s.uppercased())
            case .lowercase: return .string(s.lowercased())
            }
        }
    }

    private static func compare(_ op: ComparisonOperator, _ a: ExpressionValue, _ b: ExpressionValue) -> Bool {
        switch op {
        case .equal: return a == b
        case .notEqual: return a != b
        default: break
        }
        // Ordering is defined between two numbers or two strings only.
        let order: ComparisonResult
        switch (a, b) {
        case (.number(let x), .number(let y)):
            order = x < y ? .orderedAscending : (x > y ? .orderedDescending : .orderedSame)
        case (.string(let x), .string(let y)):
            order = x < y ? .orderedAscending : (x > y ? .orderedDescending : .orderedSame)
        default:
            return false
        }
        switch op {
        case .less: return order == .orderedAscending
        case .lessOrEqual: return order != .orderedDescending
        case .greater: return order == .orderedDescending
        case .greaterOrEqual: return order != .orderedAscending
        case .equal, .notEqual: return false
        }
    }

    private static func contains(_ needle: ExpressionValue, _ haystack: ExpressionValue) -> Bool {
        switch (needle, haystack) {
        case (_, .array(let items)): items.contains(needle)
        case (.string(let n), .string(let h)): h.contains(n)
        default: false
        }
    }

    /// Numbers only: any other operand makes the result null (the default).
    private static func arithmetic(
        _ op: ArithmeticOperator, _ operands: [StyleExpression], _ feature: some StyleFeature, _ zoom: Double
    ) -> ExpressionValue {
        var result: Double?
        for operand in operands {
            guard let x = operand.evaluate(feature, zoom: zoom).number else { return .null }
            guard let sum = result else {
                result = x
                continue
            }
            result =
                switch op {
                case .add: sum + x
                case .subtract: sum - x
                case .multiply: sum * x
                case .divide: sum / x
                case .remainder: sum.truncatingRemainder(dividingBy: x)
                case .power: pow(sum, x)
                case .minimum: min(sum, x)
                case .maximum: max(sum, x)
                }
        }
        guard var value = result else { return .null }
        if op == .subtract, operands.count == 1 { value = -value }
        return value.isFinite ? .number(value) : .null
    }

    private static func number(_ value: ExpressionValue) -> Double? {
        switch value {
        case .number(let n): n
        case .bool(let b): b ? 1 : 0
        case .string(let s): Double(s.trimmingCharacters(in: .whitespaces))
        case .null: 0
        case .color, .array: nil
        }
    }

    private static func interpolate(
        _ kind: Interpolation, _ x: Double, _ stops: [(input: Double, output: StyleExpression)],
        _ feature: some StyleFeature, _ zoom: Double
    ) -> ExpressionValue {
        guard let first = stops.first, let last = stops.last else { return .null }
        if x <= first.input { return first.output.evaluate(feature, zoom: zoom) }
        if x >= last.input { return last.output.evaluate(feature, zoom: zoom) }
        var upper = 1
        while stops[upper].input <= x { upper += 1 }
        let lower = stops[upper - 1], higher = stops[upper]
        let t = interpolationFactor(kind, x - lower.input, higher.input - lower.input)
        return ExpressionValue.interpolate(
            lower.output.evaluate(feature, zoom: zoom), higher.output.evaluate(feature, zoom: zoom), t)
    }

    /// How far between two stops `progress` is: linear, or the spec's
    /// exponential curve, where a base above 1 grows slowly and then fast.
    package static func interpolationFactor(_ kind: Interpolation, _ progress: Double, _ span: Double) -> Double {
        guard span > 0 else { return 0 }
        switch kind {
        case .linear:
            return progress / span
        case .exponential(let base):
            if base == 1 { return progress / span }
            return (pow(base, progress) - 1) / (pow(base, span) - 1)
        }
    }
}
