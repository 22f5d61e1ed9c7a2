import DisplayList
import Foundation
import Logging
import Synchronization

/// The composition root: one shared world of annotations, a session per browser,
/// and the HTTP API over that world. The server transport talks to it only
/// through `SessionFactory` and `HTTPHandler`.
public final class MapWireApp: SessionFactory, HTTPHandler, Sendable {
    /// Where the app finds its data.
    public struct Options: Sendable {
        /// The folder with `basemap.bin`, `people.json` and the other fixtures.
        public var dataDirectory: URL
        /// The folder served as the page (`Public/`); fonts are measured from here.
        public var publicDirectory: URL
        /// Whether the built-in demo feed moves annotations.
        public var demo: Bool

        public init(dataDirectory: URL, publicDirectory: URL, demo: Bool = true) {
            self.dataDirectory = dataDirectory
            self.publicDirectory = publicDirectory
            self.demo = demo
        }
    }

    public let options: Options
    public let world: World
    let api: AnnotationsAPI
    private let sessionIDs = AtomicCounter(start: 1)
    private let sessions = Mutex<[UInt32: MapSession]>([:])
    private let logger = Logger(label: "mapwire.app")

    public init(options: Options) throws {
        self.options = options
        world = try World.load(dataDirectory: options.dataDirectory, publicDirectory: options.publicDirectory)
        api = AnnotationsAPI(world: world)
    }

    public func openSession(output: SessionOutput) -> SessionConnection {
        let id = UInt32(truncatingIfNeeded: sessionIDs.next())
        let session = MapSession(id: id, world: world, output: output)
        sessions.withLock { $0[id] = session }
        return SessionHandle(session: session, app: self)
    }

    func sessionEnded(_ id: UInt32) {
        sessions.withLock { _ = $0.removeValue(forKey: id) }
    }

    /// Sessions open now.
    public var sessionCount: Int { sessions.withLock { $0.count } }

    public func respond(to request: HTTPRequest) -> HTTPResponse? {
        switch request.path {
        case "/healthz":
            guard request.method == "GET" else { return .error(405, "use GET for /healthz") }
            return .json(200, "{\"status\":\"ok\",\"sessions\":\(sessionCount)}")
        case let p where p.hasPrefix("/api/"):
            return api.respond(to: request)
        default:
            return nil
        }
    }

    /// Stops every session's timers before the process exits.
    public func shutdown() {
        let all = sessions.withLock { Array($0.values) }
        for s in all { s.sync { s.close() } }
    }
}

/// The transport's handle on a session: forgets it in the app once the socket closes.
final class SessionHandle: SessionConnection, Sendable {
    let session: MapSession
    let app: MapWireApp

    init(session: MapSession, app: MapWireApp) {
        self.session = session
        self.app = app
    }

    func receive(_ message: [UInt8]) { session.receive(message) }

    func disconnected() {
        session.disconnected()
        app.sessionEnded(session.id)
    }
}
