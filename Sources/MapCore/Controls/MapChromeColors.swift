import DisplayList

/// The colours of what the map draws over itself: the controls, the
/// keyboard shortcuts panel, the standard callout and the markers' titles.
/// Light on a light map; on a dark map they take MapKit's dark look (iOS's
/// dark system colours), so a white card does not glare over dark streets.
/// Marker balloons keep their colours in both, as MapKit's do.
package struct MapChromeColors: Equatable, Sendable {
    /// Buttons and cards: the zoom buttons, the `?` button, the panel.
    var controlFill: Color
    var controlPressed: Color
    var controlInk: Color
    var controlInkDisabled: Color
    var separator: Color
    /// The scale bar's and the attribution's strip, under their text.
    var strip: Color
    var stripInk: Color
    var attributionInk: Color
    var panelSecondaryInk: Color
    /// Links and the callout's accessory buttons (iOS's system blue).
    var tint: Color
    var tintPressed: Color
    var calloutFill: Color
    var calloutPressed: Color
    var calloutTitle: Color
    var calloutSubtitle: Color
    /// Marker titles and subtitles under the balloon, on the map itself.
    var markerLabel: Color

    package static let light = MapChromeColors(
        controlFill: Color(hex: 0xFFFFFF), controlPressed: Color(hex: 0xE5E5EA), controlInk: Color(hex: 0x1C1C1E),
        controlInkDisabled: Color(hex: 0xB8B8BD), separator: Color(hex: 0xD1D1D6),
        strip: Color(hex: 0xFFFFFF).withAlpha(0.8), stripInk: Color(hex: 0x3A3A3C),
        attributionInk: Color(hex: 0x333333), panelSecondaryInk: Color(hex: 0x3A3A3C),
        tint: Color(hex: 0x007AFF), tintPressed: Color(hex: 0x0060DF),
        calloutFill: Color(hex: 0xFFFFFF), calloutPressed: Color(hex: 0xE5E5EA), calloutTitle: Color(hex: 0x1C1C1E),
        calloutSubtitle: Color(hex: 0x6C6C70), markerLabel: Color(hex: 0x1C1C1E))

    package static let dark = MapChromeColors(
        controlFill: Color(hex: 0x2C2C2E), controlPressed: Color(hex: 0x48484A), controlInk: Color(hex: 0xF2F2F7),
        controlInkDisabled: Color(hex: 0x636366), separator: Color(hex: 0x48484A),
        strip: Color(hex: 0x1C1C1E).withAlpha(0.8), stripInk: Color(hex: 0xE5E5EA),
        attributionInk: Color(hex: 0xD1D1D6), panelSecondaryInk: Color(hex: 0xAEAEB2),
        tint: Color(hex: 0x0A84FF), tintPressed: Color(hex: 0x409CFF),
        calloutFill: Color(hex: 0x2C2C2E), calloutPressed: Color(hex: 0x3A3A3C), calloutTitle: Color(hex: 0xF2F2F7),
        calloutSubtitle: Color(hex: 0x98989D), markerLabel: Color(hex: 0xF2F2F7))

    /// The colours for `style`; unspecified is light.
    package static func `for`(_ style: UserInterfaceStyle) -> MapChromeColors {
        style == .dark ? .dark : .light
    }
}
