import MapCore
import MapGeometry
import SessionTransport
import Testing
import Wire

@testable import LiveWorld
@testable import MapSession
@testable import SampleApps

/// The wishlist card on phone-sized maps: above its pin where there is room,
/// whole and with its pin in view on a landscape phone, and again after a
/// resize with the card open.
@Suite struct SmallScreenCardSessionTests {
    /// The MapCallouts toolbar's frame in the session's map.
    static func toolbar(_ h: SessionHarness) -> Rect? {
        h.session.sync { h.session.mapView?.subviews.compactMap { $0 as? LandmarkToolbar }.first?.frame }
    }

    static func card(_ h: SessionHarness) -> Rect? {
        h.cardDialogs.first.flatMap { h.replica.screenBounds(of: $0.item) }
    }

    /// Whole inside `size`.
    static func inside(_ r: Rect, _ size: Size) -> Bool {
        r.minX >= -0.5 && r.minY >= -0.5 && r.maxX <= size.width + 0.5 && r.maxY <= size.height + 0.5
    }

    @Test func onAPhoneTheZoomButtonsDoNotPushACardBelowAPinWithRoomAbove() throws {
        let size = Size(width: 390, height: 844)
        let h = SessionHarness(size: size, hash: "#4/40/-90")
        let pin = try #require(h.mirrorRect(of: "Marcus Bell"))
        #expect(pin.minY < 420 && pin.minY - 280 - 20 > 10, "room above, below the top strip of the controls")
        let camera = h.camera
        try h.openCard("Marcus Bell")
        let card = try #require(Self.card(h))
        #expect(card.maxY <= pin.minY, "above the pin")
        #expect(h.camera == camera, "nothing to scroll")
    }

    @Test func onALandscapePhoneTheCardIsWholeAndThePinShows() throws {
        let size = Size(width: 844, height: 390)
        let h = SessionHarness(size: size, hash: "#4/40/-90")
        try h.openCard("Marcus Bell")
        let card = try #require(Self.card(h))
        let pin = try #require(h.mirrorRect(of: "Marcus Bell"))
        let bar = try #require(Self.toolbar(h))
        #expect(Self.inside(card, size), "\(card) cut off")
        #expect(!card.intersects(bar))
        #expect(card.maxY <= pin.minY, "above its pin")
        #expect(Self.inside(pin, size) && !pin.intersects(bar), "\(pin) hidden (toolbar \(bar))")
    }

    @Test func afterAResizeWithTheCardOpenThePinIsNotUnderTheToolbar() throws {
        let h = SessionHarness(size: Size(width: 844, height: 390), hash: "#4/40/-90")
        try h.openCard("Marcus Bell")
        let small = Size(width: 480, height: 360)
        h.replica.viewport = small
        h.send(.resize(seq: h.nextSeq(), size: small, devicePixelRatio: 1))
        h.settle()
        let card = try #require(Self.card(h))
        let pin = try #require(h.mirrorRect(of: "Marcus Bell"))
        let bar = try #require(Self.toolbar(h))
        #expect(Self.inside(card, small) && !card.intersects(bar), "\(card) cut off or under \(bar)")
        #expect(pin.minY < bar.minY, "\(pin) under the toolbar \(bar)")
        #expect(card.height < WishlistCardView.size.height, "shorter, so that its pin shows")
        #expect(card.maxY <= pin.minY)
    }

    @Test func onAMapTooSmallForCardAndPinTheCardKeepsThePersonAndItsButton() throws {
        let size = Size(width: 320, height: 200)
        let h = SessionHarness(size: size, hash: "#4/41.88/-87.63")
        try h.openCard("Marcus Bell")
        let card = try #require(Self.card(h))
        let pin = try #require(h.mirrorRect(of: "Marcus Bell"))
        #expect(Self.inside(card, size), "\(card) cut off")
        #expect(card.maxY <= pin.minY && pin.minY < size.height - 10, "the pin's head shows under the card")
        #expect(h.replica.element(named: "See details")?.role == .button)
        #expect(h.replica.element(named: "Wishlist of Marcus Bell") == nil, "no room for a wish")
    }
}
