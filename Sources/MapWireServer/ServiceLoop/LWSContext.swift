import CLibWebSockets
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creating the libwebsockets context and routing its C callbacks back into
/// the Swift `ServiceLoop`. This file and the two `ServiceLoop+` files are the
/// only places that speak C.

/// Memory handed to lws that must stay put until `lws_context_destroy`: lws
/// copies the protocols array but keeps pointers to names, mounts, per-vhost
/// options and mimetypes.
final class CArena {
    private var allocations: [UnsafeMutableRawPointer] = []

    func string(_ value: String) -> UnsafePointer<CChar> {
        let copy = strdup(value)!
        allocations.append(UnsafeMutableRawPointer(copy))
        return UnsafePointer(copy)
    }

    func store<T>(_ values: [T]) -> UnsafeMutablePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(values.count, 1))
        pointer.initialize(from: values, count: values.count)
        allocations.append(UnsafeMutableRawPointer(pointer))
        return pointer
    }

    deinit {
        // Every stored type is plain C data, so no deinitialisation is needed.
        for pointer in allocations { pointer.deallocate() }
    }
}

/// Why `MapWireServer.start()` (or `ServerConfiguration.validate()`) refused
/// to serve; the description is a log line that says what to fix.
public enum ServerError: Error, CustomStringConvertible, Equatable {
    /// The port could not be opened on `host` for a reason other than being taken.
    case cannotListen(host: String, port: Int)
    /// The configuration's `publicDirectory` is not a folder on this machine.
    case missingPublicDirectory(String)
    /// `start()` was called on a server that was already started (or stopped).
    case alreadyStarted
    /// libwebsockets could not create its context (its log says why).
    case cannotCreateContext
    /// Another process already listens on `port` at `host`.
    case portInUse(host: String, port: Int)
    /// `--host` is neither an address, a wildcard nor an interface here.
    case invalidHost(String)
    /// A non-loopback bind with no token and no `allowsOpenWrites`.
    case openWritesOnNetwork(host: String)
    /// An entry of `allowedOrigins` is not a `scheme://host[:port]` origin.
    case invalidOrigin(String)
    /// The API token is empty or holds spaces or line breaks, so no client could send it.
    case invalidToken

    /// What went wrong and what to change, for the log.
    public var description: String {
        switch self {
        case .cannotListen(let host, let port):
            return "cannot listen on \(host):\(port) (address in use or not available?)"
        case .missingPublicDirectory(let path):
            return "public directory \(path) does not exist"
        case .alreadyStarted:
            return "the server was already started"
        case .cannotCreateContext:
            return "libwebsockets could not create a context"
        case .portInUse(let host, let port):
            return "port \(port) is in use on \(host): is another server running? Pick another with --port"
        case .invalidHost(let host):
            return "cannot bind --host \(host): it is neither an IP address nor a network interface of this machine"
        case .openWritesOnNetwork(let host):
            return "refusing to listen on \(host) without an API token: anyone who can reach the port could add, "
                + "move and delete annotations. Set --api-token (or MAPWIRE_API_TOKEN), or pass "
                + "--allow-open-writes to accept writes from every machine on purpose"
        case .invalidOrigin(let origin):
            return "--allowed-origin \(origin) is not an origin such as https://maps.example.com"
        case .invalidToken:
            return "the API token must be non-empty and contain no spaces or line breaks"
        }
    }
}

enum LWSContext {
    /// lws scans and loads its event-library plugin while it makes a context
    /// and unloads it while it destroys one, without a lock of its own: a
    /// server starting while another stops (tests, one process running
    /// several) saw the scan fail with EBADF. Both go through this lock.
    private static let lifecycle = Mutex<Void>(())

    /// `lws_create_context`, one context made or destroyed at a time.
    static func make(_ info: inout lws_context_creation_info) -> OpaquePointer? {
        // The address crosses the lock as a number: the pointer is not Sendable.
        OpaquePointer(bitPattern: lifecycle.withLock { _ in Int(bitPattern: lws_create_context(&info)) })
    }

    /// `lws_context_destroy`, one context made or destroyed at a time.
    static func destroy(_ context: OpaquePointer) {
        lifecycle.withLock { _ in lws_context_destroy(context) }
    }

    /// The vhost that listens on the HTTP port.
    static let frontName = "mapwire-http"
    /// The vhost that completes WebSocket handshakes the front hands over.
    static let webSocketName = "mapwire-ws"

