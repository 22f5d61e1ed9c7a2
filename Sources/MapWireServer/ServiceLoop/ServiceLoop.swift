import CLibWebSockets
import Dispatch
import Logging
import SessionTransport
import Wire

/// The libwebsockets context and everything the service thread owns.
///
/// Exactly one thread runs `run()`; every lws callback arrives on it. Other
/// threads reach it only through `inbox` (and the metrics atomics), which is
/// why this class is `@unchecked Sendable`: it is handed to the service thread
/// once and then confined to it.
final class ServiceLoop: @unchecked Sendable {
    let configuration: ServerConfiguration
    let sessions: SessionFactory
    let http: HTTPHandler
    let metrics: ServerMetrics
    let logger: Logger
    /// Gives freed memory back after connections close (the process's, or a test's own).
    let allocatorTrim: AllocatorTrim
    let inbox = ServiceInbox()
    /// The header-time checks (ServiceLoop+Gate.swift).
    lazy var gate = RequestGate(configuration: configuration)
    /// Connection counts and deadlines (ServiceLoop+Limits.swift).
    let connectionGate: ConnectionGate
    /// Refusals and timeouts are logged at a bounded rate.
    let refusalLog = ThrottledLog()

    /// Set by `MapWireServer.start` once lws created it.
    var context: OpaquePointer?
    /// The libev loop lws runs on (epoll on Linux, libev's best elsewhere),
    /// owned by this loop; nil means lws's own poll() loop, whose every
    /// wake-up walks all connections.
    let eventLoop: OpaquePointer?
    /// C strings and structs lws keeps pointers to; freed after the context.
    var arena: CArena?

    var connections: [OpaquePointer: WebSocketConnection] = [:]
    /// The HTTP port's connections (ServiceLoop+Front.swift).
    var fronts: [OpaquePointer: HTTPConnection] = [:]
    /// Front connections whose reading is paused.
    var flowPaused: Set<OpaquePointer> = []
    /// Requests waiting for their answer, by exchange id.
    var exchanges: [Int: (wsi: OpaquePointer, exchange: HTTPExchange)] = [:]
    /// WebSocket openings being handed to lws, by the socket's new descriptor.
    var handoffs: [Int32: WebSocketHandoff] = [:]
    /// The vhost that completes WebSocket handshakes; it listens nowhere.
    var webSocketHost: OpaquePointer?
    lazy var frontEnvironment = FrontEnvironment(
        gate: gate, common: CommonFields(allowedOrigins: configuration.allowedOrigins),
        webSocketPath: configuration.webSocketPath, feedPath: configuration.feedPath,
        servesFeed: sessions is FeedFactory, routes: http.routes, requests: metrics.httpRequests,
        makeID: { [unowned self] in makeID() })
    lazy var staticFiles = StaticFiles(root: configuration.publicDirectory)
    var nextID = 1
    var stopping = false
    var stopDeadline = DispatchTime.distantFuture
    /// The reason in the 1001 close frames sent on shutdown.
    var shutdownReason = "server shutting down"

    /// Reused for every outgoing fragment: `LWS_PRE` bytes of headroom for
    /// the frame header lws writes in front of the payload.
    var sendBuffer: [UInt8]
    let pre = Int(MAPWIRE_LWS_PRE)

    init(
        configuration: ServerConfiguration, sessions: SessionFactory, http: HTTPHandler,
        metrics: ServerMetrics, logger: Logger, allocatorTrim: AllocatorTrim = .shared, usesEventLoop: Bool = true
    ) {
        eventLoop = usesEventLoop ? mapwire_ev_loop_new() : nil
        self.configuration = configuration
        self.sessions = sessions
        self.http = http
        self.metrics = metrics
        self.logger = logger
        self.allocatorTrim = allocatorTrim
        self.connectionGate = ConnectionGate(
            maxConnections: ConnectionGate.connectionCap(requested: configuration.maxConnections),
            maxPerPeer: configuration.maxConnectionsPerPeer, limitsLoopback: configuration.limitsLoopbackPeers)
        if connectionGate.maxConnections < configuration.maxConnections {
            let cap = connectionGate.maxConnections
            logger.notice("connection limit lowered to \(cap) to fit the descriptor limit (ulimit -n)")
        }
        self.sendBuffer = [UInt8](
            repeating: 0,
            count: Int(MAPWIRE_LWS_PRE)
                + max(configuration.limits.fragmentBytes, 16 * 1024))
    }

