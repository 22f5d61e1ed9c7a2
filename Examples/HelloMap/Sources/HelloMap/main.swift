import Foundation
import MapWire

// Ctrl-C and SIGTERM are held from the start; `run()` takes them and stops cleanly.
MapWireService.holdTerminationSignals()
// One malloc arena per core: what resting sessions free is reused, not spread thin.
MapWireService.limitAllocatorArenas()
// SQLite without a mutex of its own around each call: the store's connection is used by one thread at a time.
MapWireService.configureSQLite()

/// `--port 9000`, else `$PORT`; nil leaves the port to MapWire's own settings.
func port() -> Int? {
    let arguments = CommandLine.arguments
    if let flag = arguments.firstIndex(of: "--port") {
        guard flag + 1 < arguments.count, let port = Int(arguments[flag + 1]) else {
            print("usage: HelloMap [--port <port>]")
            exit(2)
        }
        return port
    }
    return ProcessInfo.processInfo.environment["PORT"].flatMap { Int($0) }
}

do {
    // MapWire's settings as `mapwire` reads them: MAPWIRE_ variables (MAPWIRE_PORT,
    // MAPWIRE_API_TOKEN, ...), then the JSON or YAML file MAPWIRE_CONFIG names, then the defaults.
    var configuration = try MapWireConfiguration(reading: MapWireConfiguration.reader())
    if let port = port() { configuration.port = port }
    configuration.storePath = ":memory:" // this app keeps nothing on disk
    let app = HelloMapApp(places: try Place.loadBundled())
    try MapWireService(app: app, configuration: configuration).run()
} catch {
    print("HelloMap: \(error)")
    exit(1)
}
