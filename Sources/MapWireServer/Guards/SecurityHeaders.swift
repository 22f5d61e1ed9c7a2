/// The headers on every answer, files, API and refusals alike.
enum SecurityHeaders {
    /// Name and value pairs, in the order they are sent.
    static func all(allowedOrigins: [String]) -> [(name: String, value: String)] {
        [
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Content-Security-Policy", contentSecurityPolicy(allowedOrigins: allowedOrigins)),
            ("Cross-Origin-Opener-Policy", "same-origin"),
        ]
    }

    /// What the page needs and nothing more: its own scripts, stylesheet,
    /// fonts and images (plus `blob:` images the painter makes from
    /// `DEF_IMAGE` and the empty `data:` icon), sockets to itself only, no
    /// inline script, no plugins, no forms, frames of its own pages only (the
    /// embedding example frames the map), and framing by itself and the
    /// allowed origins (never `X-Frame-Options`, which would forbid that).
    /// JSON answers carry it too, where it costs nothing.
    static func contentSecurityPolicy(allowedOrigins: [String]) -> String {
        let ancestors = (["'self'"] + allowedOrigins.compactMap(HostPolicy.normalizedOrigin)).joined(separator: " ")
        return [
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self' blob: data:",
            "font-src 'self'",
            "connect-src 'self'",
            "base-uri 'none'",
            "form-action 'none'",
            "object-src 'none'",
            "frame-src 'self'",
            "frame-ancestors \(ancestors)",
        ].joined(separator: "; ")
    }
}
