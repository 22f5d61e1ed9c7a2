import ArgumentParser
import Configuration
import MapWire

/// The flags that bound what clients may hold and send (docs/security.md, "Limits").
struct LimitOptions: ParsableArguments {
    @Option(
        name: .setting(.maxConnections),
        help: .setting(
            .maxConnections,
            "Sockets open at once; lowered to fit the descriptor limit (ulimit -n). One more gets 503.",
            default: defaults.maxConnections))
    var maxConnections: Int?

    @Option(
        name: .setting(.maxConnectionsPerPeer),
        help: .setting(
            .maxConnectionsPerPeer, "Sockets one peer address may hold at once (0: no limit).",
            default: defaults.maxConnectionsPerPeer))
    var maxConnectionsPerPeer: Int?

    @Flag(
        name: .setting(.limitLoopbackPeers),
        help: .setting(
            .limitLoopbackPeers,
            "Hold loopback peers to --max-connections-per-peer too (off: a local reverse proxy is every user)."))
    var limitLoopbackPeers = false

    @Option(
        name: .setting(.maxSessions),
        help: .setting(
            .maxSessions, "Map sessions open at once; one more is closed with 1013 \"server full\".",
            default: defaults.maxSessions))
    var maxSessions: Int?

    @Option(
        name: .setting(.requestTimeout),
        help: .setting(
            .requestTimeout, "Seconds a connection has to send complete request headers (slow headers, idle sockets).",
            default: defaults.requestTimeout))
    var requestTimeout: Int?

    @Option(
        name: .setting(.firstMessageTimeout),
        help: .setting(
            .firstMessageTimeout, "Seconds a /ws connection has to send its HELLO.",
            default: defaults.firstMessageTimeout))
    var firstMessageTimeout: Int?

    @Option(
        name: .setting(.feedFirstMessageTimeout),
        help: .setting(
            .feedFirstMessageTimeout, "Seconds a /feed connection has to send its first batch.",
            default: defaults.feedFirstMessageTimeout))
    var feedFirstMessageTimeout: Int?

    @Option(
        name: .setting(.feedIdleTimeout),
        help: .setting(
            .feedIdleTimeout,
            "Seconds a /feed connection may stay quiet after its first batch; a pong to the server's "
                + "ping counts.", default: defaults.feedIdleTimeout))
    var feedIdleTimeout: Int?

    @Option(
        name: .setting(.feedMaxPendingBatches),
        help: .setting(
            .feedMaxPendingBatches,
            "Batches a /feed connection may have sent and not had answered before the server "
                + "stops reading it.", default: defaults.feedMaxPendingBatches))
    var feedMaxPendingBatches: Int?

    @Option(
        name: .setting(.feedMaxPendingMb),
        help: .setting(
            .feedMaxPendingMb,
            "MB of unanswered batches before a /feed connection is not read; answers unread past it: "
                + "close 1008.", default: defaults.feedMaxPendingMegabytes))
    var feedMaxPendingMb: Int?

    @Option(
        name: .setting(.maxInputRate),
        help: .setting(
            .maxInputRate,
            "Messages a second a map WebSocket may send on average (0: no limit); beyond it, close 1008.",
            default: defaults.maxInputRate))
    var maxInputRate: Int?

    @Option(
        name: .setting(.inputBurst),
        help: .setting(
            .inputBurst, "Messages a map WebSocket may send at once after a pause.", default: defaults.inputBurst))
    var inputBurst: Int?

    @Option(
        name: .setting(.maxImportMb),
        help: .setting(
            .maxImportMb, "Largest GeoJSON or NDJSON import into /api/annotations, in MB (other bodies: 8 MB).",
            default: defaults.maxImportMegabytes))
    var maxImportMb: Int?

    private static let defaults = MapWireConfiguration.Limits()

    /// The flags given, as settings.
    var given: [MapWireConfiguration.Key: ConfigContent?] {
        [
            .maxConnections: maxConnections.map(ConfigContent.int),
            .maxConnectionsPerPeer: maxConnectionsPerPeer.map(ConfigContent.int),
            .limitLoopbackPeers: limitLoopbackPeers ? .bool(true) : nil,
            .maxSessions: maxSessions.map(ConfigContent.int),
            .requestTimeout: requestTimeout.map(ConfigContent.int),
            .firstMessageTimeout: firstMessageTimeout.map(ConfigContent.int),
            .feedFirstMessageTimeout: feedFirstMessageTimeout.map(ConfigContent.int),
            .feedIdleTimeout: feedIdleTimeout.map(ConfigContent.int),
            .feedMaxPendingBatches: feedMaxPendingBatches.map(ConfigContent.int),
            .feedMaxPendingMb: feedMaxPendingMb.map(ConfigContent.int),
            .maxInputRate: maxInputRate.map(ConfigContent.int),
            .inputBurst: inputBurst.map(ConfigContent.int),
            .maxImportMb: maxImportMb.map(ConfigContent.int),
        ]
    }
}
