import DisplayList
import Foundation
import MapCore
import MapGeometry
import StreetTiles
import Synchronization
import Testing
import Wire

@testable import MapSession

/// The map a tab opens on, drawn before any tab opens.
@Suite struct FirstScreenTests {
    /// A base map with no tiles that notes where maps asked for them.
    final class RecordingTiles: StreetTileSource {
        let asked = Mutex<[(rect: Rect, zoom: Double)]>([])
        var attributions: [MapCredit] { [] }
        var backgroundColor: Color { Color(hex: 0xA9D3EE) }
        func tiles(covering rect: Rect, zoom: Double) -> [StreetTile] {
            asked.withLock { $0.append((rect, zoom)) }
            return []
        }
    }

    @Test func theFirstScreenIsTheStartCameraDrawnWithoutTheApp() {
        let app = SeamTestApp()
        let tiles = RecordingTiles()
        let world = World(fonts: sharedWorld.fonts, baseMap: BaseMap(tiles: tiles), app: app)
        #expect(tiles.asked.withLock { $0 }.isEmpty)
        let bytes = world.drawFirstScreen()
        #expect(bytes > 1_000, "a whole first frame was drawn")
        #expect(app.delegates.withLock { $0 }.isEmpty, "the app sets up browser tabs only")
        #expect(world.store.subscriber(of: 0) == nil, "the session it drew in is closed")
        let start = MapSession.defaultCamera
        let drawn = tiles.asked.withLock { $0 }
        #expect(drawn.contains { $0.zoom == start.zoom && $0.rect.contains(start.center) })
        // A tab without a camera in its URL asks for the tiles that screen made.
        let tab = SessionHarness(hash: "", world: world, id: 1)
        #expect(tab.session.sync { tab.session.mapView?.camera.center } == start.center)
        let tabAsked = tiles.asked.withLock { $0 }.dropFirst(drawn.count)
        #expect(tabAsked.first?.rect == drawn.first?.rect && tabAsked.first?.zoom == drawn.first?.zoom)
        #expect(app.delegates.withLock { $0 }.count == 1, "the tab's app is set up")
    }
}

/// What the server forgets once no tab has been open for a while.
@Suite struct IdleRestTests {
    /// Opens a tab at `hash` and waits for its first frame.
    func openTab(_ service: MapService, hash: String) throws -> SessionHandle {
        let output = RecordingOutput()
        let handle = try #require(service.openSession(output: output) as? SessionHandle)
        handle.receive(
            ClientMessage.hello(
                version: FrameEncoder.version, size: Size(width: 800, height: 600), devicePixelRatio: 1, hash: hash
            )
            .encoded())
        handle.session.sync {}
        #expect(output.sent.withLock { !$0.isEmpty }, "the tab drew its first frame")
        return handle
    }

    func waitFor(_ condition: () -> Bool) {
        for _ in 0..<200 where !condition() { usleep(10_000) }
    }

    @Test func tilesMadeForATabsPlaceAreForgottenOnceNoTabIsOpen() throws {
        let service = try MapService(app: sampleApp, options: inMemoryOptions(), idleRestDelay: 0.05)
        defer { service.shutdown() }
        let tiles = try #require(service.world.baseMap?.tiles as? StreetTileSet)
        service.world.drawFirstScreen()
        let firstScreen = tiles.keptTileCount
        #expect(firstScreen > 0)
        let tab = try openTab(service, hash: "#7/60.2/24.9")
        let withTab = tiles.keptTileCount
        #expect(withTab > firstScreen, "the tab's place made tiles of its own")
        tab.disconnected()
        waitFor { service.idleRest.restsTaken == 1 }
        #expect(service.idleRest.restsTaken == 1)
        #expect(tiles.keptTileCount == firstScreen, "only the first screen's tiles are kept")
    }

    @Test func aTabOpenedBeforeTheDelayKeepsTheTiles() throws {
        let service = try MapService(app: sampleApp, options: inMemoryOptions(), idleRestDelay: 0.3)
        defer { service.shutdown() }
        let tiles = try #require(service.world.baseMap?.tiles as? StreetTileSet)
        let first = try openTab(service, hash: "#7/60.2/24.9")
        let made = tiles.keptTileCount
        first.disconnected()
        let reload = try openTab(service, hash: "#7/60.2/24.9")
        usleep(600_000)
        #expect(service.idleRest.restsTaken == 0, "a reload calls the rest off")
        #expect(tiles.keptTileCount == made)
        reload.disconnected()
    }
}

extension IdleRestTests {
    @Test func noRestComesOnceTheServiceShutsDown() throws {
        let service = try MapService(app: sampleApp, options: inMemoryOptions(), idleRestDelay: 0.05)
        let tab = try openTab(service, hash: "#7/60.2/24.9")
        service.shutdown()
        tab.disconnected()
        usleep(300_000)
        #expect(service.idleRest.restsTaken == 0)
    }
}
