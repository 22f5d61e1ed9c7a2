import DisplayList
import MapGeometry
import SessionTransport
import Testing
import ViewKit

@testable import LiveWorld
@testable import MapSession

/// Each selection transition (unselected, selected, selected with callout)
/// by pointer and keyboard, and the callout's bounce sampled on the stepped clock.
@Suite struct SelectionStatesSessionTests {
    static let sanFrancisco = "#13/37.795/-122.43"

    private func dialogs(_ h: SessionHarness) -> [AccessibilityElement] {
        h.replica.accessibility.filter { $0.role == .dialog }
    }

    private func isSelected(_ h: SessionHarness, _ name: String) -> Bool {
        h.replica.element(named: name)?.flags.contains(.selected) == true
    }

    @Test func tapOnTheSelectedPinKeepsItAndItsCallout() throws {
        let h = SessionHarness(hash: Self.sanFrancisco)
        let ferry = try #require(h.center(of: "Ferry Building"))
        h.click(ferry)
        h.settle()
        let callout = try #require(dialogs(h).first)
        h.time += 1000
        h.click(try #require(h.center(of: "Ferry Building")))
        h.settle()
        #expect(isSelected(h, "Ferry Building"))
        // The same callout, not a new one bouncing in again.
        #expect(dialogs(h).map(\.item) == [callout.item])
    }

    @Test func tapOnAnotherPinMovesTheSelectionAndItsCallout() throws {
        let h = SessionHarness(hash: Self.sanFrancisco)
        h.click(try #require(h.center(of: "Ferry Building")))
        h.settle()
        h.time += 1000
        h.click(try #require(h.center(of: "San Francisco")))
        h.settle()
        #expect(!isSelected(h, "Ferry Building"))
        #expect(isSelected(h, "San Francisco"))
        #expect(dialogs(h).map(\.name) == ["San Francisco"])
    }

    @Test func selectedWithoutCalloutThenDeselectedByTheMap() throws {
        let h = SessionHarness(hash: Self.sanFrancisco)
        h.click(try #require(h.center(of: "Conservatory of Flowers")))
        h.settle()
        #expect(isSelected(h, "Conservatory of Flowers") && dialogs(h).isEmpty)
        h.time += 1000
        h.click(Point(x: 1200, y: 60))
        h.settle()
        #expect(!isSelected(h, "Conservatory of Flowers"))
    }

    @Test func selectedViewRisesAboveTheOthers() throws {
        let h = SessionHarness(hash: Self.sanFrancisco)
        h.click(try #require(h.center(of: "Ferry Building")))
        h.settle()
        let ferry = try #require(h.replica.element(named: "Ferry Building")).item
        let parent = try #require(h.replica.items[ferry]?.parent)
        let siblings = h.replica.children[parent] ?? []
        #expect(siblings.last == ferry)
    }

    @Test func tabFocusesPinsEnterSelectsEscapeDeselects() throws {
        let h = SessionHarness(hash: Self.sanFrancisco)
        h.key("Tab")
        let first = try #require(h.replica.focus)
        let firstName = try #require(h.replica.accessibility.first { $0.item == first }).name
        #expect(h.replica.accessibility.first { $0.item == first }?.role == .button)
        h.key("Tab")
        let second = try #require(h.replica.focus)
        #expect(second != first)
        let name = try #require(h.replica.accessibility.first { $0.item == second }).name
        #expect(name != firstName)
        #expect(!isSelected(h, name))
        h.key("Enter")
        h.settle()
        #expect(isSelected(h, name))
        h.key("Escape")
        h.settle()
        #expect(!isSelected(h, name))
        #expect(dialogs(h).isEmpty)
        h.key("Tab", modifiers: .shift)
        #expect(h.replica.focus == first)
    }

    @Test func activatingAPinFromTheMirrorSelectsIt() throws {
        let h = SessionHarness(hash: Self.sanFrancisco)
        let bridge = try #require(h.replica.element(named: "Golden Gate Bridge"))
        h.send(.activate(seq: h.nextSeq(), item: bridge.item))
        h.settle()
        #expect(isSelected(h, "Golden Gate Bridge"))
        #expect(dialogs(h).map(\.name) == ["Golden Gate Bridge"])
    }

    @Test func calloutBouncesThroughItsKeyframesOnTheSteppedClock() throws {
        let h = SessionHarness(hash: Self.sanFrancisco)
        h.click(try #require(h.center(of: "Ferry Building")))
        let callout = try #require(dialogs(h).first).item
        func scale() -> Double { Double(h.replica.items[callout]?.properties.scale.scale ?? 1) }
        #expect(abs(scale() - 0.05) < 1e-4)
        // It grows from the arrow tip: the bottom of a down-pointing bubble, above the pin.
        let origin = try #require(h.replica.items[callout]?.properties.scale)
        let frame = try #require(h.replica.items[callout]?.properties.frame)
        #expect(origin.originY > frame.height - 1 && origin.originX > 0 && origin.originX < frame.width)
        let d = 1.0 / 3.0
        var elapsed = 0.0
        for (time, value) in [(4.0 / 9.0, 1.11245), (4.0 / 9.0 + 5.0 / 18.0, 0.951807), (1.0, 1.0)] {
            h.clock.advance(by: time * d - elapsed)
            elapsed = time * d
            h.session.sync { h.session.tick() }
            h.drain()
            #expect(abs(scale() - value) < 1e-4, "scale at key time \(time)")
        }
    }
}
