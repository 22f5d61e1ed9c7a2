import Foundation

/// The one reading of media types for every route: a `Content-Type` names
/// how a body is read, an `Accept` which type an answer takes.
package enum MediaType {
    /// `application/JSON; charset=utf-8` -> `application/json`; "" for nil.
    package static func of(_ contentType: String?) -> String {
        guard let contentType else { return "" }
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return type.trimmingCharacters(in: CharacterSet(charactersIn: " \t")).lowercased()
    }
}

/// Picks what to answer from an `Accept` field by RFC 9110 12.5.1: each
/// type the route offers gets the weight of the most specific range that
/// matches it (`type/subtype`, then `type/*`, then `*/*`), `q=0` refuses it,
/// and the heaviest wins, ties going to the route's own order.
package struct AcceptNegotiation {
    package struct MediaRange: Equatable {
        var type: String
        var subtype: String
        var quality: Double
    }

    package let ranges: [MediaRange]

    /// `accept` as sent; nil or empty accepts anything.
    package init(_ accept: String?) {
        ranges = (accept ?? "").split(separator: ",").compactMap(Self.range)
    }

    /// The offered type to answer with; nil when the client accepts none of them (a 406).
    package func choose(from offered: [String]) -> String? {
        guard !ranges.isEmpty else { return offered.first }
        var best: (type: String, quality: Double)?
        for type in offered {
            let quality = self.quality(of: type)
            if quality > 0, quality > (best?.quality ?? 0) { best = (type, quality) }
        }
        return best?.type
    }

    /// The weight `type` gets: the most specific matching range's, 0 when none matches.
    package func quality(of type: String) -> Double {
        let parts = type.lowercased().split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return 0 }
        var match: (specificity: Int, quality: Double)?
        for range in ranges {
            let specificity: Int
            if range.type == parts[0] && range.subtype == parts[1] {
                specificity = 3
            } else if range.type == parts[0] && range.subtype == "*" {
                specificity = 2
            } else if range.type == "*" && range.subtype == "*" {
                specificity = 1
            } else {
                continue
            }
            if specificity > (match?.specificity ?? 0) { match = (specificity, range.quality) }
        }
        return match?.quality ?? 0
    }

    /// `type/subtype;param=x;q=0.5`; nil for what is not a media range.
    private static func range(_ text: Substring) -> MediaRange? {
        let parameters = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let mediaType = parameters.first, !mediaType.isEmpty else { return nil }
        let parts = mediaType.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        var quality = 1.0
        for parameter in parameters.dropFirst() where parameter.hasPrefix("q=") {
            // RFC 9110's qvalue: 0 to 1 with up to three decimals; anything else leaves the range out.
            guard let value = Double(parameter.dropFirst(2)),
                parameter.dropFirst(2).allSatisfy({
                    $0.isNumber || $0 == "."
                }), (0...1).contains(value)
            else { return nil }
            quality = value
        }
        return MediaRange(type: parts[0], subtype: parts[1], quality: quality)
    }
}
