import MapGeometry

/// A street map from vector tiles under the overlays (StreetLayerView.swift).
extension MapView {
    /// The street tiles every map shares, drawn over the base map's land and
    /// under the overlays and annotations where the source has data; nil:
    /// the base map alone.
    package var streets: StreetTileSource? {
        get { streetLayer.source }
        set { streetLayer.source = newValue }
    }

    /// The tiles' credits while tiles are near the screen, after the base map's.
    func updateStreetAttributions() {
        let credits = streetLayer.prepare() ? streets?.attributions ?? [] : []
        if controls.dataAttributions != credits { controls.dataAttributions = credits }
    }
}
