import DisplayList
import MapGeometry
import SessionTransport
import Testing
import ViewKit
import Wire

@testable import LiveWorld
@testable import MapSession

extension SessionHarness {
    /// Every URL op sent so far, in order.
    var urlOps: [(URLMode, String)] {
        frames.flatMap { $0.ops }.compactMap { op in
            if case let .url(mode, url) = op { return (mode, url) }
            return nil
        }
    }

    /// Opens Marcus Bell's card and presses "See details" with the pointer.
    func openDetails() throws {
        try openCard("Marcus Bell")
        let button = try #require(center(of: "See details"))
        click(button)
        settle(seconds: 0.6)
    }

    var onDetailScreen: Bool {
        replica.element(named: "Back")?.role == .button
            && replica.accessibility.contains {
                $0.role == .heading && $0.name == "Marcus Bell"
            }
    }
}

@Suite struct NavigationSessionTests {
    @Test func seeDetailsPushesTheDetailScreenAndAHistoryEntry() throws {
        let h = SessionHarness(hash: wishlistHash)
        try h.openCard("Marcus Bell")
        let cameraURL = try #require(h.replica.url)
        try h.openDetails()
        #expect(h.onDetailScreen)
        #expect(h.replica.element(named: "Chicago, United States")?.role == .text)
        #expect(h.replica.element(named: "Wishlist (30)")?.role == .heading)
        #expect(h.replica.element(named: "Model train track, HO scale")?.role == .listItem)
        // The map under the screen is out of the mirror and out of the tab order.
        #expect(h.replica.element(named: "Jordan Whitehorse") == nil)
        #expect(h.cardDialogs.isEmpty)
        let last = try #require(h.urlOps.last)
        #expect(last.0 == .push)
        #expect(last.1 == cameraURL + "/person/marcus-bell")
        // Focus goes to the screen's Back button.
        #expect(h.replica.focus == h.replica.element(named: "Back")?.item)
    }

    @Test func thePushSlidesInFromTheRight() throws {
        let h = SessionHarness(hash: wishlistHash)
        try h.openCard("Marcus Bell")
        let button = try #require(h.center(of: "See details"))
        h.click(button)
        let back = try #require(h.replica.element(named: "Back")?.item)
        let x0 = try #require(h.replica.screenBounds(of: back)).minX
        #expect(x0 > 1200, "the screen starts off to the right")
        h.settle(seconds: 0.15)
        let mid = try #require(h.replica.screenBounds(of: back)).minX
        #expect(mid > 8 && mid < x0)
        h.settle(seconds: 0.3)
        #expect(try #require(h.replica.screenBounds(of: back)).minX == 8)
    }

    @Test func onScreenBackPopsWithCameraAndSelectionRestored() throws {
        let h = SessionHarness(hash: wishlistHash)
        try h.openCard("Marcus Bell")
        let camera = h.camera
        let cameraURL = try #require(h.replica.url)
        try h.openDetails()
        let back = try #require(h.center(of: "Back"))
        h.click(back)
        #expect(h.replica.element(named: "Back") == nil, "the leaving screen leaves the mirror at once")
        #expect(h.replica.element(named: "Marcus Bell")?.role == .button, "and the map is back in it")
        h.settle(seconds: 0.6)
        #expect(!h.onDetailScreen)
        #expect(h.camera == camera)
        #expect(h.cardDialogs.map(\.name) == ["Marcus Bell"])
        #expect(h.replica.element(named: "Marcus Bell")?.flags.contains(.selected) == true)
        let last = try #require(h.urlOps.last)
        #expect(last.0 == .replace && last.1 == cameraURL)
    }

    @Test func browserBackAndEscapePopToo() throws {
        let h = SessionHarness(hash: wishlistHash)
        try h.openCard("Marcus Bell")
        let cameraURL = try #require(h.replica.url)
        let camera = h.camera
        try h.openDetails()
        // The browser's Back: NAVIGATE with the camera-only hash.
        h.send(.navigate(seq: h.nextSeq(), hash: cameraURL))
        h.settle(seconds: 0.6)
        #expect(!h.onDetailScreen)
        #expect(h.cardDialogs.map(\.name) == ["Marcus Bell"])
        #expect(abs(h.camera.zoom - camera.zoom) < 0.01)
        // Forward: NAVIGATE with the person's hash brings the screen back.
        h.send(.navigate(seq: h.nextSeq(), hash: cameraURL + "/person/marcus-bell"))
        h.settle(seconds: 0.6)
        #expect(h.onDetailScreen)
        h.key("Escape")
        h.settle(seconds: 0.6)
        #expect(!h.onDetailScreen)
        #expect(h.cardDialogs.map(\.name) == ["Marcus Bell"], "Escape on the screen pops it, it does not deselect")
    }

    @Test func aDetailURLOpensTheScreenOverTheMapWithThePersonSelected() throws {
        let h = SessionHarness(hash: wishlistHash + "/person/marcus-bell")
        #expect(h.onDetailScreen)
        #expect(h.replica.url?.hasSuffix("/person/marcus-bell") == true)
        #expect(!h.urlOps.contains { $0.0 == .push }, "loading a URL adds no history entry")
        h.key("Escape")
        h.settle(seconds: 0.6)
        #expect(h.cardDialogs.map(\.name) == ["Marcus Bell"])
        #expect(h.replica.url?.contains("/person/") == false)
    }

    @Test func anUnknownPersonInTheURLLeavesTheMap() throws {
        let h = SessionHarness(hash: wishlistHash + "/person/nobody")
        #expect(!h.onDetailScreen)
        #expect(h.replica.element(named: "Marcus Bell")?.role == .button)
        #expect(h.replica.url?.contains("/person/") == false)
    }

    @Test func theDetailScreenFollowsAWindowResize() throws {
        let h = SessionHarness(hash: wishlistHash)
        try h.openDetails()
        let list = try #require(h.replica.element(named: "Wishlist of Marcus Bell")?.item)
        let tall = try #require(h.replica.screenBounds(of: list))
        h.send(.resize(seq: h.nextSeq(), size: Size(width: 600, height: 500), devicePixelRatio: 1))
        let short = try #require(h.replica.screenBounds(of: list))
        #expect(short.maxY == 480, "the list ends 20 pt above the new bottom")
        #expect(short.height < tall.height)
        #expect(short.width == 600 - 32)
        #expect(h.onDetailScreen)
    }

    @Test func theDetailListScrollsWithTheWheel() throws {
        let h = SessionHarness(size: Size(width: 800, height: 500), hash: wishlistHash)
        try h.openDetails()
        let list = try #require(h.replica.element(named: "Wishlist of Marcus Bell"))
        let rect = try #require(h.replica.screenBounds(of: list.item))
        h.wheelAt(rect.center, dy: 200)
        h.settle(seconds: 0.5)
        #expect(h.replica.items[list.item]?.properties.scroll.y == 200)
    }
}
