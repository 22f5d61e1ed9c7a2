import CLibWebSockets
import Dispatch
import Foundation
import Logging
import SessionTransport
import Synchronization
import Wire

/// A WebSocket client on libwebsockets: one context and one I/O thread for
/// any number of connections, for load tools and tests.
///
/// It reuses the server's seam the other way round: each connection gets a
/// `SessionOutput` to send through and hands its messages to a
/// `SessionConnection` that you supply.
///
/// ```swift
/// let client = try WebSocketClient()
/// client.connect(port: 8080, onFailure: { print($0) }) { output in
///     output.send(hello)
///     return MyBrowserStandIn(output: output)
/// }
/// // ...
/// client.shutdown()  // closes every connection with 1001
/// ```
package final class WebSocketClient: Sendable {
    private let loop: ServiceLoop
    private let finished = DispatchGroup()
    private let stopped = Mutex(false)

    /// Starts the I/O thread; connections are opened with `connect`.
    package init(
        limits: ServerConfiguration.Limits = .init(),
        logger: Logger = Logger(label: "mapwire.client")
    ) throws {
        // The loop's server-side callbacks never fire without a listener.
        let configuration = ServerConfiguration(
            port: -1, publicDirectory: URL(fileURLWithPath: "/"),
            limits: limits)
        loop = ServiceLoop(
            configuration: configuration, sessions: NoServerSessions(),
            http: NoServerSessions(), metrics: ServerMetrics(), logger: logger)
        loop.shutdownReason = "client shutting down"
        LWSContext.installLogBridgeUnlessInstalled()
        let arena = CArena()
        let context = try LWSContext.createClient(for: loop, arena: arena)
        loop.context = context
        loop.arena = arena
        loop.inbox.attach(context)
        finished.enter()
        let (loop, group) = (self.loop, finished)
        let thread = Thread {
            loop.run()
            group.leave()
        }
        thread.name = "mapwire-client"
        thread.start()
    }

    /// Counters for the client's connections (messages and bytes both ways).
    package var metrics: ServerMetrics { loop.metrics }

    /// Opens a connection to `ws://host:port/path`. Once the handshake is
    /// done, `makeSession` runs on the I/O thread with the connection's
    /// output; its `SessionConnection` then receives every message and
    /// `disconnected()` once. If the connection cannot be made, `onFailure`
    /// gets the reason instead. Callable from any thread. `bearerToken` is
    /// sent as `Authorization: Bearer <token>` (the feed needs it when the
    /// server has a token).
    package func connect(
        host: String = "127.0.0.1", port: Int, path: String = "/ws",
        subprotocol: String? = "mapwire.v1", bearerToken: String? = nil,
        onFailure: @escaping @Sendable (String) -> Void = { _ in },
        makeSession: @escaping @Sendable (SessionOutput) -> SessionConnection
    ) {
        let request = ClientRequest(
            host: host, port: port, path: path, subprotocol: subprotocol,
            onFailure: onFailure, makeSession: makeSession)
        request.bearerToken = bearerToken
        let loop = self.loop
        loop.inbox.post { loop.startClientConnection(request) }
    }

    /// Closes every connection with 1001 and stops the I/O thread.
    /// Idempotent; must not be called from a session callback.
    package func shutdown() {
        let first = stopped.withLock { stopped -> Bool in
            defer { stopped = true }
            return !stopped
        }
        if first { loop.inbox.requestStop() }
        finished.wait()
    }
}

/// One pending `connect`, owned by lws (as opaque user data) until the
/// handshake succeeds or fails. Service thread only after creation.
final class ClientRequest: @unchecked Sendable {
    let host: String
    let port: Int
    let path: String
    let subprotocol: String?
    var bearerToken: String?
    let onFailure: @Sendable (String) -> Void
    let makeSession: @Sendable (SessionOutput) -> SessionConnection
    /// Set when a callback took ownership back, so a failed connect call
    /// does not report twice.
    var settled = false

    init(
        host: String, port: Int, path: String, subprotocol: String?,
        onFailure: @escaping @Sendable (String) -> Void,
        makeSession: @escaping @Sendable (SessionOutput) -> SessionConnection
    ) {
        self.host = host
        self.port = port
        self.path = path
        self.subprotocol = subprotocol
        self.onFailure = onFailure
        self.makeSession = makeSession
    }
}

extension ServiceLoop {
    /// Service thread: asks lws to connect; the outcome arrives as
    /// CLIENT_ESTABLISHED or CLIENT_CONNECTION_ERROR.
    func startClientConnection(_ request: ClientRequest) {
        guard let context, !stopping else {
            request.onFailure("client is shutting down")
            return
        }
        let opaque = Unmanaged.passRetained(request).toOpaque()
        let wsi: OpaquePointer? = request.host.withCString { host in
            request.path.withCString { path in
                withOptionalCString(request.subprotocol) { subprotocol in
                    var info = lws_client_connect_info()
                    info.context = context
                    info.address = host
                    info.host = host
                    info.origin = host
                    info.port = Int32(request.port)
                    info.path = path
                    info.protocol = subprotocol
                    info.ietf_version_or_minus_one = -1
                    info.opaque_user_data = opaque
                    return lws_client_connect_via_info(&info)
                }
            }
        }
        if wsi == nil && !request.settled {
            request.settled = true
            Unmanaged<ClientRequest>.fromOpaque(opaque).release()
            request.onFailure("could not connect to \(request.host):\(request.port)")
        }
    }

    /// `LWS_CALLBACK_CLIENT_ESTABLISHED`.
    func clientEstablished(_ wsi: OpaquePointer) {
        guard let request = takeClientRequest(wsi) else { return }
        socketAccepted(wsi) // TCP_NODELAY: a pointer down and up go out at once
        let connection = WebSocketConnection(
            id: makeID(), wsi: wsi, limits: configuration.limits,
            inbox: inbox, metrics: metrics, logger: logger)
        connections[wsi] = connection
        // A producer on the feed speaks JSON text both ways.
        if request.subprotocol == configuration.feedSubprotocol { connection.makeFeed(servesProducer: false) }
        metrics.connectionsOpen.add(1, ordering: .relaxed)
        metrics.connectionsTotal.add(1, ordering: .relaxed)
        connection.session = request.makeSession(connection)
        if stopping {
            connection.requestClose(code: .goingAway, reason: shutdownReason, flushFirst: false)
            lws_callback_on_writable(wsi)
        }
    }

    /// `LWS_CALLBACK_CLIENT_CONNECTION_ERROR`.
    func clientFailed(_ wsi: OpaquePointer, reason: String) {
        guard let request = takeClientRequest(wsi) else { return }
        logger.debug("client connection to \(request.host):\(request.port) failed: \(reason)")
        request.onFailure(reason)
    }

    private func takeClientRequest(_ wsi: OpaquePointer) -> ClientRequest? {
        guard let raw = lws_get_opaque_user_data(wsi) else { return nil }
        lws_set_opaque_user_data(wsi, nil)
        let request = Unmanaged<ClientRequest>.fromOpaque(raw).takeRetainedValue()
        request.settled = true
        return request
    }
}

private func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}

/// Stands in for the server-side factory and handler in a client loop,
/// where no connection is ever accepted.
private final class NoServerSessions: SessionFactory, HTTPHandler {
    final class Refused: SessionConnection {
        func receive(_ message: [UInt8]) {}
        func disconnected() {}
    }

    func openSession(output: SessionOutput) -> SessionConnection {
        output.close(code: .policyViolation, reason: "not a server")
        return Refused()
    }

    var routes: RouteTable { RouteTable([]) }
}
