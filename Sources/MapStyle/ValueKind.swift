/// The type a property wants, which the compiler uses to read literals: a
/// string where a colour is wanted is parsed once, at compile time.
package enum ValueKind: Sendable, Equatable {
    case number
    case color
    case string
    case boolean
    case numberArray
    case stringArray
    /// A string from a fixed set (`line-cap`, `symbol-placement`, ...).
    case enumeration([String])

    /// Whether a legacy `{"stops": ...}` function interpolates by default
    /// or steps (the spec's default for the output type).
    package var interpolatesByDefault: Bool {
        self == .number || self == .color
    }
}
