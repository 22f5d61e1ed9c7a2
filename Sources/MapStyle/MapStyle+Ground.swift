import DisplayList

extension MapStyle {
    /// The colour a map in this style shows where no feature is drawn: its
    /// first background layer's at `zoom`, white (MapLibre's default) when it has none.
    package func groundColor(zoom: Double = 14) -> Color {
        guard let ground = layers.first(where: { $0.type == .background && $0.isVisible(atZoom: zoom) }) else {
            return Color(hex: 0xFFFFFF)
        }
        return ground.backgroundColor(zoom: zoom)
    }

    /// Whether the style draws a dark map: its ground is darker than mid-grey.
    /// The map's own controls and callouts then take their dark look, as MapKit's do over a dark map.
    package var isDark: Bool {
        let rgba = groundColor().rgba
        let r = Double(rgba >> 24 & 0xFF), g = Double(rgba >> 16 & 0xFF), b = Double(rgba >> 8 & 0xFF)
        // Rec. 709 luma, on the 0...255 scale.
        return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128
    }
}
