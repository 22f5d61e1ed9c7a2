import Foundation
import MapCore
import MapWireServer

/// Everything `mapwire`'s flags set, for an app that starts MapWire from
/// Swift (`MapWireService`). The defaults are the flags' defaults;
/// `init(reading:)` fills it from the sources `mapwire` reads (`reader(...)`).
public struct MapWireConfiguration: Sendable {
    /// Interface to bind: `127.0.0.1`, `0.0.0.0` for every IPv4 interface, `::` for every interface.
    public var host = "127.0.0.1"
    /// TCP port for the page, the HTTP API and the WebSockets; 0 picks a free one.
    public var port = 8080
    /// The folder with `tiles/world.mbtiles`; nil: `./fixtures` if it has one, else MapWire's own.
    public var dataDirectory: URL?
    /// The folder served as the page; nil: `./Public` if it has the page, else MapWire's own.
    public var publicDirectory: URL?
    /// The SQLite file that keeps the shared world across restarts, created
    /// on first start; `:memory:` keeps it in memory only.
    public var storePath = "./mapwire.sqlite"
    /// What a commit to the store file survives: `.normal` a crash of the
    /// process, `.full` a power cut too, at a sync of the disk a commit.
    public var storeSync = StoreSync.normal
    /// The bearer token writes need; nil: `MAPWIRE_API_TOKEN`, and without
    /// that only this machine may write.
    public var apiToken: String? = ProcessInfo.processInfo.environment["MAPWIRE_API_TOKEN"].flatMap {
        $0.isEmpty ? nil : $0
    }
    /// With no token: accept writes from every machine, and allow a non-loopback `host`.
    public var allowsOpenWrites = false
    /// Origins (`https://maps.example.com`) whose pages may open the sockets and embed the page.
    public var allowedOrigins: [String] = []
    /// Host names the server answers for besides loopback names and IP addresses.
    public var allowedHosts: [String] = []
    /// MBTiles or PMTiles archives in the OpenMapTiles schema, drawn as a
    /// street map over the base map where they have data; nil: the data
    /// folder's `tiles/helsinki.mbtiles` when it has one (the demo's
    /// streets); empty: no streets.
    public var tilePaths: [String]?
    /// The style the street map draws with (`--style`): `light`, the
    /// default, which gives a browser that prefers a dark colour scheme the
    /// dark style; `dark` for every tab; or a MapLibre style file of your own,
    /// read again on SIGHUP and when it changes (docs/styles.md).
    public var style = MapStyleSetting.light
    /// Connection, session and input bounds (the flags under "Limits").
    public var limits = Limits()
    /// Which map controls each tab shows and in which corner (`--zoom-controls`,
    /// `--keyboard-help`, `--scale-bar`, `--attribution`), and credits for the
    /// app's data after the base map's; `MapAppSession.controls` changes them per tab.
    public var controls = MapControlsOptions()

    /// The bounds on what clients may hold and send.
    public struct Limits: Sendable {
        /// Sockets open at once, lowered to fit the descriptor limit; one more gets 503.
        public var maxConnections = 4096
        /// Sockets one peer address may hold at once (0: no limit).
        public var maxConnectionsPerPeer = 256
        /// Whether loopback peers count against `maxConnectionsPerPeer`.
        public var limitsLoopbackPeers = false
        /// Map sessions open at once; one more is closed with 1013 "server full".
        public var maxSessions = 2000
        /// Seconds a connection has to send complete request headers.
        public var requestTimeout = 10
        /// Seconds a map WebSocket has to send its HELLO.
        public var firstMessageTimeout = 10
        /// Seconds a feed WebSocket has to send its first batch.
        public var feedFirstMessageTimeout = 60
        /// Seconds a feed WebSocket may stay quiet after it (a pong to the server's ping counts).
        public var feedIdleTimeout = 60
        /// Batches a feed WebSocket may have sent and not yet had answered before reading it pauses.
        public var feedMaxPendingBatches = 16
        /// Megabytes of those batches before reading pauses; answers waiting to be read past this close it (1008).
        public var feedMaxPendingMegabytes = 64
        /// Messages a second a map WebSocket may send on average (0: no limit).
        public var maxInputRate = 500
        /// Messages a map WebSocket may send at once after a pause.
        public var inputBurst = 1000
        /// Largest GeoJSON or NDJSON import body, in megabytes (other bodies keep 8 MB).
        public var maxImportMegabytes = 64

        /// The flags' defaults.
        public init() {}
    }

    /// The flags' defaults.
    public init() {}

    /// `dataDirectory`, or where MapWire's own data is.
    public var resolvedDataDirectory: URL {
        dataDirectory ?? Self.bundled("fixtures", marker: "tiles/world.mbtiles")
    }

    /// `tilePaths`, or the demo's Helsinki tiles when the data folder has them.
    public var resolvedTilePaths: [String] {
        if let tilePaths { return tilePaths }
        let demo = resolvedDataDirectory.appendingPathComponent("tiles/helsinki.mbtiles").path
        return FileManager.default.fileExists(atPath: demo) ? [demo] : []
    }

    /// `publicDirectory`, or where MapWire's own page is.
    public var resolvedPublicDirectory: URL {
        publicDirectory ?? Self.bundled("Public", marker: "index.html")
    }

    /// What the transport needs from this configuration.
    package var serverConfiguration: ServerConfiguration {
        var server = ServerConfiguration(
            host: host, port: port, publicDirectory: resolvedPublicDirectory, apiToken: apiToken,
            allowsOpenWrites: allowsOpenWrites, allowedOrigins: allowedOrigins, allowedHosts: allowedHosts)
        server.maxConnections = limits.maxConnections
        server.maxConnectionsPerPeer = limits.maxConnectionsPerPeer
        server.limitsLoopbackPeers = limits.limitsLoopbackPeers
        server.maxSessions = limits.maxSessions
        server.idleRequestTimeout = limits.requestTimeout
        server.firstMessageTimeout = limits.firstMessageTimeout
        server.feedFirstMessageTimeout = limits.feedFirstMessageTimeout
        server.feedIdleTimeout = limits.feedIdleTimeout
        server.limits.feedMaxPendingBatches = limits.feedMaxPendingBatches
        server.limits.feedMaxPendingBytes = limits.feedMaxPendingMegabytes << 20
        server.limits.maxInputMessagesPerSecond = limits.maxInputRate
        server.limits.inputBurstMessages = limits.inputBurst
        server.limits.maxImportBodyBytes = limits.maxImportMegabytes << 20
        return server
    }

    /// `./name` when it holds `marker` (a deployment with its own copy, as
    /// the container image has), else the folder in MapWire's source checkout,
    /// which a package depending on MapWire always has.
    static func bundled(_ name: String, marker: String) -> URL {
        let local = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: local.appendingPathComponent(marker).path) { return local }
        return packageRoot.appendingPathComponent(name)
    }

    /// The MapWire checkout this file was built from.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
