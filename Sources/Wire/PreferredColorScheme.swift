/// The colour scheme the browser asks pages for (CSS `prefers-color-scheme`),
/// as HELLO and COLOR_SCHEME carry it: the server picks the map's style from
/// it when the style is not forced.
package enum PreferredColorScheme: UInt8, Sendable {
    /// A page that does not say (one older than the field), or a browser with no preference.
    case unknown = 0
    case light = 1
    case dark = 2
}
