import MapCore

// The library's settings: each is read by `MapWireConfiguration(reading:)`
// and is a flag of `mapwire` (README, "Flags", says what each does).
extension MapWireConfiguration.Key {
    /// A JSON or YAML file of settings, below the command line and the environment.
    public static let config = Self("config", .text)
    /// `MapWireConfiguration.host`.
    public static let host = Self("host", .text)
    /// `MapWireConfiguration.port`.
    public static let port = Self("port", .number(0...65535))
    /// `MapWireConfiguration.dataDirectory`.
    public static let data = Self("data", .text)
    /// `MapWireConfiguration.publicDirectory`.
    public static let `public` = Self("public", .text)
    /// `MapWireConfiguration.storePath`.
    public static let store = Self("store", .text)
    /// `MapWireConfiguration.storeSync`.
    public static let sync = Self("sync", .oneOf(StoreSync.allCases.map(\.rawValue)))
    /// `MapWireConfiguration.apiToken`: a secret, never logged.
    public static let apiToken = Self("api-token", .text, isSecret: true)
    /// `MapWireConfiguration.allowsOpenWrites`.
    public static let allowOpenWrites = Self("allow-open-writes", .onOff)
    /// `MapWireConfiguration.allowedOrigins`.
    public static let allowedOrigin = Self("allowed-origin", .list(choices: []))
    /// `MapWireConfiguration.allowedHosts`.
    public static let allowedHost = Self("allowed-host", .list(choices: []))
    /// `MapWireConfiguration.tilePaths`; `none` for no streets.
    public static let tiles = Self("tiles", .list(choices: []))
    /// `MapWireConfiguration.style`: `light`, `dark` or a style file's path.
    public static let style = Self("style", .text)

    /// `MapControlsOptions.zoom`.
    public static let zoomControls = corner("zoom-controls")
    /// `MapControlsOptions.keyboardHelp`.
    public static let keyboardHelp = corner("keyboard-help")
    /// `MapControlsOptions.scaleBar`.
    public static let scaleBar = corner("scale-bar")
    /// `MapControlsOptions.attribution`.
    public static let attribution = corner("attribution")

    /// `Limits.maxConnections`.
    public static let maxConnections = Self("max-connections", .number(1...Int.max))
    /// `Limits.maxConnectionsPerPeer` (0: no limit).
    public static let maxConnectionsPerPeer = Self("max-connections-per-peer", .number(0...Int.max))
    /// `Limits.limitsLoopbackPeers`.
    public static let limitLoopbackPeers = Self("limit-loopback-peers", .onOff)
    /// `Limits.maxSessions`.
    public static let maxSessions = Self("max-sessions", .number(1...Int.max))
    /// `Limits.requestTimeout`.
    public static let requestTimeout = Self("request-timeout", .number(1...Int.max))
    /// `Limits.firstMessageTimeout`.
    public static let firstMessageTimeout = Self("first-message-timeout", .number(1...Int.max))
    /// `Limits.feedFirstMessageTimeout`.
    public static let feedFirstMessageTimeout = Self("feed-first-message-timeout", .number(1...Int.max))
    /// `Limits.feedIdleTimeout`.
    public static let feedIdleTimeout = Self("feed-idle-timeout", .number(1...Int.max))
    /// `Limits.feedMaxPendingBatches`.
    public static let feedMaxPendingBatches = Self("feed-max-pending-batches", .number(1...Int.max))
    /// `Limits.feedMaxPendingMegabytes`.
    public static let feedMaxPendingMb = Self("feed-max-pending-mb", .number(1...Int.max))
    /// `Limits.maxInputRate` (0: no limit).
    public static let maxInputRate = Self("max-input-rate", .number(0...Int.max))
    /// `Limits.inputBurst`.
    public static let inputBurst = Self("input-burst", .number(1...Int.max))
    /// `Limits.maxImportMegabytes`.
    public static let maxImportMb = Self("max-import-mb", .number(1...4096))

    /// The corner names a map control takes, and `none` to hide it.
    public static let cornerNames = MapControlCorner.allCases.map(\.rawValue) + ["none"]

    private static func corner(_ name: String) -> Self {
        Self(name, .oneOf(cornerNames))
    }
}

extension MapWireConfiguration {
    /// Every setting the library reads, `config` first. An app that reads
    /// settings of its own adds its keys to these when it builds its reader
    /// (`reader(keys:)`), so their variables are known too.
    public static let keys: [Key] = [
        .config, .host, .port, .data, .public, .store, .sync, .apiToken, .allowOpenWrites, .allowedOrigin,
        .allowedHost, .tiles, .style, .zoomControls, .keyboardHelp, .scaleBar, .attribution,
        .maxConnections, .maxConnectionsPerPeer, .limitLoopbackPeers, .maxSessions, .requestTimeout,
        .firstMessageTimeout, .feedFirstMessageTimeout, .feedIdleTimeout, .feedMaxPendingBatches,
        .feedMaxPendingMb, .maxInputRate, .inputBurst, .maxImportMb,
    ]
}
