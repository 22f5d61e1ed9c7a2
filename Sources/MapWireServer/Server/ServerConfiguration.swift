import Foundation

/// Everything the transport needs to know before it opens its port.
///
/// The defaults are the ones `mapwire` uses: port 8080 on the loopback
/// interface, the page from `Public/`, the WebSocket at `/ws`.
public struct ServerConfiguration: Sendable {
    /// The interface to bind: an IPv4 address such as `127.0.0.1`, `0.0.0.0`
    /// (all IPv4 interfaces), `::` or `*` (all interfaces), or `localhost`.
    public var host: String
    /// The TCP port; 0 lets the kernel pick a free one (see `MapWireServer.port`).
    public var port: Int
    /// The folder served as static files; `index.html` answers `/`.
    public var publicDirectory: URL
    /// The only path that accepts a WebSocket upgrade.
    public var webSocketPath: String
    /// The path of the producers' feed WebSocket (JSON moves in, JSON answers
    /// out; docs/protocol.md), served when the session factory is a `FeedFactory`.
    public var feedPath: String = "/feed"
    /// The feed's WebSocket subprotocol (clients may also name none).
    public var feedSubprotocol: String = "mapwire.feed.v1"
    /// The WebSocket subprotocol; clients that ask for none are accepted too.
    public var subprotocol: String
    /// Bounds that protect the server from one misbehaving client.
    public var limits: Limits
    /// How long shutdown waits for clients to answer the close handshake.
    public var shutdownGrace: TimeInterval
    /// Seconds a connection may take to get its close frame out once a close
    /// was asked for; a client that reads nothing at all never becomes
    /// writable, so lws drops it after this.
    public var closeTimeout: Int
    /// Seconds a connection may stay open without sending a complete HTTP
    /// request (or upgrade) before it is dropped.
    public var idleRequestTimeout: Int
    /// The bearer token writes need (`POST`/`DELETE` under `/api/`, the feed
    /// socket); nil accepts writes from loopback peers only.
    public var apiToken: String? = nil
    /// With no token: accept writes from every peer, and allow binding a
    /// non-loopback address (otherwise `start()` refuses to).
    public var allowsOpenWrites = false
    /// Origins (`https://maps.example.com`) whose pages may open `/ws` and
    /// `/feed` and embed the page, besides the server's own.
    public var allowedOrigins: [String] = []
    /// Host names the server answers for, besides loopback names, address
    /// literals, the bound name and the hosts of `allowedOrigins`.
    public var allowedHosts: [String] = []

    /// Size bounds for one connection.
    public struct Limits: Sendable, Equatable {
        /// Largest incoming WebSocket message; bigger ones close with 1009.
        public var maxMessageBytes: Int
        /// Largest HTTP request body; bigger ones are answered with 413.
        public var maxRequestBodyBytes: Int
        /// Largest body of a GeoJSON or NDJSON import (`POST /api/annotations`
        /// as `application/geo+json` or `application/x-ndjson`): 100,000
        /// features are some 20 MB. Bigger ones are answered with 413.
        public var maxImportBodyBytes: Int
        /// Messages queued for one client before it counts as too slow (1008).
        public var maxQueuedMessages: Int
        /// Bytes queued for one client before it counts as too slow (1008).
        public var maxQueuedBytes: Int
        /// Outgoing messages are written in fragments of at most this size,
        /// one per writable callback, so a big frame never blocks the loop.
        public var fragmentBytes: Int

        /// The defaults suit a public server: 1 MiB messages, 8 MiB bodies,
        /// 256 messages or 8 MiB queued per client, 60 KiB fragments.
        public init(
            maxMessageBytes: Int = 1 << 20,
            maxRequestBodyBytes: Int = 8 << 20,
            maxQueuedMessages: Int = 256,
            maxQueuedBytes: Int = 8 << 20,
            fragmentBytes: Int = 60 * 1024,
            maxImportBodyBytes: Int = 64 << 20
        ) {
            self.maxMessageBytes = maxMessageBytes
            self.maxImportBodyBytes = maxImportBodyBytes
            self.maxRequestBodyBytes = maxRequestBodyBytes
            self.maxQueuedMessages = maxQueuedMessages
            self.maxQueuedBytes = maxQueuedBytes
            self.fragmentBytes = fragmentBytes
        }

        /// Batches a feed producer may have sent and not yet had answered;
        /// at this many the server stops reading its socket until answers
        /// go out, so a fast producer waits instead of piling work up here.
        public var feedMaxPendingBatches = 16
        /// Bytes of those batches before reading pauses; answers waiting to
        /// be read past this many bytes close the feed with 1008.
        public var feedMaxPendingBytes = 64 << 20

        /// Messages a second a map WebSocket may send on average; beyond its
        /// burst it is closed with 1008. 0 means no limit. Feeds are exempt.
        public var maxInputMessagesPerSecond = 500
        /// Messages a map WebSocket may send at once after a pause.
        public var inputBurstMessages = 1000
    }

    /// A configuration serving `publicDirectory` on loopback port 8080 with
    /// the default limits; set the other properties afterwards as needed.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        publicDirectory: URL,
        webSocketPath: String = "/ws",
        subprotocol: String = "mapwire.v1",
        limits: Limits = Limits(),
        shutdownGrace: TimeInterval = 0.5,
        closeTimeout: Int = 5,
        idleRequestTimeout: Int = 10,
        apiToken: String? = nil,
        allowsOpenWrites: Bool = false,
        allowedOrigins: [String] = [],
        allowedHosts: [String] = []
    ) {
        self.host = host
        self.port = port
        self.publicDirectory = publicDirectory
        self.webSocketPath = webSocketPath
        self.subprotocol = subprotocol
        self.limits = limits
        self.shutdownGrace = shutdownGrace
        self.closeTimeout = closeTimeout
        self.idleRequestTimeout = idleRequestTimeout
        self.apiToken = apiToken
        self.allowsOpenWrites = allowsOpenWrites
        self.allowedOrigins = allowedOrigins
        self.allowedHosts = allowedHosts
    }

    /// What libwebsockets wants as `iface`: nil for "every interface", and
    /// whether IPv6 must be switched off so an IPv4 address can be bound.
    var bindInterface: (iface: String?, ipv4Only: Bool) {
        switch host {
        case "", "*", "::": return (nil, false)
        case "0.0.0.0": return (nil, true)
        case "localhost": return ("127.0.0.1", true)
        default:
            let looksIPv4 =
                host.split(separator: ".").count == 4
                && host.allSatisfy { $0.isNumber || $0 == "." }
            return (host, looksIPv4)
        }
    }

    /// Sockets open at once (HTTP and WebSocket); lowered at start to fit
    /// under the process's descriptor limit. One more is answered 503.
    public var maxConnections = 4096
    /// Sockets one peer address may hold at once; 0 means no limit.
    public var maxConnectionsPerPeer = 256
    /// Whether loopback peers count against `maxConnectionsPerPeer` (off by
    /// default: behind a reverse proxy on the same host, every user is 127.0.0.1).
    public var limitsLoopbackPeers = false
    /// Map sessions open at once; one more is closed with 1013 "server full".
    public var maxSessions = 2000
    /// Seconds a `/ws` connection has to send its HELLO; then it is closed with 1008.
    public var firstMessageTimeout = 10
    /// Seconds a `/feed` connection has to send its first batch.
    public var feedFirstMessageTimeout = 60
    /// Seconds a `/feed` connection may stay quiet after that: halfway the
    /// server pings it, and a batch or a pong starts the time again.
    public var feedIdleTimeout = 60
}
