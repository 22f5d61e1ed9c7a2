import ArgumentParser
import Configuration
import Foundation
import Logging
import MapWire
import SampleApps

/// `mapwire`'s command line. ArgumentParser checks the flags and writes
/// `--help` and `--version`; the values of the flags given go above the
/// environment and the settings file in one swift-configuration reader
/// (`MapWireConfiguration.reader`), and `ServerSettings` reads them all from it.
/// So every flag is an optional here: nil is "not on the command line".
struct MapWireCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapwire",
        abstract: "A map server: one canvas page, all map logic on the server, draw commands over a WebSocket.",
        discussion: """
            Every flag is also an environment variable, MAPWIRE_ and the flag's name \
            (--max-sessions is MAPWIRE_MAX_SESSIONS), and a key of the JSON or YAML file --config \
            names (max-sessions: 50). A flag wins over its variable, a variable over the file. \
            Repeatable flags take a comma-separated list in a variable; on/off flags take true or false.
            """,
        version: MapWireVersion.current
    )

    private static let defaults = MapWireConfiguration()

    @Option(
        name: .setting(.config),
        help: .setting(
            .config, "A JSON or YAML file of settings, under the flags and the variables.", valueName: "file"))
    var config: String?

    @Option(
        name: .setting(.host),
        help: .setting(
            .host, "Interface to bind (0.0.0.0 for every IPv4 interface).", default: defaults.host))
    var host: String?

    @Option(
        name: .setting(.port),
        help: .setting(
            .port, "TCP port for the page, the HTTP API and the WebSocket (0 picks a free one).", default: defaults.port
        ))
    var port: Int?

    @Option(
        name: .setting(.data),
        help: .setting(
            .data,
            "Folder with the map data (tiles/world.mbtiles and the samples' files); default: ./fixtures if it "
                + "has them, else MapWire's own.", valueName: "folder"))
    var data: String?

    @Option(
        name: .setting(.public),
        help: .setting(
            .public, "Folder served as the web page; default: ./Public if it has the page, else MapWire's own.",
            valueName: "folder"))
    var publicDirectory: String?

    @Option(
        name: .setting(.samples),
        help: .setting(
            .samples,
            "Sample apps to run, comma-separated: wishlist, mapcallouts, helsinki, all, or none (an empty map "
                + "that the HTTP API and the feed fill).", default: "all", valueName: "list"))
    var samples: SampleSelection?

    @Flag(
        name: .setting(.demo), inversion: .prefixedNo,
        help: .setting(
            .demo, "Run the built-in demo feed that moves pins.", default: "on"))
    var demo: Bool?

    @Option(
        name: .setting(.store),
        help: .setting(
            .store, "SQLite file that keeps the world across restarts (created on first start; :memory: for none).",
            default: defaults.storePath))
    var store: String?

    @Option(
        name: .setting(.sync),
        help: .setting(
            .sync,
            "What an acknowledged change to the store survives: normal, a crash of the server; full, a power "
                + "cut too (the disk synced at every commit).", default: defaults.storeSync.rawValue,
            valueName: "normal|full"))
    var sync: StoreSync?

    @Option(
        name: .setting(.logLevel),
        help: .setting(
            .logLevel, "Log level: trace, debug, info, notice, warning, error, critical.",
            default: LogSettings().level.rawValue))
    var logLevel: Logger.Level?

    @Option(
        name: .setting(.logFormat),
        help: .setting(
            .logFormat,
            "Log lines as text, or as JSON objects (time, level, label, message, metadata) for log shippers.",
            default: LogSettings().format.rawValue))
    var logFormat: LogFormat?

    @Option(
        name: .setting(.lwsLogLevel),
        help: .setting(
            .lwsLogLevel, "Log level of libwebsockets' own lines; debug shows its notices.",
            default: LogSettings().libwebsocketsLevel.rawValue))
    var lwsLogLevel: Logger.Level?

    @Option(
        name: .setting(.apiToken),
        help: .setting(
            .apiToken,
            "Bearer token that writes (POST/DELETE under /api/, the /feed socket) must send. Without one "
                + "only this machine may write.", valueName: "token"))
    var apiToken: String?

    @Flag(
        name: .setting(.allowOpenWrites),
        help: .setting(
            .allowOpenWrites, "With no token: accept writes from every machine, and allow a non-loopback --host."))
    var allowOpenWrites = false

    @Option(
        name: .setting(.allowedOrigin),
        help: .setting(
            .allowedOrigin,
            "An origin (https://maps.example.com) whose pages may open /ws and /feed and embed the page; "
                + "repeatable. Its host is also accepted as Host.", valueName: "origin"))
    var allowedOrigin: [String] = []

    @Option(
        name: .setting(.allowedHost),
        help: .setting(
            .allowedHost, "A host name the server answers for besides loopback names and IP addresses; repeatable.",
            valueName: "name"))
    var allowedHost: [String] = []

    @Option(
        name: .setting(.tiles),
        help: .setting(
            .tiles,
            "An MBTiles or PMTiles archive in the OpenMapTiles schema, drawn as a street map; repeatable. "
                + "Default: the data folder's tiles/helsinki.mbtiles; none: no streets.", valueName: "path"))
    var tiles: [String] = []

    @Option(
        name: .setting(.style),
        help: .setting(
            .style,
            "The street map's style: light (the default; dark for a browser that prefers dark), dark, or the "
                + "path of a MapLibre style file, read again on SIGHUP and when it changes.",
            valueName: "light|dark|path"))
    var style: String?

    @OptionGroup(title: "Map controls")
    var controls: ControlOptions

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    /// The flags given, as settings for `MapWireConfiguration.reader(commandLine:)`.
    var given: [MapWireConfiguration.Key: ConfigContent] {
        let given: [MapWireConfiguration.Key: ConfigContent?] = [
            .config: config.map(ConfigContent.string),
            .host: host.map(ConfigContent.string),
            .port: port.map(ConfigContent.int),
            .data: data.map(ConfigContent.string),
            .public: publicDirectory.map(ConfigContent.string),
            .samples: samples.map { .stringArray($0.names) },
            .demo: demo.map(ConfigContent.bool),
            .store: store.map(ConfigContent.string),
            .sync: sync.map { .string($0.rawValue) },
            .logLevel: logLevel.map { .string($0.rawValue) },
            .logFormat: logFormat.map { .string($0.rawValue) },
            .lwsLogLevel: lwsLogLevel.map { .string($0.rawValue) },
            .apiToken: apiToken.map(ConfigContent.string),
            .allowOpenWrites: allowOpenWrites ? .bool(true) : nil,
            .allowedOrigin: allowedOrigin.isEmpty ? nil : .stringArray(allowedOrigin),
            .allowedHost: allowedHost.isEmpty ? nil : .stringArray(allowedHost),
            .tiles: tiles.isEmpty ? nil : .stringArray(tiles),
            .style: style.map(ConfigContent.string),
        ]
        return given.merging(controls.given) { a, _ in a }.merging(limits.given) { a, _ in a }
            .compactMapValues { $0 }
    }

    /// What the server runs with: the flags given, over `environment`, over
    /// the settings file. `logger` gets the warnings for unknown variables
    /// and, at debug, each setting and where it came from.
    func settings(environment: [String: String], logger: Logger?) throws -> ServerSettings {
        do {
            let reader = try MapWireConfiguration.reader(
                environment: environment, commandLine: given,
                keys: Self.keys, logger: logger)
            return try ServerSettings(reading: reader)
        } catch {
            // A usage error, as a bad flag is: ArgumentParser prints it with the usage and exits with 64.
            throw ValidationError(error.description)
        }
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
extension StoreSync: ExpressibleByArgument {}
