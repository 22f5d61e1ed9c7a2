import ArgumentParser
import Foundation
import Logging
import MapWire
import SampleApps

/// `mapwire`: serve the map page and its WebSocket until SIGINT or SIGTERM.
struct MapWireCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapwire",
        abstract: "A map server: one canvas page, all map logic on the server, draw commands over a WebSocket.",
        discussion: """
            Every flag can also come from an environment variable, MAPWIRE_ and the flag's name \
            (--max-sessions is MAPWIRE_MAX_SESSIONS); a flag on the command line wins. Repeatable \
            flags take a comma-separated list; on/off flags take true or false.
            """
    )

    @Option(help: "Interface to bind (0.0.0.0 for every IPv4 interface).")
    var host = "127.0.0.1"

    @Option(help: "TCP port for the page, the HTTP API and the WebSocket (0 picks a free one).")
    var port = 8080

    @Option(help: ArgumentHelp("Folder with the map data (basemap.bin and the samples' files); "
                               + "default: ./fixtures if it has them, else MapWire's own.", valueName: "folder"))
    var data: String?

    @Option(name: .customLong("public"), help: ArgumentHelp(
        "Folder served as the web page; default: ./Public if it has the page, else MapWire's own.",
        valueName: "folder"))
    var publicDirectory: String?

    @Option(help: ArgumentHelp("Sample apps to run, comma-separated: wishlist, mapcallouts, all, or none "
                               + "(an empty map that the HTTP API and the feed fill).", valueName: "list"))
    var samples = SampleSelection(samples: Set(SampleMapApp.Sample.allCases))

    @Flag(inversion: .prefixedNo, help: "Run the built-in demo feed that moves pins.")
    var demo = true

    @Option(help: "SQLite file that keeps the world across restarts (created on first start; :memory: for none).")
    var store = "./mapwire.sqlite"

    @Option(help: ArgumentHelp("What an acknowledged change to the store survives: normal, a crash of the server; "
                               + "full, a power cut too (the disk synced at every commit).", valueName: "normal|full"))
    var sync = StoreSync.normal

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

    @OptionGroup(title: "Map controls")
    var controls: ControlOptions

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
        let service: MapWireService
        do {
            var configuration = try self.configuration()
            configuration.limits = limits.limits
            service = try MapWireService(app: try app(configuration: configuration), configuration: configuration)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        // The travellers are this executable's, fed through the shared world as any producer's moves.
        let demoFeed = demo ? DemoFeed(store: service.sharedWorld, cities: DemoFeed.cities(of: service.baseMap)) : nil
        demoFeed?.start()
        do {
            try service.run(beforeStopping: { demoFeed?.stop() })
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            demoFeed?.stop()
            service.stop()
            throw ExitCode.failure
        }
    }

    /// The flags as the library's configuration; relative paths are taken from the working directory.
    func configuration() throws -> MapWireConfiguration {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        func folder(_ path: String?) -> URL? {
            path.map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL }
        }
        var configuration = MapWireConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.dataDirectory = folder(data)
        configuration.publicDirectory = folder(publicDirectory)
        configuration.storePath = store == ":memory:"
            ? store : URL(fileURLWithPath: store, relativeTo: cwd).standardizedFileURL.path
        configuration.storeSync = sync
        if let apiToken { configuration.apiToken = apiToken }
        configuration.allowsOpenWrites = allowOpenWrites
        configuration.allowedOrigins = allowedOrigin
        configuration.allowedHosts = allowedHost
        configuration.controls = controls.options
        return configuration
    }

    /// The samples asked for; `none` is the bare map.
    func app(configuration: MapWireConfiguration) throws -> any MapApp {
        guard !samples.samples.isEmpty else { return EmptyMapApp() }
        let content = try SampleContent.load(dataDirectory: configuration.resolvedDataDirectory,
                                             publicDirectory: configuration.resolvedPublicDirectory)
        return SampleMapApp(content: content, samples: samples.samples)
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
extension StoreSync: ExpressibleByArgument {}
