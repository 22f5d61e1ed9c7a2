import DisplayList
import Foundation
import Logging
import MapCore
import Synchronization

/// An app served: one shared world of annotations, a session per browser tab
/// (each set up by the app), and the HTTP API over that world. The server
/// transport talks to it only through `SessionFactory` and `HTTPHandler`.
public final class MapService: SessionFactory, HTTPHandler, Sendable {
    /// Where the world's files are, and what runs in it.
    public struct Options: Sendable {
        /// The folder with `basemap.bin`.
        public var dataDirectory: URL
        /// The folder served as the page (`Public/`); fonts are measured from here.
        public var publicDirectory: URL
        /// Whether the built-in demo feed moves annotations.
        public var demo: Bool
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

        public init(dataDirectory: URL, publicDirectory: URL, demo: Bool = true,
                    storePath: String = "./mapwire.sqlite", storeSync: StoreSync = .normal,
                    controls: MapControlsOptions = MapControlsOptions(), embedOrigins: [String] = []) {
            self.dataDirectory = dataDirectory
            self.publicDirectory = publicDirectory
            self.demo = demo
            self.storePath = storePath
            self.storeSync = storeSync
            self.controls = controls
            self.embedOrigins = embedOrigins
        }
    }

    public let options: Options
    public let world: World
    let api: AnnotationsAPI
    private let sessionIDs = AtomicCounter(start: 1)
    private let sessions = Mutex<[UInt32: MapSession]>([:])
    private let logger = Logger(label: "mapwire.app")
    /// The travellers of `--demo`, nil without it.
    package let demoFeed: DemoFeed?

    /// Loads the world for `app` (opening or creating the store file) and
    /// starts the demo feed if asked.
    package init(app: any MapApp, options: Options) throws {
        self.options = options
        world = try World.load(dataDirectory: options.dataDirectory, publicDirectory: options.publicDirectory,
                               storePath: options.storePath, storeSync: options.storeSync, app: app,
                               controls: options.controls)
        api = AnnotationsAPI(world: world)
        demoFeed = options.demo ? DemoFeed(store: world.store, cities: DemoFeed.cities(of: world.baseMap)) : nil
        demoFeed?.start()
    }

    public func openSession(output: SessionOutput) -> SessionConnection {
        let id = UInt32(truncatingIfNeeded: sessionIDs.next())
        let metered = MeteredOutput(base: output, metrics: world.store.metrics)
        let session = MapSession(id: id, world: world, output: metered, frameTiming: metered,
                                 embedOrigins: options.embedOrigins)
        sessions.withLock { $0[id] = session }
        return SessionHandle(session: session, app: self, metered: metered)
    }

    func sessionEnded(_ id: UInt32) {
        sessions.withLock { _ = $0.removeValue(forKey: id) }
    }

    /// Sessions open now.
    public var sessionCount: Int { sessions.withLock { $0.count } }

    /// The sessions open now, for metrics.
    var sessionsSnapshot: [MapSession] { sessions.withLock { Array($0.values) } }

    /// An NDJSON import is read while its body arrives.
    public func bodyConsumer(for request: HTTPRequest) -> HTTPBodyConsumer? {
        api.bodyConsumer(for: request)
    }

    /// The API's route table (`APIRoutes`).
    public func allowedMethods(forPath path: String) -> Set<String>? {
        APIRoutes.allowedMethods(forPath: path)
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse? {
        // The list weighs JSON against GeoJSON itself; every other route answers JSON or, for metrics, text.
        let isList = request.method == "GET"
            && (request.path == "/api/annotations" || request.path == "/api/annotations.geojson")
        if !isList, APIRoutes.allowedMethods(forPath: request.path) != nil {
            let offered = request.path == "/metrics" ? "text/plain" : "application/json"
            do throws(APIError) {
                _ = try AnnotationsAPI.negotiate(request.accept, offered: [offered])
            } catch {
                return error.response
            }
        }
        switch request.path {
        case "/healthz":
            guard request.method == "GET" else { return APIError.methodNotAllowed("use GET for /healthz").response }
            if let failure = world.store.fileFailure {
                // Unhealthy, so an orchestrator restarts it: memory may hold a change the file does not.
                return .json(503, encoding: HealthAnswer.storeFailed(failure))
            }
            return .json(200, encoding: HealthAnswer.ok(sessions: sessionCount))
        case "/metrics" where request.method == "GET":
            return HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4", body: Array(metricsText().utf8))
        case let p where p.hasPrefix("/api/"):
            return api.respond(to: request)
        default:
            return nil
        }
    }

    /// Stops every session's timers and writes what is left to the store
    /// file before the process exits.
    public func shutdown() {
        demoFeed?.stop()
        let all = sessions.withLock { Array($0.values) }
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
