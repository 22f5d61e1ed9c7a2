import Foundation
import MapSession
import StreetTiles
import Testing

@testable import MapWire

/// Starting the service draws the map a tab opens on before the port opens.
@Suite struct FirstScreenServiceTests {
    @Test func startingMakesTheStartCamerasTilesBeforeAnyTabOpens() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("first-screen-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = MapWireConfiguration()
        configuration.port = 0
        configuration.storePath = directory.appendingPathComponent("world.sqlite").path
        let service = try MapWireService(app: EmptyMapApp(), configuration: configuration)
        defer { service.stop() }
        let tiles = try #require(service.baseMap?.tiles as? StreetTileSet)
        #expect(tiles.keptTileCount == 0)
        try service.start()
        #expect(tiles.keptTileCount > 0, "the world's tiles at the start camera are made")
        #expect(service.service.sessionCount == 0, "no tab is open")
    }
}
