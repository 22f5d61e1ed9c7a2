import ArgumentParser
import Foundation
import Logging
import MapSession
import MapWireServer

/// `mapwire`: serve the map page and its WebSocket until SIGINT or SIGTERM.
struct MapWireCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapwire",
        abstract: "A map server: one canvas page, all map logic on the server, draw commands over a WebSocket."
    )

    @Option(help: "Interface to bind (0.0.0.0 for every IPv4 interface).")
    var host = "127.0.0.1"

    @Option(help: "TCP port for the page, the HTTP API and the WebSocket (0 picks a free one).")
    var port = 8080

    @Option(help: "Folder with the map data fixtures.")
    var data = "./fixtures"

    @Option(name: .customLong("public"), help: "Folder served as the web page.")
    var publicDirectory = "./Public"

    @Flag(inversion: .prefixedNo, help: "Run the built-in demo feed that moves pins.")
    var demo = true

    @Option(help: "SQLite file that keeps the world across restarts (created on first start; :memory: for none).")
    var store = "./mapwire.sqlite"

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .info

    @Option(help: ArgumentHelp("Bearer token that writes (POST/DELETE under /api/, the /feed socket) must send; "
                               + "default: $MAPWIRE_API_TOKEN. Without one only this machine may write.",
                               valueName: "token"))
    var apiToken: String?

    @Flag(help: "With no token: accept writes from every machine, and allow a non-loopback --host.")
    var allowOpenWrites = false

    @Option(help: ArgumentHelp("An origin (https://maps.example.com) whose pages may open /ws and /feed and "
                               + "embed the page; repeatable. Its host is also accepted as Host.",
                               valueName: "origin"))
    var allowedOrigin: [String] = []

    @Option(help: ArgumentHelp("A host name the server answers for besides loopback names and IP addresses; "
                               + "repeatable.", valueName: "name"))
    var allowedHost: [String] = []

    /// `MAPWIRE_API_TOKEN`, where an empty value means none.
    var environmentToken: String? {
        ProcessInfo.processInfo.environment["MAPWIRE_API_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535")
        }
    }

    func run() throws {
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "mapwire")
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let storePath = store == ":memory:"
            ? store : URL(fileURLWithPath: store, relativeTo: cwd).standardizedFileURL.path
        let options = MapWireApp.Options(
            dataDirectory: URL(fileURLWithPath: data, relativeTo: cwd).standardizedFileURL,
            publicDirectory: URL(fileURLWithPath: publicDirectory, relativeTo: cwd).standardizedFileURL,
            demo: demo,
            storePath: storePath)
        let configuration = ServerConfiguration(
            host: host, port: port, publicDirectory: options.publicDirectory,
            apiToken: apiToken ?? environmentToken,
            allowsOpenWrites: allowOpenWrites, allowedOrigins: allowedOrigin, allowedHosts: allowedHost)

        let app: MapWireApp
        let server: MapWireServer
        do {
            // A configuration that cannot be served is refused before the store file is opened or made.
            try configuration.validate()
            app = try MapWireApp(options: options)
            let metrics = ServerMetrics()
            var configuration = ServerConfiguration(
                host: host, port: port, publicDirectory: options.publicDirectory,
                apiToken: apiToken ?? environmentToken,
                allowsOpenWrites: allowOpenWrites, allowedOrigins: allowedOrigin, allowedHosts: allowedHost)
            limits.apply(to: &configuration)
            server = MapWireServer(
                configuration: configuration,
                sessions: app,
                http: MetricsAppendingHandler(base: app, metrics: metrics),
                metrics: metrics)
            try server.start()
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.failure
        }

        let shownHost = host.contains(":") ? "[\(host)]" : host
        print("MapWire listening on http://\(shownHost):\(server.port ?? port)/")
        fflush(nil) // nil flushes every stream; the URL must show even when piped

        waitForTerminationSignal()
        logger.info("signal received, shutting down")
        server.stop()
        app.shutdown()
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
