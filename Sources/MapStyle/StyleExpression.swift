/// A compiled style expression: built once from JSON (`ExpressionCompiler`),
/// then evaluated for every feature. Property names are interned keys and
/// literal colours are already parsed, so evaluating hashes no string.
package indirect enum StyleExpression: Sendable {
    case literal(ExpressionValue)
    case get(StylePropertyKey)
    case has(StylePropertyKey)
    case featureID
    case geometryType
    case zoom
    case not(StyleExpression)
    case all([StyleExpression])
    case any([StyleExpression])
    case compare(ComparisonOperator, StyleExpression, StyleExpression)
    /// `in` with a haystack known when compiling: legacy `["in", key, ...]`
    /// and `["in", x, ["literal", [...]]]`.
    case oneOf(StyleExpression, [ExpressionValue])
    /// `in` whose haystack is computed: an array or a string (a substring test).
    case contains(needle: StyleExpression, haystack: StyleExpression)
    case match(StyleExpression, labels: [MatchLabel], outputs: [StyleExpression], fallback: StyleExpression)
    case coalesce([StyleExpression])
    case cases([(condition: StyleExpression, output: StyleExpression)], fallback: StyleExpression)
    case arithmetic(ArithmeticOperator, [StyleExpression])
    /// `string`, `number`, `boolean`: the first argument of that type, else null.
    case assertType(AssertedType, [StyleExpression])
    case toText(StyleExpression)
    case toNumber([StyleExpression])
    case concat([StyleExpression])
    case interpolate(Interpolation, input: StyleExpression, stops: [(input: Double, output: StyleExpression)])
    case step(input: StyleExpression, first: StyleExpression, stops: [(input: Double, output: StyleExpression)])
    /// A `{name:latin}` token: the property, else `fallback` (`name`), else empty.
    case token(StylePropertyKey, fallback: StylePropertyKey?)
    /// `text-transform`, applied after the text is built.
    case transform(TextTransform, StyleExpression)

    package enum ComparisonOperator: String, Sendable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    package enum ArithmeticOperator: String, Sendable {
        case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%", power = "^"
        case minimum = "min", maximum = "max"
    }

    package enum AssertedType: String, Sendable {
        case string, number, boolean
    }

    package enum Interpolation: Sendable, Equatable {
        case linear
        case exponential(base: Double)
    }

    /// One `match` label and the output it selects.
    package struct MatchLabel: Sendable {
        package var value: ExpressionValue
        package var output: Int
    }

    /// Whether the value can change with the feature; constant-only (zoom)
    /// expressions let the caller resolve a property once per zoom.
    package var readsFeature: Bool { !reads.isEmpty }
}
