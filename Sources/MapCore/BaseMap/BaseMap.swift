import DisplayList
import MapGeometry

/// What a map draws under its annotations: the world's water, borders and
/// place names, and the streets of any city it has tiles of, all vector
/// tiles drawn in one style (`mapwire --tiles`, `--style`), so there is no
/// seam in colour or names where a city's tiles begin.
///
/// Made once at start-up (`MapWireService` loads MapWire's own world tiles
/// and the archives it is given) and shared by every map: each tile is read,
/// styled and sent to a browser once, whichever session first needs it.
public final class BaseMap: Sendable {
    /// A named place of the map's data: a city or town.
    package struct City: Sendable, Equatable {
        package let name: String
        package let coordinate: Coordinate
        /// 1 is the most important, as OpenMapTiles ranks places.
        package let rank: Int

        package init(name: String, coordinate: Coordinate, rank: Int) {
            self.name = name
            self.coordinate = coordinate
            self.rank = rank
        }
    }

    /// Where the map's tiles come from.
    package let tiles: any StreetTileSource
    /// The world's cities, most important first.
    package let cities: [City]

    /// Every credit the map's data asks for ("Natural Earth", "© OpenStreetMap contributors"); the
    /// attribution control shows those of the tiles on screen.
    public var attributions: [String] { tiles.attributions.map(\.text) }

    /// What a map shows under its annotations without a base map.
    package static let emptyColor = Color(hex: 0xA9D3EE)

    package init(tiles: any StreetTileSource, cities: [City] = []) {
        self.tiles = tiles
        self.cities = cities
    }
}
