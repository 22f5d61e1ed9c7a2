import DisplayList
import Foundation
import MapCore
import MapGeometry
import StreetTiles
import Testing
import ViewKit
import Wire

@testable import MapSession

/// An app that makes its tabs light, whatever the browser prefers.
struct LightTabsApp: MapApp {
    func setUpSession(_ session: MapAppSession) -> AnyObject? {
        session.mapView.overrideUserInterfaceStyle = .light
        return nil
    }
}

/// Which style a tab draws (the server's setting, the app, the URL, the
/// browser) and a style file read again while tabs are open.
@Suite struct StyleSessionTests {
    static let helsinki = repoRoot.appendingPathComponent("fixtures/tiles/helsinki.mbtiles").path
    static let overHelsinki = "#15/60.1699/24.9384"

    func world(style: MapStyleSetting = .light, app: any MapApp = EmptyMapApp()) throws -> World {
        try World.load(
            dataDirectory: repoRoot.appendingPathComponent("fixtures"),
            publicDirectory: repoRoot.appendingPathComponent("Public"), app: app, tilePaths: [Self.helsinki],
            style: style)
    }

    func harness(_ world: World, scheme: PreferredColorScheme, url: String = "") -> SessionHarness {
        SessionHarness(hash: Self.overHelsinki, world: world, colorScheme: scheme, style: url)
    }

    /// What the tab draws now: its look, and whether its street tiles are `key`'s.
    func drawn(_ h: SessionHarness, _ world: World) -> (look: UserInterfaceStyle, tiles: StreetTileStyles.Key?) {
        h.session.sync {
            let streets = h.session.mapView?.streets
            let key = [StreetTileStyles.Key.light, .dark, .custom].first { key in
                world.streetStyles?.tiles(key).map { $0 === streets } ?? false
            }
            return (h.session.mapView?.userInterfaceStyle ?? .unspecified, key)
        }
    }

    /// The fills of the street tiles' paths on the replica.
    /// The fills of the tiles' paths and of plain rects: the map paints the ground under the world's tiles as one.
    func streetFills(_ h: SessionHarness) -> Set<Color> {
        Set(h.replica.items.values.filter { $0.kind == .worldPath || $0.kind == .rect }.compactMap(\.properties.fill))
    }

    @Test func theRulesPutAForcedStyleFirstThenTheAppThenTheURLThenTheBrowser() {
        func resolve(
            _ setting: MapStyleSetting, app: UserInterfaceStyle = .unspecified, url: String = "",
            browser: PreferredColorScheme = .unknown, fileIsDark: Bool = false
        ) -> StyleChoice {
            StyleChoice.resolve(setting: setting, fileIsDark: fileIsDark, app: app, url: url, browser: browser)
        }
        #expect(resolve(.light) == .light)
        #expect(resolve(.light, browser: .dark) == .dark)
        #expect(resolve(.light, browser: .light) == .light)
        #expect(resolve(.light, url: "light", browser: .dark) == .light)
        #expect(resolve(.light, url: "dark", browser: .light) == .dark)
        #expect(resolve(.light, url: "sepia", browser: .dark) == .dark, "an unknown URL style is no choice")
        #expect(resolve(.light, app: .light, url: "dark", browser: .dark) == .light)
        #expect(resolve(.light, app: .dark, url: "light") == .dark)
        #expect(resolve(.dark, app: .light, url: "light", browser: .light) == .dark)
        #expect(resolve(.file("x.json"), app: .dark, browser: .dark) == StyleChoice(tiles: .custom, look: .light))
        #expect(resolve(.file("x.json"), fileIsDark: true) == StyleChoice(tiles: .custom, look: .dark))
    }

    @Test func aBrowserThatPrefersDarkGetsTheDarkStyle() throws {
        let world = try world()
        let dark = harness(world, scheme: .dark)
        #expect(drawn(dark, world) == (.dark, .dark))
        let light = harness(world, scheme: .light)
        #expect(drawn(light, world) == (.light, .light))
        let old = SessionHarness(hash: Self.overHelsinki, world: world)
        #expect(drawn(old, world) == (.light, .light), "a page that does not say gets light")
        let darkGround = try #require(world.streetStyles?.groundColor(.dark))
        #expect(dark.replica.background == darkGround)
        #expect(streetFills(dark).contains(darkGround))
        #expect(!streetFills(light).contains(darkGround))
    }

    @Test func theURLAndTheAppOverrideTheBrowser() throws {
        let world = try world()
        #expect(drawn(harness(world, scheme: .dark, url: "light"), world) == (.light, .light))
        #expect(drawn(harness(world, scheme: .light, url: "dark"), world) == (.dark, .dark))
        let app = try self.world(app: LightTabsApp())
        #expect(drawn(harness(app, scheme: .dark, url: "dark"), app) == (.light, .light))
    }

    @Test func aForcedDarkStyleAppliesToEveryBrowser() throws {
        let world = try world(style: .dark)
        #expect(drawn(harness(world, scheme: .light), world) == (.dark, .dark))
        #expect(drawn(harness(world, scheme: .light, url: "light"), world) == (.dark, .dark))
    }

    @Test func theTabFollowsTheBrowserWhenItsSchemeChanges() throws {
        let world = try world()
        let h = harness(world, scheme: .light)
        let framesBefore = h.frames.count
        h.send(.colorScheme(seq: h.nextSeq(), .dark))
        #expect(drawn(h, world) == (.dark, .dark))
        #expect(h.frames.count > framesBefore, "the change is drawn at once")
        #expect(streetFills(h).contains(try #require(world.streetStyles?.groundColor(.dark))))
        h.send(.colorScheme(seq: h.nextSeq(), .light))
        #expect(drawn(h, world) == (.light, .light))
    }
}
