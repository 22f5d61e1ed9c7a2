import MapCore
import MapGeometry
import MapStyle
import VectorTiles

/// Every tile of one archive made from its bytes as `StreetTileSet` makes
/// it for the first map that shows it (read, decoded, styled into paths),
/// one at a time and kept by no cache, at every zoom the archive holds,
/// including those where no map draws it: what a tile costs the session
/// that first needs it (`mapwire-bench street-tiles`).
package struct StreetTileMaking {
    let archive: any TileArchive
    let style: MapStyle
    let layers: [SharedStyleLayer]
    let coverage: Rect
    /// The tile layers the style draws from, as `StreetTileSet` decodes them.
    let sourceLayers: Set<String>
    /// The zooms the archive holds tiles at.
    package let zooms: ClosedRange<Int>

    /// The archive at `path` in MapWire's light style, as `mapwire --tiles` draws it.
    package init(path: String) throws {
        archive = try TileArchives.open(path: path)
        style = try MapStyle.builtIn(.light)
        layers = style.layers.map(SharedStyleLayer.init)
        sourceLayers = Set(style.layers.compactMap(\.sourceLayer))
        coverage = StreetTileSet.coverage(archive.metadata.bounds)
        let least = archive.metadata.minZoom ?? 0
        zooms = least...max(least, archive.metadata.maxZoom ?? 14)
    }

    /// The columns and rows of zoom `z` within the archive's bounds.
    package func tiles(z: Int) -> [(x: Int, y: Int)] {
        StreetTileSet.tiles(covering: coverage, z: z, within: coverage)
    }

    /// Tile `z`/`x`/`y` read, decoded and styled as `level` draws it (the
    /// next level past the archive's deepest zoom draws its tiles over-zoomed);
    /// nil when the archive has no such tile or cannot read it.
    package func make(z: Int, x: Int, y: Int, level: Int) -> StreetTile? {
        guard let bytes = try? archive.tile(z: z, x: x, y: y),
            let tile = try? VectorTile(decoding: bytes, only: sourceLayers)
        else {
            return nil
        }
        let maker = StreetTileMaker(
            style: style, layers: layers, z: z, x: x, y: y, level: level, coverage: coverage,
            paintsBackground: true, credits: [0], archive: 0)
        return maker.make(tile)
    }
}
