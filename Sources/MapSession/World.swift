import Foundation
import LiveWorld
import MapCore
import MapHTTPAPI
import SessionTransport
import StreetTiles
import ViewKit

/// What every session shares: fonts, the base map, the shared annotations
/// and the app that sets up each session's map. Loaded once at start-up; a
/// missing or broken file is an error here rather than in a browser.
public final class World: Sendable {
    /// The page's fonts, measured on the server.
    public let fonts: FontBook
    /// The tiles under the annotations: the world's water, borders and
    /// places, and any city's streets; nil draws nothing there.
    public let baseMap: BaseMap?
    /// The live annotations every session shows, by id (seeded, API and demo ones).
    public let store: AnnotationStore
    /// Asked to set up every new session's map.
    public let app: any MapApp
    /// The map controls every new session starts with (an app may change them per session).
    public let controls: MapControlsOptions
    /// The base map's tiles in each style sessions draw with (the world's and any city's).
    package let streetStyles: StreetTileStyles?
    /// The style the map draws with (`--style`).
    package let style: MapStyleSetting

    /// A world whose annotations live in `store`.
    package init(
        fonts: FontBook, baseMap: BaseMap?, store: AnnotationStore, app: any MapApp,
        controls: MapControlsOptions = MapControlsOptions(), streetStyles: StreetTileStyles? = nil,
        style: MapStyleSetting = .light
    ) {
        self.fonts = fonts
        self.baseMap = baseMap
        self.store = store
        self.app = app
        self.controls = controls
        self.streetStyles = streetStyles
        self.style = style
    }

    /// Where a data folder keeps the world's tiles.
    package static let worldTilesPath = "tiles/world.mbtiles"

    /// A world kept in memory only, holding `app`'s seeds. `logLimit`:
    /// changes the store keeps for sessions catching up (tests make it small).
    package convenience init(
        fonts: FontBook, baseMap: BaseMap?, app: any MapApp,
        logLimit: Int = AnnotationStore.defaultLogLimit
    ) {
        self.init(
            fonts: fonts, baseMap: baseMap, store: AnnotationStore(seeds: app.seeds, logLimit: logLimit),
            app: app)
    }

    /// Loads the base map from `dataDirectory` (the world's tiles,
    /// `tiles/world.mbtiles`) and the vector tile archives at `tilePaths`
    /// (a city's streets, drawn over it), the page's fonts from
    /// `publicDirectory`, and the world kept at `storePath` (`:memory:` for
    /// none; its commits synced as `storeSync` says), seeded with `app`'s
    /// seeds it has not seen yet: a store file that cannot be used stops
    /// start-up with a `StoreError` naming it; an archive that cannot be
    /// opened, or a style file (`style`) that cannot be read or parsed, with a
    /// `StreetTilesError` naming it.
    package static func load(
        dataDirectory: URL, publicDirectory: URL, storePath: String = ":memory:",
        storeSync: StoreSync = .normal, app: any MapApp,
        controls: MapControlsOptions = MapControlsOptions(), tilePaths: [String] = [],
        style: MapStyleSetting = .light
    ) throws -> World {
        let fonts = try FontBook.load(publicDirectory: publicDirectory)
        let world = dataDirectory.appendingPathComponent(Self.worldTilesPath).path
        let streetStyles = try StreetTileStyles(paths: [world] + tilePaths, customStylePath: style.path)
        let baseMap = streetStyles.tiles(.light)?.baseMap()
        let store = try AnnotationStore.opening(path: storePath, sync: storeSync, seeds: app.seeds)
        return World(
            fonts: fonts, baseMap: baseMap, store: store, app: app, controls: controls, streetStyles: streetStyles,
            style: style)
    }
}
