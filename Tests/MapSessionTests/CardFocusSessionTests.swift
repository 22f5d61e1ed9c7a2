import DisplayList
import MapGeometry
import SessionTransport
import Testing

@testable import LiveWorld
@testable import MapSession

/// Chicago's pin cut in two by the top edge of a 1280 x 800 map: Tab reaches it (some of it shows), and its
/// card fits only once the map scrolls it in.
let pinAcrossTheTopHash = "#4/12.69/-87.63"

extension SessionHarness {
    /// Tabs on until a pin cut by the map's top edge has focus; its name.
    func tabToAPinAcrossTheTop() -> String? {
        for _ in 0..<80 {
            key("Tab")
            guard let item = replica.focus, let e = replica.accessibility.first(where: { $0.item == item }),
                e.role == .button, let r = replica.screenBounds(of: item)
            else { continue }
            if r.minY < 0 && r.maxY > 0 { return e.name }
        }
        return nil
    }

    /// How opaque `item` is drawn, its ancestors' alpha and hiding included.
    func drawnOpacity(of item: UInt32) -> Double {
        var opacity = 1.0
        var id = item
        while id != 0, let it = replica.items[id] {
            if it.properties.hidden { return 0 }
            opacity *= Double(it.properties.alpha)
            id = it.parent
        }
        return opacity
    }
}

/// The browser draws its focus ring around the focused view's mirror element:
/// it must not show for a card the person cannot see yet.
@Suite struct CardFocusSessionTests {
    @Test func theFocusRingAppearsWithTheCardNotBeforeIt() throws {
        let h = SessionHarness(size: Size(width: 1280, height: 800), hash: pinAcrossTheTopHash)
        let name = try #require(h.tabToAPinAcrossTheTop(), "Tab reaches a pin across the top edge")
        let pin = try #require(h.replica.focus)
        h.key("Enter")
        let card = try #require(h.replica.accessibility.first { $0.role == .dialog && $0.name == name }?.item)
        var framesWhileUnseen = 0
        for _ in 0..<60 {
            let opacity = h.drawnOpacity(of: card)
            if opacity <= 0.01 {
                framesWhileUnseen += 1
                #expect(h.replica.focus == pin, "the ring stays on the pin while the card is not drawn")
            }
            h.settle(seconds: 1.0 / 60)
        }
        #expect(framesWhileUnseen > 5, "the map scrolled before the card appeared")
        #expect(h.drawnOpacity(of: card) == 1)
        #expect(h.replica.focus == card, "focus went into the card once it showed")
    }
}
