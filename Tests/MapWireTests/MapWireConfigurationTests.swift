import Foundation
import Persistence
import Testing

@testable import MapSession
@testable import MapWire

/// The Swift configuration says what the flags say.
@Suite struct MapWireConfigurationTests {
    @Test func theDefaultsAreTheFlagsDefaults() {
        let c = MapWireConfiguration()
        #expect(c.host == "127.0.0.1" && c.port == 8080 && c.storePath == "./mapwire.sqlite")
        #expect(!c.allowsOpenWrites && c.allowedOrigins.isEmpty && c.allowedHosts.isEmpty)
        #expect(c.limits.maxSessions == 2000 && c.limits.maxInputRate == 500 && c.limits.inputBurst == 1000)
        let server = c.serverConfiguration
        #expect(server.maxConnections == 4096 && server.maxConnectionsPerPeer == 256)
        #expect(server.idleRequestTimeout == 10 && server.firstMessageTimeout == 10)
        #expect(server.feedFirstMessageTimeout == 60 && !server.limitsLoopbackPeers)
    }

    @Test func withoutFoldersItFindsMapWiresOwnPageAndData() {
        let c = MapWireConfiguration()
        let page = c.resolvedPublicDirectory.appendingPathComponent("index.html")
        let baseMap = c.resolvedDataDirectory.appendingPathComponent("tiles/world.mbtiles")
        #expect(FileManager.default.fileExists(atPath: page.path))
        #expect(FileManager.default.fileExists(atPath: baseMap.path))
    }

    @Test func limitsReachTheTransport() {
        var c = MapWireConfiguration()
        c.limits.maxSessions = 7
        c.limits.requestTimeout = 3
        c.limits.maxInputRate = 0
        c.limits.maxImportMegabytes = 2
        let server = c.serverConfiguration
        #expect(server.limits.maxImportBodyBytes == 2 << 20)
        #expect(MapWireConfiguration().serverConfiguration.limits.maxImportBodyBytes == 64 << 20)
        #expect(server.maxSessions == 7 && server.idleRequestTimeout == 3)
        #expect(server.limits.maxInputMessagesPerSecond == 0)
    }

    @Test func mapControlsDefaultToTheWebMapCornersAndReachTheWorld() throws {
        let defaults = MapWireConfiguration().controls
        #expect(defaults.zoom == .topLeft && defaults.keyboardHelp == .topLeft)
        #expect(defaults.scaleBar == .bottomLeft && defaults.attribution == .bottomRight)
        var c = MapWireConfiguration()
        c.port = 0
        c.storePath = ":memory:"
        c.controls.zoom = .bottomRight
        c.controls.scaleBar = nil
        c.controls.attributions = ["© Test Data"]
        let service = try MapWireService(app: EmptyMapApp(), configuration: c)
        #expect(service.service.world.controls == c.controls)
    }
}

/// `tilePaths` draws streets; by default the demo's Helsinki archive.
@Suite struct StreetTilesSettingTests {
    @Test func byDefaultTheDataFoldersHelsinkiTilesDrawStreets() throws {
        var c = MapWireConfiguration()
        #expect(c.resolvedTilePaths.map { URL(fileURLWithPath: $0).lastPathComponent } == ["helsinki.mbtiles"])
        c.port = 0
        c.storePath = ":memory:"
        let service = try MapWireService(app: EmptyMapApp(), configuration: c)
        #expect(service.baseMap?.attributions == ["Natural Earth", "© OpenStreetMap contributors"])
        #expect(
            service.service.world.streetStyles?.tiles(.dark)?.attributions == [
                "Natural Earth", "© OpenStreetMap contributors",
            ])
    }

    @Test func noTilesDrawTheWorldAlone() throws {
        var c = MapWireConfiguration()
        c.port = 0
        c.storePath = ":memory:"
        c.tilePaths = []
        #expect(try MapWireService(app: EmptyMapApp(), configuration: c).baseMap?.attributions == ["Natural Earth"])
    }

    @Test func aStyleFileIsReadAgainWhenAskedAndABrokenOneIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-\(UUID()).json").path
        try #"{"version": 8, "layers": []}"#.write(toFile: path, atomically: true, encoding: .utf8)
        var c = MapWireConfiguration()
        c.port = 0
        c.storePath = ":memory:"
        c.style = .file(path)
        let service = try MapWireService(app: EmptyMapApp(), configuration: c)
        defer { service.stop() }
        let generation = service.service.world.streetStyles?.generation
        #expect(service.reloadStyle())
        #expect(service.service.world.streetStyles?.generation != generation)
        try "{".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(!service.reloadStyle())
        #expect {
            _ = try MapWireService(app: EmptyMapApp(), configuration: c)
        } throws: { error in
            "\(error)".contains("the style file \(path)")
        }
    }

    @Test func anArchiveThatCannotBeOpenedStopsTheStartNamingIt() {
        var c = MapWireConfiguration()
        c.port = 0
        c.storePath = ":memory:"
        c.tilePaths = ["/nonexistent/streets.pmtiles"]
        #expect {
            _ = try MapWireService(app: EmptyMapApp(), configuration: c)
        } throws: { error in
            "\(error)".contains("/nonexistent/streets.pmtiles")
        }
    }
}

/// `storeSync` reaches the store's connections.
@Suite struct StoreSyncTests {
    @Test(arguments: [(StoreSync.normal, 1), (.full, 2)])
    func theStoreFileSyncsAsConfigured(sync: StoreSync, pragma: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-sync-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = MapWireConfiguration()
        configuration.storePath = directory.appendingPathComponent("world.sqlite").path
        configuration.storeSync = sync
        let service = try MapWireService(app: EmptyMapApp(), configuration: configuration)
        defer { service.stop() }
        let database = try #require(service.service.world.store.journal?.database)
        #expect(try database.synchronousInEffect() == [pragma, pragma])
    }
}

/// The allocator's arenas: one a core, unless the operator chose.
@Suite struct AllocatorArenaTests {
    @Test func theCapIsOneArenaPerCoreUnlessTheEnvironmentSetsOne() {
        #expect(MapWireService.allocatorArenaCap(environment: [:], cores: 2) == 2)
        #expect(MapWireService.allocatorArenaCap(environment: ["PATH": "/bin"], cores: 0) == 1)
        #expect(MapWireService.allocatorArenaCap(environment: ["MALLOC_ARENA_MAX": "8"], cores: 2) == nil)
    }
}

/// SQLite's process-wide settings take only before SQLite starts.
@Suite struct SQLiteSetupTests {
    /// Once a store is open, setting SQLite up again is refused and changes
    /// nothing: the open store and a new one go on working.
    @Test func onceSQLiteHasStartedTheSetupChangesNothing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-sqlite-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = MapWireConfiguration()
        configuration.storePath = directory.appendingPathComponent("first.sqlite").path
        let first = try MapWireService(app: EmptyMapApp(), configuration: configuration)
        defer { first.stop() }
        // The store file is open, so SQLite has started (and this cannot race another test's start of it).
        #expect(!MapWireService.configureSQLite(), "SQLite had started: its settings are fixed")
        configuration.storePath = directory.appendingPathComponent("second.sqlite").path
        let second = try MapWireService(app: EmptyMapApp(), configuration: configuration)
        defer { second.stop() }
        for service in [first, second] {
            try service.service.world.store.add(
                LiveAnnotation(
                    id: "a", title: "A",
                    coordinate: Coordinate(latitude: 1, longitude: 2)))
            #expect(service.service.world.store.record(id: "a") != nil)
        }
    }
}
