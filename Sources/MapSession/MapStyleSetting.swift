/// The style the street map draws with, as `--style` names it.
///
/// `light`, the default, follows each browser: a page whose browser prefers
/// a dark colour scheme gets the dark style, and the page's URL
/// (`?style=dark`) or the app (`MapView.overrideUserInterfaceStyle`) may
/// choose either. `dark` and a style file apply to every tab.
public enum MapStyleSetting: Sendable, Hashable, CustomStringConvertible {
    /// MapWire's light style, or its dark one where the browser, the URL or the app asks for it.
    case light
    /// MapWire's dark style, for every tab.
    case dark
    /// A MapLibre style file (JSON) of the server's own, for every tab; read
    /// again on SIGHUP and when the file changes.
    case file(String)

    /// `light`, `dark`, or else the path of a style file.
    public init(argument: String) {
        switch argument {
        case "light": self = .light
        case "dark": self = .dark
        default: self = .file(argument)
        }
    }

    /// As `--style` takes it.
    public var description: String {
        switch self {
        case .light: "light"
        case .dark: "dark"
        case .file(let path): path
        }
    }

    /// The style file's path, for a style file.
    public var path: String? {
        if case .file(let path) = self { return path }
        return nil
    }
}
