import MapGeometry

/// The base map's tiles under the overlays (StreetLayerView.swift).
extension MapView {
    /// The tiles the map draws under its overlays and annotations: the
    /// base map's (`init(frame:fonts:baseMap:camera:)`); nil draws none.
    package var streets: StreetTileSource? {
        get { streetLayer.source }
        set {
            streetLayer.source = newValue
            creditedTiles = nil
        }
    }

    /// The credits of the archives whose tiles are near the screen, in the source's order.
    func updateStreetAttributions() {
        let tiles = streetLayer.prepare()
        // A pan over the same tiles credits the same archives.
        if let last = creditedTiles, last.elementsEqual(tiles, by: ===) { return }
        creditedTiles = tiles
        var credits: [MapCredit] = []
        if let all = streets?.attributions, !tiles.isEmpty {
            var shown = Set<Int>()
            for tile in tiles { shown.formUnion(tile.credits) }
            credits = all.indices.filter(shown.contains).map { all[$0] }
        }
        if controls.dataAttributions != credits { controls.dataAttributions = credits }
    }
}
