import MapSession
import StreetTiles
import Testing

@testable import MapWire

/// Starting the service draws the map a tab opens on before the port opens.
@Suite struct FirstScreenServiceTests {
    @Test func startingMakesTheStartCamerasTilesBeforeAnyTabOpens() throws {
        let store = try TemporaryStore("first-screen")
        defer { store.remove() }
        let service = try MapWireService(app: EmptyMapApp(), configuration: store.configuration())
        defer { service.stop() }
        let tiles = try #require(service.baseMap?.tiles as? StreetTileSet)
        #expect(tiles.keptTileCount == 0)
        try service.start()
        #expect(tiles.keptTileCount > 0, "the world's tiles at the start camera are made")
        #expect(service.service.sessionCount == 0, "no tab is open")
    }
}
