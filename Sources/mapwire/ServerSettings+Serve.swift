import ArgumentParser
import Foundation
import MapWire
import SampleApps

extension ServerSettings {
    /// Serves the page and its WebSocket until SIGINT or SIGTERM. A start
    /// that fails (a taken port, a broken store file) is an error on standard
    /// error and exit status 1.
    func serve() throws {
        let service: MapWireService
        let app: any MapApp
        do {
            app = try self.app()
            service = try MapWireService(app: app, configuration: configuration)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        // The travellers are this executable's, fed through the shared world as any producer's moves.
        let demoFeed = demo ? DemoFeed(store: service.sharedWorld, cities: DemoFeed.cities(of: service.baseMap)) : nil
        demoFeed?.start()
        // The Helsinki sample's trams, too, are live detail of the demo: `--no-demo` (the tests) leaves
        // them out, so a map nobody moves stays still.
        let trams = demo && samples.samples.contains(.helsinki) ? (app as? SampleMapApp)?.content.trams : nil
        let tramFeed = trams.map { TramFeed(store: service.sharedWorld, network: $0) }
        tramFeed?.start()
        do {
            try service.run(beforeStopping: {
                demoFeed?.stop()
                tramFeed?.stop()
            })
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            demoFeed?.stop()
            tramFeed?.stop()
            service.stop()
            throw ExitCode.failure
        }
    }

    /// The samples asked for; `none` is the bare map.
    func app() throws -> any MapApp {
        guard !samples.samples.isEmpty else { return EmptyMapApp() }
        let content = try SampleContent.load(
            dataDirectory: configuration.resolvedDataDirectory,
            publicDirectory: configuration.resolvedPublicDirectory)
        return SampleMapApp(content: content, samples: samples.samples)
    }
}
