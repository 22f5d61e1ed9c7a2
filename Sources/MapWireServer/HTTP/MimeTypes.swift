/// The content types of the files we serve from `Public/`; any other file
/// is sent as `application/octet-stream`.
package enum MimeTypes {
    /// File suffix (with the dot) and its content type.
    package static let table: [(suffix: String, type: String)] = [
        (".html", "text/html; charset=utf-8"),
        (".js", "text/javascript; charset=utf-8"),
        (".mjs", "text/javascript; charset=utf-8"),
        (".css", "text/css; charset=utf-8"),
        (".json", "application/json"),
        (".svg", "image/svg+xml"),
        (".png", "image/png"),
        (".ico", "image/x-icon"),
        (".otf", "font/otf"),
        (".ttf", "font/ttf"),
        (".woff2", "font/woff2"),
        (".txt", "text/plain; charset=utf-8"),
        (".bin", "application/octet-stream"),
    ]

    /// The content type for a path, by its suffix (case-insensitive), or nil.
    package static func type(forPath path: String) -> String? {
        let lower = path.lowercased()
        return table.first { lower.hasSuffix($0.suffix) }?.type
    }
}
