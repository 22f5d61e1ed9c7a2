extension StyleExpression {
    /// The strings a feature's `key` property must be one of for this
    /// filter to hold (`["==", ["get", "class"], "primary"]`, a `match` on
    /// it to true, an `all` with such a test), or nil when the filter does
    /// not say: a renderer may then test only the features with one of them.
    package func requiredStrings(for key: StylePropertyKey) -> Set<String>? {
        switch self {
        case .all(let conditions):
            // Any one condition every feature must pass narrows them all.
            for condition in conditions {
                if let strings = condition.requiredStrings(for: key) { return strings }
            }
            return nil
        case .compare(.equal, .get(let k), .literal(.string(let value))) where k == key,
            .compare(.equal, .literal(.string(let value)), .get(let k)) where k == key:
            return [value]
        case .oneOf(.get(let k), let values) where k == key:
            return Self.strings(values)
        case .match(.get(let k), let labels, let outputs, .literal(.bool(false))) where k == key:
            var chosen: [ExpressionValue] = []
            for label in labels {
                guard label.output < outputs.count, case .literal(.bool(let taken)) = outputs[label.output] else {
                    return nil
                }
                if taken { chosen.append(label.value) }
            }
            return Self.strings(chosen)
        default:
            return nil
        }
    }

    /// `values` when every one is a string; nil otherwise (a number could match a feature's number).
    private static func strings(_ values: [ExpressionValue]) -> Set<String>? {
        var strings = Set<String>()
        for value in values {
            guard case .string(let s) = value else { return nil }
            strings.insert(s)
        }
        return strings
    }
}
