/// One data source's credit as the attribution control shows it: its text,
/// and the page it links to, if any ("© OpenStreetMap contributors", linked
/// to OpenStreetMap's copyright page as its licence asks).
package struct MapCredit: Hashable, Sendable, ExpressibleByStringLiteral {
    /// What the control shows.
    package let text: String
    /// An http(s) URL; never another scheme, since the page opens it in a new tab.
    package let url: String?

    /// Where OpenStreetMap's guidelines ask its credit to link.
    package static let openStreetMapCopyright = "https://www.openstreetmap.org/copyright"

    /// `text` linked to `url` when that is an http(s) URL; a credit to
    /// OpenStreetMap with no such link links to its copyright page.
    package init(text: String, url: String? = nil) {
        self.text = text
        self.url = url.flatMap(Self.webURL) ?? (text.contains("OpenStreetMap") ? Self.openStreetMapCopyright : nil)
    }

    package init(stringLiteral text: String) {
        self.init(text: text)
    }

    /// `url` when it is an absolute http or https URL with a host and no
    /// characters a URL may not hold; nil for anything else (`javascript:`,
    /// relative paths), so nothing but a web page is ever opened.
    package static func webURL(_ url: String) -> String? {
        let lower = url.lowercased()
        guard let scheme = ["https://", "http://"].first(where: lower.hasPrefix) else { return nil }
        let rest = url.dropFirst(scheme.count)
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !host.isEmpty, url.utf8.count <= 2048 else { return nil }
        // Printable ASCII without spaces, quotes or angle brackets: a URL as RFC 3986 writes it.
        let allowed = url.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && !Self.unsafe.contains($0) }
        return allowed ? url : nil
    }

    private static let unsafe: Set<Unicode.Scalar> = ["\"", "<", ">", "\\", "^", "`", "{", "|", "}"]
}
