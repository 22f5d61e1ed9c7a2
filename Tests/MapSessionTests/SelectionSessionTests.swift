import DisplayList
import MapCore
import MapGeometry
import SessionTransport
import Testing
import Wire

@testable import LiveWorld
@testable import MapSession

@Suite struct SelectionSessionTests {
    @Test func helloGetsWelcomeThenAFullFirstFrame() throws {
        let h = SessionHarness()
        let first = try FrameDecoder.decode(h.output.sent.withLock { $0[0] })
        #expect(first == .welcome(version: 1, session: 1))
        #expect(h.frames.first?.number == 1)
        #expect(h.replica.items.count > 20)
        #expect(h.replica.url == "#4.00/20.00000/0.00000")
        // Pins are mirrored as buttons named by their titles.
        #expect(h.replica.element(named: "Amélie Fournier")?.role == .button)
    }

    /// The San Francisco flag (MapCallouts) shows the standard callout; people show their own card
    /// (WishlistCardSessionTests).
    @Test func clickOnAPinSelectsItAndOpensItsCallout() throws {
        let h = SessionHarness(hash: "#11/37.78/-122.44")
        let pin = try #require(h.center(of: "San Francisco"))
        h.click(pin)
        h.settle()
        let dialog = try #require(h.replica.accessibility.first { $0.role == .dialog })
        #expect(dialog.name == "San Francisco")
        #expect(h.session.sync { h.session.mapView?.calloutView } != nil, "the standard callout")
        #expect(h.replica.element(named: "Founded: June 29, 1776")?.role == .text)
        #expect(h.replica.element(named: "San Francisco")?.flags.contains(.selected) == true)
        // The callout's bubble sits above the pin, arrow down, pointing at the pin's top.
        let (id, bubble) = try #require(h.replica.items.first { $0.value.kind == .bubble })
        let bounds = try #require(h.replica.screenBounds(of: id))
        #expect(bubble.properties.bubble.direction == .down)
        #expect(bounds.maxY < pin.y)
        #expect(bounds.minX < pin.x && bounds.maxX > pin.x)
    }

    /// As MKMapView: near the top the map scrolls so the callout fits above its pin; it never flips below.
    @Test func standardCalloutScrollsTheMapRatherThanFlipNearTheTop() throws {
        let h = SessionHarness(hash: "#11/37.584/-122.418")
        let pin = try #require(h.center(of: "San Francisco"))
        #expect(pin.y < 80)
        let camera = h.camera
        h.click(pin)
        h.settle()
        #expect(h.replica.accessibility.first { $0.role == .dialog }?.name == "San Francisco")
        let (id, bubble) = try #require(h.replica.items.first { $0.value.kind == .bubble })
        let bounds = try #require(h.replica.screenBounds(of: id))
        let pinAfter = try #require(h.center(of: "San Francisco"))
        #expect(bubble.properties.bubble.direction == .down)
        #expect(h.camera != camera, "the map scrolled")
        #expect(bounds.minY >= CalloutPlacement.margin - 0.5 && bounds.maxY < pinAfter.y)
    }

    /// A person's card is placed like the standard callout: above a pin near the top, the map scrolled.
    @Test func aCardScrollsTheMapRatherThanFlipNearTheTop() throws {
        let h = SessionHarness()
        let pin = try #require(h.center(of: "Amélie Fournier"))
        #expect(pin.y < 60)
        h.click(pin)
        h.settle()
        #expect(h.replica.element(named: "Lyon, France")?.role == .text)
        let (id, bubble) = try #require(h.replica.items.first { $0.value.kind == .bubble })
        let bounds = try #require(h.replica.screenBounds(of: id))
        let pinAfter = try #require(h.center(of: "Amélie Fournier"))
        #expect(bubble.properties.bubble.direction == .down)
        #expect(bounds.minY >= CalloutPlacement.margin - 0.5 && bounds.maxY < pinAfter.y)
    }

    @Test func clickOnEmptyMapDeselects() throws {
        let h = SessionHarness()
        let (_, pin) = try #require(h.pinInOpenSpace())
        h.click(pin)
        h.settle()
        #expect(h.replica.accessibility.contains { $0.role == .dialog })
        h.time += 1000
        h.click(Point(x: 60, y: 740))
        h.settle()
        #expect(!h.replica.accessibility.contains { $0.role == .dialog })
        #expect(!h.replica.items.values.contains { $0.kind == .bubble })
    }

    @Test func frameEchoesTheInputItReflects() throws {
        let h = SessionHarness()
        h.pointer(.down, Point(x: 600, y: 400))
        h.pointer(.moved, Point(x: 650, y: 420))
        #expect(h.frames.last?.inputSeq == h.seq)
    }

    @Test func malformedMessageClosesWithAReason() {
        let h = SessionHarness()
        h.sendRaw([0xEE, 1, 2])
        let closed = h.output.closed.withLock { $0 }
        #expect(closed?.code == .protocolError)
        #expect(closed?.reason.contains("unknown opcode 0xee") == true)
    }
}

@Suite struct KeyboardSelectionTests {
    @Test func activatingAPinFromTheMirrorSelectsIt() throws {
        let h = SessionHarness()
        let (name, _) = try #require(h.pinInOpenSpace())
        let pin = try #require(h.replica.element(named: name))
        h.send(.focus(seq: h.nextSeq(), item: pin.item))
        h.send(.activate(seq: h.nextSeq(), item: pin.item))
        h.settle()
        #expect(h.replica.accessibility.first { $0.role == .dialog }?.name == name)
    }

    @Test func tabThenEnterSelectsAndEscapeDeselects() throws {
        let h = SessionHarness()
        h.key("Tab")
        let focused = try #require(h.replica.focus)
        let name = try #require(h.replica.accessibility.first { $0.item == focused }?.name)
        h.key("Enter")
        h.settle()
        #expect(h.replica.accessibility.first { $0.role == .dialog }?.name == name)
        h.key("Escape")
        h.settle()
        #expect(!h.replica.accessibility.contains { $0.role == .dialog })
    }
}