    /// Builds the context for `loop` with two vhosts: the HTTP port, whose
    /// sockets lws hands over raw (the front parses HTTP itself), and one
    /// listening nowhere with the map and feed protocols, which adopts the
    /// sockets that open a WebSocket.
    static func create(for loop: ServiceLoop, arena: CArena) throws -> OpaquePointer {
        let configuration = loop.configuration
        var contextInfo = lws_context_creation_info()
        contextInfo.options = mapwire_option_explicit_vhosts()
        if let eventLoop = loop.eventLoop {
            contextInfo.options |= mapwire_option_libev()
            contextInfo.foreign_loops = arena.store([UnsafeMutableRawPointer(eventLoop)])
        }
        contextInfo.user = Unmanaged.passUnretained(loop).toOpaque()
        contextInfo.server_string = arena.string("MapWire")
        guard let context = make(&contextInfo) else { throw ServerError.cannotCreateContext }

        var front = lws_protocols()
        front.name = arena.string("mapwire-front")
        front.callback = serviceCallback
        var frontInfo = lws_context_creation_info()
        let bind = configuration.bindInterface
        frontInfo.vhost_name = arena.string(frontName)
        frontInfo.port = Int32(configuration.port)
        frontInfo.iface = bind.iface.map { arena.string($0) }
        frontInfo.options = mapwire_option_adopt_listen_accept() | (bind.ipv4Only ? mapwire_option_disable_ipv6() : 0)
        frontInfo.listen_accept_role = arena.string("raw-skt")
        frontInfo.listen_accept_protocol = front.name
        frontInfo.protocols = UnsafePointer(arena.store([front, lws_protocols()]))
        guard lws_create_vhost(context, &frontInfo) != nil else {
            destroy(context)
            throw ListenProbe.failure(host: configuration.host, port: configuration.port, interface: bind)
        }

        // The map protocol is "default" so a WebSocket naming no subprotocol binds to it, not to "http".
        let defaultOption = arena.store([
            lws_protocol_vhost_options(
                next: nil, options: nil, name: arena.string("default"), value: arena.string("1"))
        ])
        let pvo = arena.store([
            lws_protocol_vhost_options(
                next: nil, options: defaultOption, name: arena.string(configuration.subprotocol),
                value: arena.string(""))
        ])
        var http = lws_protocols()
        http.name = arena.string("http")
        http.callback = serviceCallback
        var map = lws_protocols()
        map.name = arena.string(configuration.subprotocol)
        map.callback = serviceCallback
        var feed = lws_protocols()
        feed.name = arena.string(configuration.feedSubprotocol)
        feed.callback = serviceCallback
        var webSocketInfo = lws_context_creation_info()
        webSocketInfo.vhost_name = arena.string(webSocketName)
        webSocketInfo.port = CONTEXT_PORT_NO_LISTEN
        webSocketInfo.options = mapwire_option_validate_utf8()
        webSocketInfo.protocols = UnsafePointer(arena.store([http, map, feed, lws_protocols()]))
        webSocketInfo.pvo = UnsafePointer(pvo)
        guard let webSocketHost = lws_create_vhost(context, &webSocketInfo) else {
            destroy(context)
            throw ServerError.cannotCreateContext
        }
        loop.webSocketHost = webSocketHost
        return context
    }

    /// Builds a context that listens nowhere, for `WebSocketClient`.
    static func createClient(for loop: ServiceLoop, arena: CArena) throws -> OpaquePointer {
        var client = lws_protocols()
        client.name = arena.string("mapwire-client")
        client.callback = serviceCallback
        let protocols = arena.store([client, lws_protocols()])
        var info = lws_context_creation_info()
        info.port = CONTEXT_PORT_NO_LISTEN
        if let eventLoop = loop.eventLoop {
            info.options |= mapwire_option_libev()
            info.foreign_loops = arena.store([UnsafeMutableRawPointer(eventLoop)])
        }
        info.protocols = UnsafePointer(protocols)
        info.user = Unmanaged.passUnretained(loop).toOpaque()
        guard let context = make(&info) else {
            throw ServerError.cannotCreateContext
        }
        return context
    }

    /// The port the HTTP vhost listens on (useful with port 0).
    static func listenPort(_ context: OpaquePointer) -> Int {
        guard let vhost = lws_get_vhost_by_name(context, frontName) else { return -1 }
        return Int(lws_get_vhost_listen_port(vhost))
    }