    func makeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// The service thread's body: serve until asked to stop and every client
    /// has answered the close (or the grace period ran out), then destroy.
    func run() {
        guard let context else { return }
        let heartbeat = startHeartbeat()
        defer { heartbeat?.cancel() }
        while true {
            if let eventLoop {
                mapwire_ev_run_once(eventLoop)
            } else if lws_service(context, 0) < 0 {
                logger.error("libwebsockets service loop failed; shutting down")
                break
            }
            if stopping && (connections.isEmpty || DispatchTime.now() >= stopDeadline) { break }
        }
        if !connections.isEmpty {
            logger.debug("\(connections.count) connection(s) did not finish the close handshake in time")
        }
        inbox.detach()
        LWSContext.destroy(context)
        self.context = nil
        if let eventLoop { mapwire_ev_loop_destroy(eventLoop) }
        // lws normally reports CLOSED while destroying; make sure every session
        // hears about its end exactly once anyway.
        for connection in connections.values { finish(connection) }
        connections.removeAll()
        fronts.removeAll()
        exchanges.removeAll()
        arena = nil
        logger.info("service loop stopped")
    }

    /// On libev, lws 4.1 services its timers (connection timeouts such as the
    /// one that drops a client that stopped reading, pings) only after socket
    /// activity, so an otherwise quiet server would never fire them. A few
    /// wake-ups a second through the cancel pipe count as activity.
    private func startHeartbeat() -> DispatchSourceTimer? {
        guard eventLoop != nil else { return nil }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        let inbox = self.inbox
        timer.schedule(deadline: .now() + Self.heartbeat, repeating: Self.heartbeat, leeway: .milliseconds(50))
        timer.setEventHandler { inbox.wake() }
        timer.resume()
        return timer
    }

    static let heartbeat = DispatchTimeInterval.milliseconds(250)

    /// `LWS_CALLBACK_EVENT_WAIT_CANCELLED`: act on what other threads posted.
    /// Fires spuriously too (lws cancels on every accept), which is harmless.
    func drainInbox() {
        let pending = inbox.take()
        enforceDeadlines()
        if pending.stopRequested && !stopping { beginShutdown() }
        for connection in pending.connections {
            connection.wakeDelivered()
            // The socket may have closed since the post.
            if connections[connection.wsi] === connection {
                if connection.takeResume() { lws_rx_flow_control(connection.wsi, 1) }
                lws_callback_on_writable(connection.wsi)
                armCloseTimer(connection)
            }
        }
        for task in pending.tasks { task() }
        for (id, answer) in pending.responses {
            frontAnswered(id, answer)
        }
    }

    /// A close waits for WRITEABLE, which never comes for a client that
    /// stopped reading; lws drops the connection if it is still there later.
    func armCloseTimer(_ connection: WebSocketConnection) {
        guard !connection.closeTimerArmed, connection.hasPendingClose else { return }
        connection.closeTimerArmed = true
        lws_set_timeout(connection.wsi, PENDING_TIMEOUT_CLOSE_SEND, Int32(max(1, configuration.closeTimeout)))
    }

    /// Closes every WebSocket with 1001 and arms the deadline after which the
    /// loop ends even if some client never answers.
    private func beginShutdown() {
        stopping = true
        let grace = max(0, configuration.shutdownGrace)
        stopDeadline = DispatchTime.now() + grace
        logger.info("shutting down: closing \(connections.count) connection(s)")
        for connection in connections.values {
            connection.closeReason = shutdownReason
            connection.requestClose(code: .goingAway, reason: shutdownReason, flushFirst: false)
            lws_callback_on_writable(connection.wsi)
        }
        // lws_service sleeps until something happens; make sure something does.
        let inbox = self.inbox
        DispatchQueue.global().asyncAfter(deadline: stopDeadline) { inbox.wake() }
    }
}
