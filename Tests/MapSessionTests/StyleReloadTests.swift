import DisplayList
import Foundation
import MapCore
import MapGeometry
import StreetTiles
import Testing

@testable import MapSession

/// A style file read again while tabs are open: the tiles are made afresh in
/// it and open tabs redraw; a file that no longer parses keeps the old style.
@Suite struct StyleReloadTests {
    /// A style of a ground and water, in `ground` and `water` (`#rrggbb`).
    static func style(ground: String, water: String) -> String {
        """
        {"version": 8, "name": "test", "sources": {"openmaptiles": {"type": "vector"}}, "layers": [
          {"id": "ground", "type": "background", "paint": {"background-color": "\(ground)"}},
          {"id": "water", "type": "fill", "source": "openmaptiles", "source-layer": "water",
           "paint": {"fill-color": "\(water)"}}
        ]}
        """
    }

    /// A style file in a folder of its own, and a service drawing Helsinki's tiles in it.
    func service(ground: String) throws -> (MapService, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-style-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("style.json")
        try Self.style(ground: ground, water: "#204060").write(to: file, atomically: true, encoding: .utf8)
        let service = try MapService(
            app: EmptyMapApp(),
            options: .init(
                dataDirectory: repoRoot.appendingPathComponent("fixtures"),
                publicDirectory: repoRoot.appendingPathComponent("Public"), storePath: ":memory:",
                tilePaths: [StyleSessionTests.helsinki], style: .file(file.path)))
        return (service, file)
    }

    /// The fills of the tiles' paths and of plain rects: the map paints the ground under the world's tiles as one.
    func streetFills(_ h: SessionHarness) -> Set<Color> {
        Set(h.replica.items.values.filter { $0.kind == .worldPath || $0.kind == .rect }.compactMap(\.properties.fill))
    }

    @Test func aStyleFileAppliesToEveryTabAndItsGroundPicksTheLook() throws {
        let (service, _) = try service(ground: "#101820")
        defer { service.shutdown() }
        let h = SessionHarness(hash: StyleSessionTests.overHelsinki, world: service.world, colorScheme: .light)
        #expect(streetFills(h).contains(Color(hex: 0x101820)))
        #expect(h.session.sync { h.session.mapView?.userInterfaceStyle } == .dark)
    }

    @Test func aReloadMakesTheTilesAgainAndAnOpenTabRedraws() throws {
        let (service, file) = try service(ground: "#101820")
        defer { service.shutdown() }
        let h = SessionHarness(hash: StyleSessionTests.overHelsinki, world: service.world)
        let styles = try #require(service.world.streetStyles)
        let before = try #require(styles.tiles(.custom))
        try Self.style(ground: "#f0e8d8", water: "#88bbdd").write(to: file, atomically: true, encoding: .utf8)
        #expect(service.reloadStyle())
        #expect(styles.tiles(.custom) !== before, "the old tiles are dropped")
        h.session.styleDidChange()
        h.session.sync {}
        h.drain()
        #expect(streetFills(h).contains(Color(hex: 0xF0E8D8)))
        #expect(!streetFills(h).contains(Color(hex: 0x101820)))
        #expect(h.session.sync { h.session.mapView?.userInterfaceStyle } == .light, "a pale ground looks light")
    }

    @Test func aStyleFileThatNoLongerParsesKeepsTheOldStyle() throws {
        let (service, file) = try service(ground: "#101820")
        defer { service.shutdown() }
        let styles = try #require(service.world.streetStyles)
        let before = try #require(styles.tiles(.custom))
        let generation = styles.generation
        try #"{"version": 8, "layers": [{"id": "x", "type": "fill", "paint": {"fill-color": 7}}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        #expect(!service.reloadStyle())
        #expect(styles.tiles(.custom) === before)
        #expect(styles.generation == generation)
        #expect(styles.groundColor(.custom) == Color(hex: 0x101820))
    }

    @Test func aBadStyleFileStopsTheStartNamingTheFileAndTheProblem() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-bad-\(UUID()).json").path
        try #"{"version": 8, "layers": "none"}"#.write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try World.load(
                dataDirectory: repoRoot.appendingPathComponent("fixtures"),
                publicDirectory: repoRoot.appendingPathComponent("Public"), app: EmptyMapApp(),
                tilePaths: [StyleSessionTests.helsinki], style: .file(path))
            Issue.record("a bad style file loaded")
        } catch let error as StreetTilesError {
            #expect(error.description.contains(path))
            #expect(error.description.contains("layers"))
        }
    }

    @Test func theWatcherSeesAChangedFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-watch-\(UUID()).json").path
        try Self.style(ground: "#000000", water: "#000000").write(toFile: path, atomically: true, encoding: .utf8)
        let watcher = StyleFileWatcher(path: path)
        #expect(!watcher.check())
        try Self.style(ground: "#ffffff", water: "#ffffff").write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: path)
        #expect(watcher.check())
        #expect(!watcher.check(), "once a change")
    }
}
