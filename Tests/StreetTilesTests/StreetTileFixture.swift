import DisplayList
import Foundation
import MapCore
import MapGeometry
import MapStyle
import StreetTiles
import VectorTiles

let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The Karhula archives: a few square kilometres of OpenStreetMap, z0 to z14.
func karhula(_ file: String = "karhula.mbtiles", byteLimit: Int = StreetTileSet.defaultByteLimit) throws
    -> StreetTileSet
{
    let archive = try TileArchives.open(path: repoRoot.appendingPathComponent("fixtures/tiles/\(file)").path)
    return StreetTileSet(archives: [archive], style: try MapStyle.builtIn(.light), byteLimit: byteLimit)
}

/// The z14 tile with most of Karhula's streets, houses and river (XYZ rows, north at 0).
let karhulaTile = (z: 14, x: 9418, y: 4709)

/// The square of a tile in world units.
func tileRect(z: Int, x: Int, y: Int) -> Rect {
    let size = Mercator.worldSize / Double(1 << z)
    return Rect(x: Double(x) * size, y: Double(y) * size, width: size, height: size)
}

/// A rect in the middle of the tile, meeting it alone.
func middle(of rect: Rect) -> Rect {
    rect.insetBy(dx: rect.width * 0.45, dy: rect.height * 0.45)
}

/// The items of `tiles` as drawn at `zoom`, with their tile's clip.
func drawn(_ tiles: [StreetTile], zoom: Double) -> [(item: StreetTile.Item, p: ItemProperties, clip: WorldClip)] {
    tiles.flatMap { tile in
        tile.items.compactMap { item in item.paint.itemProperties(zoom: zoom).map { (item, $0, tile.clip) } }
    }
}

/// A style colour as the built-in style writes it.
func color(_ hex: UInt32) -> Color { Color(hex: hex) }
