import Foundation
import LiveWorld
import Logging
import MapCore
import MapSession
import MapWireServer

/// MapWire serving an app: the page, the map WebSocket with a session per
/// browser tab (each set up by the app), the HTTP API and the producers' feed.
///
/// ```swift
/// MapWireService.holdTerminationSignals()   // first thing in main
/// MapWireService.limitAllocatorArenas()
/// MapWireService.configureSQLite()
/// var configuration = MapWireConfiguration()
/// configuration.port = 8080
/// try MapWireService(app: MyApp(), configuration: configuration).run()
/// ```
public final class MapWireService: Sendable {
    /// What it was started with.
    public let configuration: MapWireConfiguration
    /// The shared world, the sessions and the HTTP API.
    package let service: MapService
    let server: MapWireServer
    private let logger = Logger(label: "mapwire")

    /// Checks `configuration` (a bad host, token or origin, or an open bind
    /// without a token, is refused before the store file is opened), then
    /// loads the world for `app`. Throws `ServerError`, `StoreError`, or
    /// `StreetTilesError` for a tile archive that cannot be opened or a style
    /// file that cannot be read or parsed.
    public init(app: any MapApp, configuration: MapWireConfiguration = MapWireConfiguration()) throws {
        self.configuration = configuration
        let serverConfiguration = configuration.serverConfiguration
        try serverConfiguration.validate()
        service = try MapService(
            app: app,
            options: MapService.Options(
                dataDirectory: configuration.resolvedDataDirectory,
                publicDirectory: configuration.resolvedPublicDirectory,
                storePath: configuration.storePath,
                storeSync: configuration.storeSync,
                controls: configuration.controls,
                embedOrigins: configuration.allowedOrigins.compactMap(MapWireServer.normalizedOrigin),
                tilePaths: configuration.resolvedTilePaths, style: configuration.style))
        Self.bootstrapMetricsOnce()
        let metrics = ServerMetrics(version: MapWireVersion.current)
        let http = MetricsAppendingHandler(base: service, metrics: metrics, registries: [Self.metricsRegistry])
        server = MapWireServer(configuration: serverConfiguration, sessions: service, http: http, metrics: metrics)
    }

    /// The annotations every tab shares, which the HTTP API and the feed
    /// change: an app's own producers write here too.
    public var sharedWorld: AnnotationStore { service.world.store }

    /// The base map every tab draws (land, borders, cities); nil when none was found.
    public var baseMap: BaseMap? { service.world.baseMap }

    /// Reads the style file (`configuration.style`) again, as SIGHUP and a
    /// change of the file do, and has every open tab redraw in it. A file
    /// that no longer parses is logged and changes nothing. False when
    /// nothing was read again (no style file, or a broken one).
    @discardableResult
    public func reloadStyle() -> Bool {
        service.reloadStyle()
    }

    /// Draws the map a tab opens on once, so that its fonts and tiles are
    /// ready, then opens the port; pages and sockets are served from then on.
    public func start() throws {
        service.world.drawFirstScreen()
        try server.start()
    }

    /// The bound port once started (the one picked when `port` was 0).
    public var port: Int? { server.port }

    /// Closes every socket and writes what is left to the store file.
    public func stop() {
        server.stop()
        service.shutdown()
    }

    /// Starts, prints the page's URL, serves until SIGINT or SIGTERM, then
    /// stops. SIGHUP meanwhile reads the style file again (`style`).
    /// `beforeStopping` runs first on the way out: an app stops its
    /// own producers there, so what they wrote is in the store file when it closes.
    public func run(beforeStopping: () -> Void = {}) throws {
        Self.holdTerminationSignals()
        Self.limitAllocatorArenas()
        try start()
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        print("MapWire listening on http://\(host):\(port ?? configuration.port)/")
        fflush(nil) // nil flushes every stream; the URL must show even when piped
        TerminationSignals.wait(onHangUp: { reloadStyle() })
        logger.info("signal received, shutting down")
        beforeStopping()
        stop()
    }

    /// The swift-log label of libwebsockets' own lines (the transport's C
    /// library). Give it a level of its own to hear its notices (debug) or to
    /// keep them out of a debug log, as `mapwire --lws-log-level` does.
    public static let libwebsocketsLogLabel = MapWireServer.libwebsocketsLogLabel

    /// Holds SIGINT and SIGTERM for `run()` to take. Call it first in `main`,
    /// before any thread starts, so a signal sent during start-up is not lost;
    /// `run()` calls it too, which covers threads started after that point.
    public static func holdTerminationSignals() {
        TerminationSignals.hold()
    }
}
