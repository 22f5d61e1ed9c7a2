import DisplayList
import MapCore
import MapGeometry
import SessionTransport
import Testing

@testable import LiveWorld
@testable import MapSession

/// API pins are markers in their own colours in every app, and an edit
/// reaches every session showing them within a frame.
@Suite struct StyledPinSessionTests {
    static let pacific = "#6/0/-150"

    func marker(_ h: SessionHarness, _ annotation: Annotation) -> (tint: Color?, glyph: String?, isMarker: Bool) {
        h.session.sync {
            let view = h.session.mapView?.view(for: annotation) as? MarkerAnnotationView
            return (view?.markerTintColor, view?.glyphText, view != nil)
        }
    }

    @Test func anAPIPinIsAStyledMarkerEvenWhereTheAppSetADefaultPinImage() throws {
        let world = freshWorld()
        let h = SessionHarness(hash: Self.pacific, world: world)
        // The samples set a default pin image; an unstyled API pin is still a (red) marker.
        #expect(h.session.sync { h.session.mapView?.defaultPinImage != nil })
        let plain = LiveAnnotation(id: "plain", title: "Plain", coordinate: Coordinate(latitude: 0, longitude: -151))
        let styled = LiveAnnotation(
            id: "styled", title: "Styled", coordinate: Coordinate(latitude: 0, longitude: -149),
            markerColor: "#0a0", markerSymbol: "B")
        try world.store.add(plain)
        try world.store.add(styled)
        h.flushQueue()
        let p = marker(h, plain)
        #expect(p.isMarker && p.tint == nil && p.glyph == nil)
        let s = marker(h, styled)
        #expect(s.isMarker && s.tint == Color(hex: 0x00AA00) && s.glyph == "B")
        // The title shows under the marker, as the mirror names it.
        #expect(h.replica.element(named: "Styled") != nil)
    }

    @Test func anEditRestylesTheVisibleMarkerAndTheOpenCallout() throws {
        let world = freshWorld()
        let h = SessionHarness(hash: Self.pacific, world: world)
        let pin = LiveAnnotation(
            id: "pin", title: "Before", subtitle: "Old line",
            coordinate: Coordinate(latitude: 0, longitude: -150))
        try world.store.add(pin)
        h.flushQueue()
        #expect(h.center(of: "Before") != nil)
        h.session.sync { h.session.mapView?.selectAnnotation(pin, animated: false) }
        h.settle(seconds: 0.5)
        #expect(h.session.sync { h.session.mapView?.calloutView?.subtitleLabel.text } == "Old line")
        let frames = h.frames.count

        try world.store.update(id: "pin") { look in
            look.title = "After"
            look.subtitle = "New line"
            look.markerColor = "#123456"
            look.markerSymbol = "★"
        }
        h.flushQueue()
        #expect(h.frames.count > frames)
        let m = marker(h, pin)
        #expect(m.tint == Color(hex: 0x123456) && m.glyph == "★")
        let callout = h.session.sync {
            h.session.mapView?.calloutView.map { ($0.titleLabel.text, $0.subtitleLabel.text) }
        }
        #expect(callout?.0 == "After" && callout?.1 == "New line")
        // The marker's own labels too: the map does not read a styled annotation's title each frame.
        let named = try #require(h.replica.element(named: "After"))
        let labels = h.replica.items.values.filter { $0.parent == named.item && $0.kind == .text }
            .map(\.properties.text)
        #expect(labels.contains("After") && labels.contains("New line") && !labels.contains("Before"))
        try world.store.update(id: "pin") { $0.subtitle = "Newer line" }
        h.flushQueue()
        let relabelled = h.replica.items.values.filter { $0.parent == named.item && $0.kind == .text }
        #expect(relabelled.contains { $0.properties.text == "Newer line" }, "a subtitle alone changes the marker too")

        try world.store.update(id: "pin") { look in
            look.markerColor = nil
            look.markerSymbol = nil
        }
        h.flushQueue()
        let cleared = marker(h, pin)
        #expect(cleared.tint == nil && cleared.glyph == nil)
    }

    @Test func anAppsOwnAnnotationCannotBeEdited() throws {
        let world = freshWorld()
        #expect(throws: WorldError.notEditable("amelie-fournier")) {
            try world.store.update(id: "amelie-fournier") { $0.title = "x" }
        }
        #expect(throws: WorldError.unknownID("nobody")) {
            try world.store.update(id: "nobody") { $0.title = "x" }
        }
    }

    @Test func aSessionBehindTheLogCatchesUpOnEditsItMissed() throws {
        let world = World(fonts: sharedWorld.fonts, baseMap: sharedWorld.baseMap, app: sampleApp, logLimit: 8)
        let h = SessionHarness(hash: Self.pacific, world: world)
        let pin = LiveAnnotation(id: "pin", title: "Pin", coordinate: Coordinate(latitude: 0, longitude: -150))
        try world.store.add(pin)
        h.flushQueue()
        #expect(marker(h, pin).tint == nil)
        // The edit and then more changes than the log keeps, while the session's
        // queue is busy, so its wake-up waits until they are all in.
        let behind = try h.session.sync { () throws -> Bool in
            try world.store.update(id: "pin") { $0.markerColor = "#00f" }
            try world.store.add(
                (0..<40).map {
                    LiveAnnotation(
                        id: "far\($0)", title: nil, coordinate: Coordinate(latitude: 60, longitude: Double($0)))
                })
            return world.store.changes(since: h.session.live.syncedVersion) == nil
        }
        #expect(behind, "the session is further behind than the log")
        h.flushQueue()
        h.settle(seconds: 0.1)
        #expect(marker(h, pin).tint == Color(hex: 0x0000FF))
    }
}
