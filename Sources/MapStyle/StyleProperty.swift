import DisplayList

/// A type a property resolves to, read from what its expression gives.
package protocol StylePropertyValue: Sendable {
    init?(_ value: ExpressionValue)
}

/// One paint or layout property of a layer: its compiled expression, or a
/// constant when the style gave one (or none, for the default), so that
/// constant properties cost a load.
package struct StyleProperty<Value: StylePropertyValue>: Sendable {
    let expression: StyleExpression?
    private let constant: Value?
    private let fallback: Value?

    /// Nil `expression` is the property's default; a literal expression is
    /// resolved here, once. A literal of the wrong type is caught when the
    /// style compiles (`ValueKind`), so it cannot get this far.
    package init(_ expression: StyleExpression?, default fallback: Value?) {
        self.fallback = fallback
        if case .literal(let value)? = expression {
            self.expression = nil
            self.constant = Value(value) ?? fallback
        } else {
            self.expression = expression
            self.constant = fallback
        }
    }

    /// Whether the value differs between features at one zoom; when it does
    /// not, a renderer may resolve it once per layer and tile.
    package var isFeatureDependent: Bool { expression?.readsFeature ?? false }

    /// Whether the style set this property at all.
    package var isSet: Bool { expression != nil || constant != nil }

    package func value(for feature: some StyleFeature, zoom: Double) -> Value? {
        guard let expression else { return constant }
        return Value(expression.evaluate(feature, zoom: zoom)) ?? fallback
    }
}

extension Double: StylePropertyValue {
    package init?(_ value: ExpressionValue) {
        guard case .number(let n) = value, n.isFinite else { return nil }
        self = n
    }
}

extension String: StylePropertyValue {
    package init?(_ value: ExpressionValue) {
        guard !value.isNull else { return nil }
        self = value.text
    }
}

extension Color: StylePropertyValue {
    /// A colour, or a string that parses as one (from a feature property:
    /// rare, so parsed when met).
    package init?(_ value: ExpressionValue) {
        switch value {
        case .color(let c): self = c
        case .string(let s):
            guard let c = CSSColor.parse(s) else { return nil }
            self = c
        default: return nil
        }
    }
}

extension Array: StylePropertyValue where Element: StylePropertyValue {
    package init?(_ value: ExpressionValue) {
        guard case .array(let items) = value else { return nil }
        var out: [Element] = []
        for item in items {
            guard let element = Element(item) else { return nil }
            out.append(element)
        }
        self = out
    }
}

extension StylePropertyValue where Self: RawRepresentable, RawValue == String {
    package init?(_ value: ExpressionValue) {
        guard case .string(let s) = value else { return nil }
        self.init(rawValue: s)
    }
}

/// `line-cap`.
package enum LineCap: String, StylePropertyValue, CaseIterable {
    case butt, round, square
}

/// `line-join`.
package enum LineJoin: String, StylePropertyValue, CaseIterable {
    case miter, round, bevel
}

/// `symbol-placement`: at the feature's point, or repeated along its line.
package enum SymbolPlacement: String, StylePropertyValue, CaseIterable {
    case point, line
}

/// `text-transform`.
package enum TextTransform: String, StylePropertyValue, CaseIterable {
    case none, uppercase, lowercase
}
