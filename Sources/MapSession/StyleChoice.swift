import MapCore
import StreetTiles
import Wire

/// Which style one tab draws, and whether its controls look light or dark.
///
/// A style the server forces (`--style dark`, or a style file) applies to
/// every tab. Under the default, the app's choice for the tab comes first,
/// then the page URL's `?style=`, then the browser's colour scheme; light
/// when none of them says.
package struct StyleChoice: Equatable, Sendable {
    package var tiles: StreetTileStyles.Key
    package var look: UserInterfaceStyle

    package init(tiles: StreetTileStyles.Key, look: UserInterfaceStyle) {
        self.tiles = tiles
        self.look = look
    }

    /// What a tab draws. `fileIsDark`: whether the style file draws a dark map.
    package static func resolve(
        setting: MapStyleSetting, fileIsDark: Bool, app: UserInterfaceStyle, url: String,
        browser: PreferredColorScheme
    ) -> StyleChoice {
        switch setting {
        case .file: return StyleChoice(tiles: .custom, look: fileIsDark ? .dark : .light)
        case .dark: return .dark
        case .light: break
        }
        switch app {
        case .dark: return .dark
        case .light: return .light
        case .unspecified: break
        }
        switch url.lowercased() {
        case "dark": return .dark
        case "light": return .light
        default: return browser == .dark ? .dark : .light
        }
    }

    package static let light = StyleChoice(tiles: .light, look: .light)
    package static let dark = StyleChoice(tiles: .dark, look: .dark)
}
