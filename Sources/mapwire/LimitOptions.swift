import ArgumentParser
import MapWire

/// The flags that bound what clients may hold and send (docs/security.md, "Limits").
struct LimitOptions: ParsableArguments {
    @Option(help: "Sockets open at once; lowered to fit the descriptor limit (ulimit -n). One more gets 503.")
    var maxConnections = 4096

    @Option(help: "Sockets one peer address may hold at once (0: no limit).")
    var maxConnectionsPerPeer = 256

    @Flag(help: "Hold loopback peers to --max-connections-per-peer too (off: a local reverse proxy is every user).")
    var limitLoopbackPeers = false

    @Option(help: "Map sessions open at once; one more is closed with 1013 \"server full\".")
    var maxSessions = 2000

    @Option(help: "Seconds a connection has to send complete request headers (slow headers, idle sockets).")
    var requestTimeout = 10

    @Option(help: "Seconds a /ws connection has to send its HELLO.")
    var firstMessageTimeout = 10

    @Option(help: "Seconds a /feed connection has to send its first batch.")
    var feedFirstMessageTimeout = 60

    @Option(help: "Seconds a /feed connection may stay quiet after its first batch; a pong to the server's ping counts.")
    var feedIdleTimeout = 60

    @Option(help: "Batches a /feed connection may have sent and not had answered before the server stops reading it.")
    var feedMaxPendingBatches = 16

    @Option(help: "MB of unanswered batches before a /feed connection is not read; answers unread past it: close 1008.")
    var feedMaxPendingMb = 64

    @Option(help: "Messages a second a map WebSocket may send on average (0: no limit); beyond it, close 1008.")
    var maxInputRate = 500

    @Option(help: "Messages a map WebSocket may send at once after a pause.")
    var inputBurst = 1000

    @Option(help: "Largest GeoJSON or NDJSON import into /api/annotations, in MB (other bodies: 8 MB).")
    var maxImportMb = 64

    func validate() throws {
        let positive = [("--max-connections", maxConnections), ("--max-sessions", maxSessions),
                        ("--request-timeout", requestTimeout), ("--first-message-timeout", firstMessageTimeout),
                        ("--feed-first-message-timeout", feedFirstMessageTimeout), ("--input-burst", inputBurst),
                        ("--max-import-mb", maxImportMb), ("--feed-idle-timeout", feedIdleTimeout),
                        ("--feed-max-pending-batches", feedMaxPendingBatches),
                        ("--feed-max-pending-mb", feedMaxPendingMb)]
        for (flag, value) in positive where value < 1 {
            throw ValidationError("\(flag) must be at least 1")
        }
        guard maxImportMb <= 4096 else { throw ValidationError("--max-import-mb must be at most 4096") }
        for (flag, value) in [("--max-connections-per-peer", maxConnectionsPerPeer),
                              ("--max-input-rate", maxInputRate)] where value < 0 {
            throw ValidationError("\(flag) must be 0 (no limit) or more")
        }
    }

    var limits: MapWireConfiguration.Limits {
        var limits = MapWireConfiguration.Limits()
        limits.maxConnections = maxConnections
        limits.maxConnectionsPerPeer = maxConnectionsPerPeer
        limits.limitsLoopbackPeers = limitLoopbackPeers
        limits.maxSessions = maxSessions
        limits.requestTimeout = requestTimeout
        limits.firstMessageTimeout = firstMessageTimeout
        limits.feedFirstMessageTimeout = feedFirstMessageTimeout
        limits.feedIdleTimeout = feedIdleTimeout
        limits.feedMaxPendingBatches = feedMaxPendingBatches
        limits.feedMaxPendingMegabytes = feedMaxPendingMb
        limits.maxInputRate = maxInputRate
        limits.inputBurst = inputBurst
        limits.maxImportMegabytes = maxImportMb
        return limits
    }
}
