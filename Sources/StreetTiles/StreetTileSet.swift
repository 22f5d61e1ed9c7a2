import DisplayList
import Foundation
import MapCore
import MapGeometry
import MapStyle
import VectorTiles

/// Street maps drawn from vector tile archives in the OpenMapTiles schema
/// with one style, for every map of the server: each tile is read, decoded
/// and grouped once, and kept (`StreetTileCache`) for every session.
package final class StreetTileSet: StreetTileSource {
    /// One archive and where it has data.
    struct Archive: Sendable {
        let archive: any TileArchive
        let minZoom: Int
        let maxZoom: Int
        /// Its bounds in world units; the whole world when it gives none.
        let coverage: Rect
        /// Its credits' places in `attributions`.
        let credits: [Int]
    }

    let archives: [Archive]
    let style: MapStyle
    private let layers: [SharedStyleLayer]
    let cache: StreetTileCache
    package let attributions: [MapCredit]
    package let backgroundColor: Color
    /// Whether the map paints the background once under the tiles (`ground(zoom:)`): the bottom
    /// archive covers the world, so no tile needs to paint its own square of it.
    let groundIsPaintedOnce: Bool
    /// The tile layers the style draws from: a tile's others are not decoded.
    let sourceLayers: Set<String>
    private let backgroundLayer: StyleLayer?

    /// How many made tiles are kept now.
    package var keptTileCount: Int { cache.usage.count }

    /// Forgets the tiles made so far: the next map to draw one makes it again.
    package func forgetMadeTiles() {
        cache.removeAll()
    }

    /// The most bytes of paths the made tiles keep, by default: some
    /// hundreds of city tiles at the deepest zooms.
    package static let defaultByteLimit = 64 << 20

    /// Draws `archives` (in order, the first under the others) in `style`.
    package init(archives: [any TileArchive], style: MapStyle, byteLimit: Int = StreetTileSet.defaultByteLimit) {
        var credits: [MapCredit] = []
        self.archives = archives.map { archive in
            let metadata = archive.metadata
            let found = Self.credits(fromHTML: metadata.attribution ?? "")
            var indices: [Int] = []
            for credit in found.isEmpty ? [MapCredit(text: Self.openStreetMapCredit)] : found {
                if let index = credits.firstIndex(where: { $0.text == credit.text }) {
                    indices.append(index)
                } else {
                    indices.append(credits.count)
                    credits.append(credit)
                }
            }
            return Archive(
                archive: archive, minZoom: metadata.minZoom ?? 0, maxZoom: metadata.maxZoom ?? 14,
                coverage: Self.coverage(metadata.bounds), credits: indices)
        }
        self.style = style
        layers = style.layers.map(SharedStyleLayer.init)
        cache = StreetTileCache(byteLimit: byteLimit)
        attributions = credits
        backgroundLayer = style.layers.first { $0.type == .background }
        sourceLayers = Set(style.layers.compactMap(\.sourceLayer))
        backgroundColor = backgroundLayer.map { $0.backgroundColor(zoom: 0) } ?? Color(hex: 0xF2EFE6)
        let bottom = self.archives.first?.coverage ?? .zero
        groundIsPaintedOnce = bottom.width >= Mercator.worldSize * 0.999 && bottom.height >= Mercator.worldSize * 0.99
    }

    /// Opens the archives at `paths` and draws them in MapWire's light style.
    package convenience init(paths: [String]) throws(StreetTilesError) {
        let archives = try Self.openArchives(paths: paths)
        let style: MapStyle
        do {
            style = try MapStyle.builtIn(.light)
        } catch {
            throw .style(error)
        }
        self.init(archives: archives, style: style)
    }

    /// The archives at `paths`, in order; one that cannot be opened is a `StreetTilesError` naming it.
    static func openArchives(paths: [String]) throws(StreetTilesError) -> [any TileArchive] {
        var archives: [any TileArchive] = []
        for path in paths {
            do {
                archives.append(try TileArchives.open(path: path))
            } catch {
                throw .archive(path: path, error)
            }
        }
        return archives
    }

    /// CSS px: an archive whose bounds are smaller than this on screen is
    /// not drawn. A city's archive seen from a continent's zoom is a speck
    /// no one can read, and drawing it would put its credit on the map.
    package static let leastDrawnExtent = 32.0

    /// What OpenStreetMap's licence asks every map of its data to show, when an archive names no credit.
    package static let openStreetMapCredit = "© OpenStreetMap contributors"

    package func tiles(covering rect: Rect, zoom: Double) -> [StreetTile] {
        var found: [StreetTile] = []
        for key in keys(covering: rect, zoom: zoom) {
            let archive = archives[key.archive]
            let tile = cache.tile(key) { make(key, from: archive, index: key.archive) }
            if !tile.items.isEmpty || !tile.labels.isEmpty { found.append(tile) }
        }
        return found
    }

    package func ground(zoom: Double) -> Color? {
        guard groundIsPaintedOnce, let layer = backgroundLayer, layer.isVisible(atZoom: zoom) else { return nil }
        let color = layer.backgroundColor(zoom: zoom)
        return color.withAlpha(color.alpha * min(max(layer.backgroundOpacity(zoom: zoom), 0), 1))
    }

    package func tilesKey(covering rect: Rect, zoom: Double) -> [Int]? {
        let keys = keys(covering: rect, zoom: zoom)
        var name: [Int] = []
        name.reserveCapacity(keys.count * 5)
        for key in keys {
            name.append(key.archive)
            name.append(key.z)
            name.append(key.x)
            name.append(key.y)
            name.append(key.level)
        }
        return name
    }

    /// The tiles `tiles(covering:zoom:)` draws, named; no lock taken.
    private func keys(covering rect: Rect, zoom: Double) -> [StreetTileCache.Key] {
        guard zoom.isFinite, !rect.isEmpty else { return [] }
        let level = min(max(Int(zoom.rounded(.down)), 0), Int(Camera.maxZoom))
        var found: [StreetTileCache.Key] = []
        let pixelsPerUnit = Mercator.pixelsPerUnit(zoom: zoom)
        for (index, archive) in archives.enumerated() where level >= archive.minZoom {
            let extent = max(archive.coverage.width, archive.coverage.height) * pixelsPerUnit
            guard extent >= Self.leastDrawnExtent else { continue }
            let z = min(level, archive.maxZoom)
            // Every level past the archive draws its deepest tiles alike: one made tile, the same paths, for
            // all of them, so zooming in there sends no geometry again.
            let drawnLevel = min(level, archive.maxZoom + 1)
            for (x, y) in Self.tiles(covering: rect, z: z, within: archive.coverage) {
                found.append(StreetTileCache.Key(archive: index, z: z, x: x, y: y, level: drawnLevel))
            }
        }
        return found
    }

    /// The tile `key` names as its level draws it; an empty one when the
    /// archive has no such tile or cannot read it, so it is not read again.
    /// Only the bottom archive paints the style's background: one over it
    /// would hide the water and land under a city's tiles where the city's
    /// own data has none (a city extract rarely holds the sea).
    private func make(_ key: StreetTileCache.Key, from archive: Archive, index: Int) -> StreetTile {
        let isBottom = index == 0
        let maker = StreetTileMaker(
            style: style, layers: layers, z: key.z, x: key.x, y: key.y, level: key.level, coverage: archive.coverage,
            paintsBackground: isBottom && !groundIsPaintedOnce, credits: archive.credits, archive: index)
        guard let bytes = try? archive.archive.tile(z: key.z, x: key.x, y: key.y),
            let tile = try? VectorTile(decoding: bytes, only: sourceLayers)
        else {
            // A bottom archive's missing tile is land (the sea is drawn, not the land): the background shows,
            // the tile's own or the ground the map paints once.
            return isBottom
                ? maker.make(nil) : StreetTile(clip: maker.clip, items: [], credits: archive.credits, archive: index)
        }
        return maker.make(tile)
    }

    /// The columns and rows of zoom `z` that meet `rect` and `coverage`.
    /// `rect` may run past the world's east or west edge: its columns there
    /// are the world's own, drawn once (the layer repeats the world).
    static func tiles(covering rect: Rect, z: Int, within coverage: Rect) -> [(x: Int, y: Int)] {
        let count = 1 << z
        let size = Mercator.worldSize / Double(count)
        let rows =
            max(0, Int((rect.minY / size).rounded(.down)))...min(count - 1, Int((rect.maxY / size).rounded(.down)))
        let first = Int((rect.minX / size).rounded(.down))
        let last = min(Int((rect.maxX / size).rounded(.down)), first + count - 1)
        guard !rows.isEmpty, first <= last else { return [] }
        var found: [(x: Int, y: Int)] = []
        var seen = Set<Int>()
        for column in first...last {
            let x = ((column % count) + count) % count
            guard seen.insert(x).inserted else { continue }
            for y in rows {
                let tile = Rect(x: Double(x) * size, y: Double(y) * size, width: size, height: size)
                if tile.intersects(coverage) { found.append((x, y)) }
            }
        }
        return found
    }

    /// The world rect of an archive's `[west, south, east, north]` bounds.
    static func coverage(_ bounds: [Double]?) -> Rect {
        guard let b = bounds, b.count == 4, b.allSatisfy(\.isFinite), b[0] < b[2], b[1] < b[3] else {
            return Rect(x: 0, y: 0, width: Mercator.worldSize, height: Mercator.worldSize)
        }
        let northWest = Mercator.project(Coordinate(latitude: b[3], longitude: b[0]))
        let southEast = Mercator.project(Coordinate(latitude: b[1], longitude: b[2]))
        return Rect(x: northWest.x, y: northWest.y, width: southEast.x - northWest.x, height: southEast.y - northWest.y)
    }

    /// An archive's credits from its attribution HTML: each `<a href>` a
    /// credit linked to its page (an http(s) one only), the text between
    /// links credits of their own. The attribution control shows text and links, not HTML.
    static func credits(fromHTML html: String) -> [MapCredit] {
        var credits: [MapCredit] = []
        func addPlain(_ html: Substring) {
            let text = plainText(String(html))
            if !text.isEmpty { credits.append(MapCredit(text: text)) }
        }
        var rest = html[...]
        while let open = rest.range(of: "<a\\b[^>]*>", options: [.regularExpression, .caseInsensitive]) {
            addPlain(rest[..<open.lowerBound])
            let close = rest[open.upperBound...].range(of: "</a\\s*>", options: [.regularExpression, .caseInsensitive])
            let text = plainText(String(rest[open.upperBound..<(close?.lowerBound ?? rest.endIndex)]))
            if !text.isEmpty { credits.append(MapCredit(text: text, url: href(inTag: rest[open]))) }
            rest = rest[(close?.upperBound ?? rest.endIndex)...]
        }
        addPlain(rest)
        return credits
    }

    /// The `href` of an `<a>` tag, unquoted and its entities decoded.
    static func href(inTag tag: Substring) -> String? {
        let pattern = "\\shref\\s*=\\s*(\"[^\"]*\"|'[^']*'|[^\\s>]+)"
        guard let found = tag.range(of: pattern, options: [.regularExpression, .caseInsensitive]),
            let equals = tag[found].firstIndex(of: "=")
        else { return nil }
        var value = tag[tag.index(after: equals)..<found.upperBound].trimmingCharacters(in: .whitespaces)
        if let quote = value.first, quote == "\"" || quote == "'" { value = String(value.dropFirst().dropLast()) }
        return value.replacingOccurrences(of: "&amp;", with: "&").trimmingCharacters(in: .whitespaces)
    }

    /// An archive's credit without its HTML: the attribution control shows text.
    static func plainText(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "&copy;", with: "©").replacingOccurrences(of: "&amp;", with: "&")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
