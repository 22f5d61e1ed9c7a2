import DisplayList

/// What an expression evaluates to: a feature value, or a colour or an array
/// that only styles make.
package enum ExpressionValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case color(Color)
    case array([ExpressionValue])

    package init(_ value: StyleValue) {
        switch value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let n): self = .number(n)
        case .string(let s): self = .string(s)
        }
    }

    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    package var number: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// MapLibre's `to-string`: how a value reads in a label.
    package var text: String {
        switch self {
        case .null: ""
        case .bool(let b): b ? "true" : "false"
        case .number(let n): Self.format(n)
        case .string(let s): s
        case .color(let c): Self.cssText(c)
        case .array(let items): "[" + items.map(\.text).joined(separator: ",") + "]"
        }
    }

    /// Whole numbers without a decimal point, as JavaScript prints them.
    private static func format(_ n: Double) -> String {
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return String(n)
    }

    private static func cssText(_ c: Color) -> String {
        let r = c.rgba >> 24, g = (c.rgba >> 16) & 0xFF, b = (c.rgba >> 8) & 0xFF
        return "rgba(\(r),\(g),\(b),\(format((c.alpha * 1000).rounded() / 1000)))"
    }

    /// `to-boolean`'s truth, which `!`, `all` and `any` also use for what
    /// MapLibre would reject as not a boolean (a missing property is false).
    package var truthy: Bool {
        switch self {
        case .null: false
        case .bool(let b): b
        case .number(let n): n != 0 && !n.isNaN
        case .string(let s): !s.isEmpty
        case .color, .array: true
        }
    }
}

/// Interpolation between two outputs of `interpolate`: numbers, colours (in
/// RGB, alpha too) and arrays of numbers interpolate; anything else steps.
extension ExpressionValue {
    package static func interpolate(_ a: ExpressionValue, _ b: ExpressionValue, _ t: Double) -> ExpressionValue {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            return .number(x + (y - x) * t)
        case (.color(let x), .color(let y)):
            return .color(interpolateColor(x, y, t))
        case (.array(let xs), .array(let ys)) where xs.count == ys.count:
            return .array(zip(xs, ys).map { interpolate($0, $1, t) })
        default:
            return t < 1 ? a : b
        }
    }

    private static func interpolateColor(_ a: Color, _ b: Color, _ t: Double) -> Color {
        func channel(_ shift: UInt32) -> UInt32 {
            let x = Double((a.rgba >> shift) & 0xFF), y = Double((b.rgba >> shift) & 0xFF)
            return UInt32(min(max((x + (y - x) * t).rounded(), 0), 255)) << shift
        }
        return Color(rgba: channel(24) | channel(16) | channel(8) | channel(0))
    }
}
