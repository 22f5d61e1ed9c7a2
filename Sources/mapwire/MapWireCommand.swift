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
        let options = MapWireApp.Options(
            dataDirectory: URL(fileURLWithPath: data, relativeTo: cwd).standardizedFileURL,
            publicDirectory: URL(fileURLWithPath: publicDirectory, relativeTo: cwd).standardizedFileURL,
            demo: demo,
            storePath: store == ":memory:" ? store : URL(fileURLWithPath: store, relativeTo: cwd).standardizedFileURL.path)

        let app: MapWireApp
        let server: MapWireServer
        do {
            app = try MapWireApp(options: options)
            let metrics = ServerMetrics()
            server = MapWireServer(
                configuration: ServerConfiguration(host: host, port: port,
                                                   publicDirectory: options.publicDirectory),
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
