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
    /// Land, borders and city names; nil draws the ocean alone.
    public let baseMap: BaseMap?
    /// The live annotations every session shows, by id (seeded, API and demo ones).
    public let store: AnnotationStore
    /// Asked to set up every new session's map.
    public let app: any MapApp
    /// The map controls every new session starts with (an app may change them per session).
    public let controls: MapControlsOptions
    /// Street maps from vector tiles in each style, drawn over the base map where they have data.
    package let streetStyles: StreetTileStyles?
    /// The style the street map draws with (`--style`).
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
        if let baseMap { BaseMapView.prepareLabels(of: baseMap, fonts: fonts) }
    }

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

    /// Loads the base map from `dataDirectory`, the page's fonts from
    /// `publicDirectory`, and the world kept at `storePath` (`:memory:` for
    /// none; its commits synced as `storeSync` says), seeded with `app`'s
    /// seeds it has not seen yet: a store file that cannot be used stops
    /// start-up with a `StoreError` naming it. The vector tile archives at
    /// `tilePaths` draw streets in `style`; an archive that cannot be opened,
    /// or a style file that cannot be read or parsed, stops start-up with a
    /// `StreetTilesError` naming it.
    package static func load(
        dataDirectory: URL, publicDirectory: URL, storePath: String = ":memory:",
        storeSync: StoreSync = .normal, app: any MapApp,
        controls: MapControlsOptions = MapControlsOptions(), tilePaths: [String] = [],
        style: MapStyleSetting = .light
    ) throws -> World {
        let fonts = try FontBook.load(publicDirectory: publicDirectory)
        let baseMap = try BaseMap(contentsOf: dataDirectory.appendingPathComponent("basemap.bin"))
        let streetStyles = try StreetTileStyles(paths: tilePaths, customStylePath: style.path)
        let store = try AnnotationStore.opening(path: storePath, sync: storeSync, seeds: app.seeds)
        return World(
            fonts: fonts, baseMap: baseMap, store: store, app: app, controls: controls, streetStyles: streetStyles,
            style: style)
    }
}
