import CLibWebSockets
import Dispatch
import Foundation
import Logging
import SessionTransport
import Synchronization

/// The MapWire transport: the page from `Public/`, the dynamic HTTP routes and
/// the map WebSocket, all on one port, served by libwebsockets on one thread.
///
/// ```swift
/// let server = MapWireServer(configuration: .init(publicDirectory: publicURL),
///                            sessions: app, http: app)
/// try server.start()
/// // ...
/// server.stop()   // closes every WebSocket with 1001, then returns
/// ```
///
/// The service thread only does I/O. Sessions get their messages on it and
/// must hand real work to other threads; HTTP handlers run on a global queue.
public final class MapWireServer: Sendable {
    /// What the server was created with: host, port, limits and access rules.
    public let configuration: ServerConfiguration
    /// Transport counters (also appended to `/metrics` by `MetricsAppendingHandler`).
    public let metrics: ServerMetrics

    private let sessions: SessionFactory
    private let http: HTTPHandler
    private let logger: Logger
    private let allocatorTrim: AllocatorTrim
    private let finished = DispatchGroup()

    private struct State: @unchecked Sendable {
        // The loop is only touched here to start it and to post to its inbox.
        var loop: ServiceLoop?
        var port: Int?
        var stopped = false
    }
    private let state = Mutex(State())

    /// The swift-log label of libwebsockets' own lines. Give it a level of its
    /// own to hear lws's notices (debug) or to keep them out of a debug log.
    public static let libwebsocketsLogLabel = "mapwire.lws"

    /// Creates a server; nothing listens until `start()`.
    public convenience init(
        configuration: ServerConfiguration,
        sessions: SessionFactory,
        http: HTTPHandler,
        metrics: ServerMetrics = ServerMetrics(),
        logger: Logger = Logger(label: "mapwire.server")
    ) {
        self.init(
            configuration: configuration, sessions: sessions, http: http, metrics: metrics, logger: logger,
            allocatorTrim: .shared)
    }

    /// A server whose closes ask `allocatorTrim` for their trims (a test's
    /// own, rather than the one the process's servers share).
    init(
        configuration: ServerConfiguration, sessions: SessionFactory, http: HTTPHandler,
        metrics: ServerMetrics = ServerMetrics(), logger: Logger = Logger(label: "mapwire.server"),
        allocatorTrim: AllocatorTrim
    ) {
        self.configuration = configuration
        self.sessions = sessions
        self.http = http
        self.metrics = metrics
        self.logger = logger
        self.allocatorTrim = allocatorTrim
    }

    /// The port actually bound (differs from the configuration's when that is 0);
    /// nil before `start()`.
    public var port: Int? { state.withLock { $0.port } }

    /// Binds the port and starts the service thread. Throws when the port is
    /// taken or the public directory is missing.
    public func start() throws {
        try state.withLock { state in
            guard state.loop == nil, !state.stopped else { throw ServerError.alreadyStarted }
            try configuration.validate()
            var isDirectory: ObjCBool = false
            let publicPath = configuration.publicDirectory.path
            guard FileManager.default.fileExists(atPath: publicPath, isDirectory: &isDirectory),
                isDirectory.boolValue
            else {
                throw ServerError.missingPublicDirectory(publicPath)
            }
            LWSContext.installLogBridge(verbose: Logger(label: Self.libwebsocketsLogLabel).logLevel <= .debug)
            let loop = ServiceLoop(
                configuration: configuration, sessions: sessions, http: http,
                metrics: metrics, logger: logger, allocatorTrim: allocatorTrim)
            let arena = CArena()
            let context = try LWSContext.create(for: loop, arena: arena)
            loop.context = context
            loop.arena = arena
            loop.inbox.attach(context)
            let port = LWSContext.listenPort(context)
            state.loop = loop
            state.port = port

            finished.enter()
            let group = finished
            // Created here, serviced only there: lws holds no thread affinity
            // until the first lws_service call.
            let thread = Thread {
                loop.run()
                group.leave()
            }
            thread.name = "mapwire-service"
            thread.start()
            logger.info(
                "listening on http://\(configuration.host):\(port)/ (WebSocket \(configuration.webSocketPath), \(configuration.subprotocol))"
            )
        }
    }

    /// Closes every WebSocket with 1001 "server shutting down", waits up to
    /// the configured grace for clients to answer, destroys the context and
    /// returns. Safe to call more than once and from any thread except the
    /// service thread (a session callback must not call it).
    public func stop() {
        let loop = state.withLock { state -> ServiceLoop? in
            state.stopped = true
            return state.loop
        }
        guard let loop else { return }
        loop.inbox.requestStop()
        finished.wait()
    }

    /// Blocks until the server stopped (after `stop()` from another thread).
    public func waitUntilStopped() {
        finished.wait()
    }
}
