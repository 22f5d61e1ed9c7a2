import DisplayList
import Foundation
import LiveWorld
import Logging
import MapCore
import MapHTTPAPI
import SessionTransport
import StreetTiles
import Synchronization

/// An app served: one shared world of annotations, a session per browser tab
/// (each set up by the app), and the HTTP API over that world. The server
/// transport talks to it only through `SessionFactory` and `HTTPHandler`.
public final class MapService: SessionFactory, FeedFactory, HTTPHandler, Sendable {
    /// Where the world's files are, and what runs in it.
    public struct Options: Sendable {
        /// The folder with the world's tiles (`tiles/world.mbtiles`) and the samples' files.
        public var dataDirectory: URL
        /// The folder served as the page (`Public/`); fonts are measured from here.
        public var publicDirectory: URL
        /// The SQLite file that keeps the world across restarts, created on
        /// first start; `:memory:` keeps it in memory only.
        public var storePath: String
        /// What a commit to the store file survives.
        public var storeSync: StoreSync
        /// The map controls each session starts with.
        public var controls: MapControlsOptions
        /// The origins (`https://host[:port]`, normalised) whose pages may embed
        /// the map in an `<iframe>` and talk to it with `postMessage`; the
        /// page's own origin always may.
        public var embedOrigins: [String]
        /// MBTiles or PMTiles archives in the OpenMapTiles schema, drawn as
        /// a street map over the base map where they have data.
        public var tilePaths: [String]
        /// The style the street map draws with: `light` (following each
        /// browser's colour scheme), `dark`, or a style file, read again when it changes.
        public var style: MapStyleSetting

        public init(
            dataDirectory: URL, publicDirectory: URL, storePath: String = "./mapwire.sqlite",
            storeSync: StoreSync = .normal,
            controls: MapControlsOptions = MapControlsOptions(), embedOrigins: [String] = [],
            tilePaths: [String] = [], style: MapStyleSetting = .light
        ) {
            self.tilePaths = tilePaths
            self.style = style
            self.dataDirectory = dataDirectory
            self.publicDirectory = publicDirectory
            self.storePath = storePath
            self.storeSync = storeSync
            self.controls = controls
            self.embedOrigins = embedOrigins
        }
    }

    public let options: Options
    public let world: World
    let api: AnnotationsAPI
    /// The API's routes, `/healthz` and `/metrics`.
    public let routes: RouteTable
    private let sessionIDs = AtomicCounter(start: 1)
    private let sessions = OpenSessions()
    private let logger = Logger(label: "mapwire.app")
    private let styleWatcher: StyleFileWatcher?
    /// Once no tab has been open for `idleRestDelay` seconds.
    let idleRest: IdleRest

    /// How long no tab is open before the server forgets the tiles made for the places tabs looked at, by default.
    package static let idleRestDelay = 10.0

    /// Loads the world for `app`, opening or creating the store file.
    package init(app: any MapApp, options: Options, idleRestDelay: Double = MapService.idleRestDelay) throws {
        self.options = options
        let world = try World.load(
            dataDirectory: options.dataDirectory, publicDirectory: options.publicDirectory,
            storePath: options.storePath, storeSync: options.storeSync, app: app,
            controls: options.controls, tilePaths: options.tilePaths, style: options.style)
        self.world = world
        idleRest = IdleRest(delay: idleRestDelay) { world.restWithNoTabOpen() }
        let api = AnnotationsAPI(store: world.store)
        self.api = api
        routes = api.routes.adding(
            Self.serviceRoutes(
                store: world.store, sessions: sessions,
                metrics: MetricsSnapshot()))
        if let path = options.style.path, let styles = world.streetStyles {
            let watcher = StyleFileWatcher(path: path)
            styleWatcher = watcher
            logWarnings(styles.warnings(.custom), path: path)
            watcher.start { [weak self] in self?.reloadStyle() }
        } else {
            styleWatcher = nil
        }
    }

    /// Reads the style file again (`--style PATH`; on SIGHUP and when the
    /// file changes) and has every open tab draw in it, its tiles made
    /// afresh. A file that no longer parses changes nothing: the error,
    /// naming the file and the problem, is logged and the style in use stays.
    /// False when nothing was read again.
    @discardableResult
    package func reloadStyle() -> Bool {
        guard let path = options.style.path, let styles = world.streetStyles else { return false }
        let warnings: [String]
        do {
            warnings = try styles.reloadCustom(path: path)
        } catch {
            logger.error("\(error); the style in use stays")
            return false
        }
        logger.info("the style file \(path) was read again")
        logWarnings(warnings, path: path)
        for session in sessions.all { session.styleDidChange() }
        return true
    }

    private func logWarnings(_ warnings: [String], path: String) {
        guard !warnings.isEmpty else { return }
        let list = warnings.joined(separator: "; ")
        logger.warning("the style file \(path) asks for what MapWire does not draw: \(list)")
    }

    public func openSession(output: SessionOutput) -> SessionConnection {
        let id = UInt32(truncatingIfNeeded: sessionIDs.next())
        let metered = MeteredOutput(base: output, metrics: world.store.metrics)
        let session = MapSession(
            id: id, world: world, output: metered, frameTiming: metered,
            embedOrigins: options.embedOrigins)
        sessions.add(session)
        idleRest.tabOpened()
        return SessionHandle(session: session, app: self, metered: metered)
    }

    /// A producer on `/feed`.
    public func openFeed(output: SessionOutput) -> SessionConnection {
        FeedConnection(store: world.store, output: output)
    }

    func sessionEnded(_ id: UInt32) {
        sessions.remove(id)
        idleRest.tabClosed(openNow: sessions.count)
    }

    /// Sessions open now.
    public var sessionCount: Int { sessions.count }

    /// The sessions open now, for metrics.
    var sessionsSnapshot: [MapSession] { sessions.all }

    /// `/healthz` (503 once the store file stopped taking writes, so an
    /// orchestrator restarts the server) and `/metrics`.
    private static func serviceRoutes(
        store: AnnotationStore, sessions: OpenSessions,
        metrics: MetricsSnapshot
    ) -> RouteTable {
        RouteTable([
            Route("GET", "/healthz") { _ in
                if let failure = store.fileFailure { return .json(503, encoding: HealthAnswer.storeFailed(failure)) }
                return .json(200, encoding: HealthAnswer.ok(sessions: sessions.count))
            },
            Route("GET", "/metrics", answers: ["text/plain"]) { _ in
                let text = metricsText(store: store, sessions: sessions.all, snapshot: metrics)
                return RouteResponse(status: 200, contentType: "text/plain; version=0.0.4", body: Array(text.utf8))
            },
        ])
    }

    /// Stops every session's timers and writes what is left to the store
    /// file before the process exits.
    public func shutdown() {
        idleRest.stop()
        styleWatcher?.stop()
        let all = sessions.all
        for s in all { s.sync { s.close() } }
        world.store.close()
    }
}

/// The transport's handle on a session: forgets it in the app once the socket closes.
final class SessionHandle: SessionConnection, Sendable {
    let session: MapSession
    let app: MapService
    let metered: MeteredOutput

    init(session: MapSession, app: MapService, metered: MeteredOutput) {
        self.session = session
        self.app = app
        self.metered = metered
    }

    func receive(_ message: [UInt8]) {
        // Every input but an ACK (0x02) starts the event-to-frame clock.
        if message.first != 0x02 { metered.markEvent(at: AnnotationStore.now()) }
        session.receive(message)
    }

    func disconnected() {
        session.disconnected()
        app.sessionEnded(session.id)
    }
}
