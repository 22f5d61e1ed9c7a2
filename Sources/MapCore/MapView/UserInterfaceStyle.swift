/// Light or dark, as UIKit's `UIUserInterfaceStyle`: the look of the map's
/// own controls and callouts, and the street style a MapWire session draws.
///
/// Set `MapView.overrideUserInterfaceStyle` to choose one for a tab instead
/// of following the browser (docs/styles.md says which choice wins).
public enum UserInterfaceStyle: Sendable, Hashable {
    /// No choice of its own: the browser's, or the server's style, decides.
    case unspecified
    /// Light controls and callouts, and MapWire's light street style.
    case light
    /// Dark controls and callouts, and MapWire's dark street style.
    case dark
}
