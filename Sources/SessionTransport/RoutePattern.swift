/// A route's path: literal segments and `{name}` segments that take any one
/// non-empty segment, such as `/api/annotations/{id}/position`.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    let segments: [Segment]
    /// The pattern as written; the route's label in metrics and logs.
    public let description: String

    /// `pattern` starts with `/`; a segment in braces is a parameter.
    public init(_ pattern: String) {
        description = pattern
        segments = Self.split(pattern).map { part in
            part.hasPrefix("{") && part.hasSuffix("}") && part.count > 2
                ? .parameter(String(part.dropFirst().dropLast())) : .literal(String(part))
        }
    }

    /// The parameters' values when `path`'s segments fit, else nil.
    func match(_ parts: [Substring]) -> [String: String]? {
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let text):
                guard part == text else { return nil }
            case .parameter(let name):
                guard !part.isEmpty else { return nil }
                parameters[name] = String(part)
            }
        }
        return parameters
    }

    /// A path's segments: `/api/annotations/x` -> `api`, `annotations`, `x`;
    /// an empty segment stays (`/api/annotations/` has one at the end).
    static func split(_ path: some StringProtocol) -> [Substring] {
        Substring(path).dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    }
}