    /// Whether lws's log has been sent to swift-log yet (its level is process-wide).
    private static let logBridgeInstalled = Atomic<Bool>(false)

    /// lws logs some failures on every wake-up (accept() failing with
    /// EMFILE, about 150,000 lines a second), so repeated lines are throttled.
    private static let throttle = ThrottledLog()

    /// For a client alone in its process: without the bridge, lws prints its
    /// notices (one per connection event on libev) straight to stderr. A
    /// server's own setting, made first, stays.
    static func installLogBridgeUnlessInstalled() {
        if !logBridgeInstalled.load(ordering: .relaxed) { installLogBridge(verbose: false) }
    }

    /// Sends lws's own log lines to swift-log. Notices are chatty start-up
    /// details, so they go to debug, and lws is asked for them only when its
    /// logger would write them.
    static func installLogBridge(verbose: Bool) {
        logBridgeInstalled.store(true, ordering: .relaxed)
        var levels = Int32(MAPWIRE_LLL_ERR | MAPWIRE_LLL_WARN)
        if verbose { levels |= Int32(MAPWIRE_LLL_NOTICE) }
        lws_set_log_level(levels) { level, line in
            guard let line else { return }
            var text = String(cString: line)
            while text.last == "\n" || text.last == "\r" { text.removeLast() }
            // lws 4.1 logs this step of every socket handed to it as an error; it is routine here.
            if text.hasSuffix("adopt_socket_readbuf: calling service") { return }
            let (write, heldBack) = LWSContext.throttle.admit(text, at: ServiceLoop.now())
            guard write else { return }
            if heldBack > 0 { text += " (\(heldBack) similar lines held back)" }
            let logger = Logger(label: MapWireServer.libwebsocketsLogLabel)
            if level & Int32(MAPWIRE_LLL_ERR) != 0 {
                logger.error("\(text)")
            } else if level & Int32(MAPWIRE_LLL_WARN) != 0 {
                logger.warning("\(text)")
            } else {
                logger.debug("\(text)")
            }
        }
    }
}

/// The one C callback for every protocol. It captures nothing (it must be a
/// plain C function pointer); the loop comes back through the context's user
/// pointer. Reasons we do not handle fall through to lws's default handling.
private func serviceCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons,
    _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?,
    _ length: Int
) -> Int32 {
    guard let wsi, let context = lws_get_context(wsi), let raw = lws_context_user(context) else {
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
    let loop = Unmanaged<ServiceLoop>.fromOpaque(raw).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length)
    switch reason {
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        loop.drainInbox()
        return 0 // anything else closes lws's wake-up pipe for good
    case LWS_CALLBACK_WSI_DESTROY:
        loop.socketDestroyed(wsi)
    case LWS_CALLBACK_RAW_ADOPT:
        return loop.frontAccepted(wsi)
    case LWS_CALLBACK_RAW_RX:
        return loop.frontReceived(wsi, bytes)
    case LWS_CALLBACK_RAW_WRITEABLE:
        return loop.frontWritable(wsi)
    case LWS_CALLBACK_RAW_CLOSE:
        loop.frontClosed(wsi)
        return 0
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        return loop.acceptUpgrade(wsi) ? 0 : -1
    case LWS_CALLBACK_ESTABLISHED:
        loop.established(wsi)
        return 0
    case LWS_CALLBACK_RECEIVE, LWS_CALLBACK_CLIENT_RECEIVE:
        return loop.received(wsi, bytes)
    case LWS_CALLBACK_SERVER_WRITEABLE, LWS_CALLBACK_CLIENT_WRITEABLE:
        return loop.writable(wsi)
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        loop.clientEstablished(wsi)
        return 0
    case LWS_CALLBACK_CLIENT_APPEND_HANDSHAKE_HEADER:
        return loop.appendClientHeaders(wsi, input, length)
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        let reason = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
        loop.clientFailed(wsi, reason: reason ?? "connection failed")
        return 0
    case LWS_CALLBACK_RECEIVE_PONG:
        loop.pongReceived(wsi)
        return 0
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        loop.peerClosed(wsi, bytes)
        return 0
    case LWS_CALLBACK_CLOSED, LWS_CALLBACK_CLIENT_CLOSED:
        loop.closed(wsi)
        return 0
    default:
        break
    }
    return lws_callback_http_dummy(wsi, reason, user, input, length)
}
