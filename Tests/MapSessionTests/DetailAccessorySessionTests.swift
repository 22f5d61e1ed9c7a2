import DisplayList
import MapCore
import MapGeometry
import SessionTransport
import Testing
import ViewKit

@testable import LiveWorld
@testable import MapSession
@testable import SampleApps

/// A button inside a callout's detail view, driven through a whole session:
/// the pointer and the mirror's ACTIVATE (Enter on its element) both reach
/// its own `onTap`, and the app's delegate is not told (MapKit's rule).
@Suite struct DetailAccessorySessionTests {
    final class TapCount { var value = 0 }

    @Test func aButtonInTheBridgesDetailViewWorksByClickAndByEnter() throws {
        let h = SessionHarness(hash: MapCalloutsSessionTests.sanFrancisco)
        let taps = TapCount()
        try h.session.sync {
            let map = try #require(h.session.mapView)
            let bridge = try #require(map.annotations.first { $0.title == "Golden Gate Bridge" })
            let view = try #require(map.view(for: bridge))
            let detail = View(frame: Rect(x: 0, y: 0, width: 120, height: 36))
            let directions = Button(
                title: "Directions", typeface: map.fonts.bold, fontSize: 13,
                color: Color(hex: 0x007AFF), highlightedColor: Color(hex: 0x0051A8))
            directions.frame = Rect(x: 0, y: 4, width: 110, height: 30)
            directions.layoutTitle()
            directions.onTap = { taps.value += 1 }
            detail.addSubview(directions)
            view.detailCalloutAccessoryView = detail
        }
        h.click(try #require(h.center(of: "Golden Gate Bridge")))
        h.settle()
        let callout = try #require(
            h.replica.accessibility.first {
                $0.role == .dialog && $0.name == "Golden Gate Bridge"
            })
        let button = try #require(h.replica.element(named: "Directions"))
        #expect(button.role == .button)
        let box = try #require(h.replica.screenBounds(of: callout.item))
        let rect = try #require(h.replica.screenBounds(of: button.item))
        #expect(box.contains(rect.center), "in the callout")
        h.time += 1000
        h.click(rect.center)
        h.settle(seconds: 0.5)
        #expect(taps.value == 1, "the click reached the button")
        h.send(.activate(seq: h.nextSeq(), item: button.item))
        h.settle(seconds: 0.5)
        #expect(taps.value == 2, "Enter on its mirror element reached the button")
        // The map reported no accessory tap: it tells the delegate and an
        // embedding page of those together, and did neither.
        #expect(!h.replica.embedEvents.contains { if case .calloutAction = $0 { true } else { false } })
        #expect(h.replica.element(named: "Done") == nil, "the bridge's detail card stayed shut")
        #expect(h.replica.element(named: "Golden Gate Bridge")?.flags.contains(.selected) == true)
    }
}
