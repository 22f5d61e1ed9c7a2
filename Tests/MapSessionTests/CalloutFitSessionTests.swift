import DisplayList
import MapCore
import MapGeometry
import SessionTransport
import Testing
import ViewKit
import Wire

@testable import LiveWorld
@testable import MapSession
@testable import SampleApps

/// Callouts and cards that always fit, driven through whole sessions.
@Suite struct CalloutFitSessionTests {
    /// Every mirror element of the open dialog (card or callout), on screen.
    static func dialogRects(_ h: SessionHarness) -> [Rect] {
        guard let dialog = h.replica.accessibility.first(where: { $0.role == .dialog }),
            let box = h.replica.screenBounds(of: dialog.item)
        else { return [] }
        let inside = h.replica.accessibility.compactMap { e -> Rect? in
            guard let r = h.replica.screenBounds(of: e.item), box.contains(r.center) else { return nil }
            return r
        }
        return [box] + inside
    }

    static func onScreen(_ r: Rect, _ size: Size) -> Bool {
        r.minX >= 0 && r.minY >= 0 && r.maxX <= size.width && r.maxY <= size.height
    }

    @Test func aPinTheKeyboardReachesAcrossTheTopOpensItsWholeCard() throws {
        let size = Size(width: 1280, height: 800)
        let h = SessionHarness(size: size, hash: pinAcrossTheTopHash)
        let name = try #require(h.tabToAPinAcrossTheTop(), "Tab reaches a pin across the top edge")
        let camera = h.camera
        h.key("Enter")
        h.settle()
        #expect(h.camera != camera, "the map scrolled the pin in")
        let rects = Self.dialogRects(h)
        #expect(rects.count > 3, "the card and its controls")
        for r in rects { #expect(Self.onScreen(r, size), "\(r) of \(name)'s card is cut off") }
        let pin = try #require(h.mirrorRect(of: name))
        #expect(Self.onScreen(pin, size))
    }

    @Test func aResizeReplacesTheOpenCallout() throws {
        let h = SessionHarness(size: Size(width: 1280, height: 800), hash: wishlistHash)
        try h.openCard("Marcus Bell")
        let before = try #require(Self.dialogRects(h).first)
        let pinBefore = try #require(h.mirrorRect(of: "Marcus Bell"))
        #expect(before.maxY < pinBefore.minY, "above its pin")
        // Shorter and narrower: the centre stays, so the card above the pin would be cut off.
        let small = Size(width: 700, height: 420)
        #expect(before.minY - (800 - small.height) / 2 < 0, "left alone it would be cut off")
        h.replica.viewport = small
        h.send(.resize(seq: h.nextSeq(), size: small, devicePixelRatio: 1))
        h.settle()
        let rects = Self.dialogRects(h)
        #expect(!rects.isEmpty)
        for r in rects { #expect(Self.onScreen(r, small), "\(r) cut off after the resize") }
        #expect(Self.onScreen(try #require(h.mirrorRect(of: "Marcus Bell")), small))
    }

    @Test func aResizeReplacesTheStandardCallout() throws {
        let h = SessionHarness(size: Size(width: 1280, height: 800), hash: "#13/37.81/-122.44")
        let bridge = try #require(h.center(of: "Golden Gate Bridge"))
        h.click(bridge)
        h.settle()
        let small = Size(width: 360, height: 300)
        h.replica.viewport = small
        h.send(.resize(seq: h.nextSeq(), size: small, devicePixelRatio: 1))
        h.settle()
        let rects = Self.dialogRects(h)
        #expect(!rects.isEmpty)
        for r in rects { #expect(Self.onScreen(r, small), "\(r) cut off after the resize") }
    }

    @Test func seeDetailsIsNeverUnderTheToolbar() throws {
        let h = SessionHarness(size: Size(width: 1280, height: 657), hash: "#5/42.3/-87.63")
        let toolbar = try #require(
            h.session.sync { () -> Rect? in
                guard let map = h.session.mapView, let bar = map.subviews.first(where: { $0 is LandmarkToolbar })
                else { return nil }
                return bar.frame
            })
        try h.openCard("Marcus Bell")
        let button = try #require(h.mirrorRect(of: "See details"))
        #expect(!button.intersects(toolbar), "\(button) under the toolbar \(toolbar)")
        for r in Self.dialogRects(h) { #expect(!r.intersects(toolbar)) }
        try h.openDetailsByClick()
        #expect(h.onDetailScreen, "the click reached the button")
    }
}

extension SessionHarness {
    /// Presses "See details" in the open card with the pointer.
    func openDetailsByClick() throws {
        click(try #require(center(of: "See details")))
        settle(seconds: 0.6)
    }
}
