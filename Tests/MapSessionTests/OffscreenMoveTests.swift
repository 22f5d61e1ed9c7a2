import MapGeometry
import Testing

@testable import LiveWorld
@testable import MapSession

/// Moves out of sight, in the margin a map lays out around the screen, cost
/// a watching session no frame: the next layout, which the camera's next
/// move brings, shows them.
@Suite struct OffscreenMoveTests {
    /// At zoom 6 over the Pacific (1280 x 800) the screen spans -164.1° to
    /// -135.9°; views are laid out to -131.7°, and the layout lets them go
    /// unlaid-out past -133.8° (half the margin) while the camera pans.
    static let inMargin = Coordinate(latitude: 0, longitude: -132.8)
    static let farEast = Coordinate(latitude: 0, longitude: -120)

    func view(of id: String, in h: SessionHarness, world: World) -> Bool {
        guard let annotation = world.store.record(id: id)?.annotation else { return false }
        return h.session.sync { h.session.mapView?.view(for: annotation) } != nil
    }

    /// Pans the camera 10 points west, holding still before letting go.
    func nudge(_ h: SessionHarness) {
        h.pointer(.down, Point(x: 600, y: 400))
        h.pointer(.moved, Point(x: 610, y: 400))
        h.time += 500
        h.pointer(.up, Point(x: 610, y: 400))
        h.settle(seconds: 0.5)
    }

    @Test func aPinMovingIntoTheMarginGetsItsViewWhenTheCameraNextMoves() throws {
        let world = freshWorld()
        // Added before the session opens: an add replayed with the move would read where the pin is now.
        try world.store.add(LiveAnnotation(id: "skiff", title: "Skiff", coordinate: Self.farEast))
        let h = SessionHarness(hash: LiveMoveTests.pacific, world: world)
        h.settle(seconds: 0.3)
        let frames = h.frames.count
        try world.store.apply([Move(id: "skiff", coordinate: Self.inMargin, timestamp: 10)])
        h.flushQueue()
        h.settle(seconds: 0.3)
        #expect(h.frames.count == frames, "nothing on screen changed: no frame")
        #expect(!view(of: "skiff", in: h, world: world))
        nudge(h)
        #expect(view(of: "skiff", in: h, world: world), "a pan inside the margin lays out after a deferred move")
        // From the margin onto the screen: at once, gliding there.
        try world.store.apply([Move(id: "skiff", coordinate: Coordinate(latitude: 0, longitude: -150), timestamp: 11)])
        h.flushQueue()
        h.settle(seconds: 1.2)
        let skiff = try #require(h.center(of: "Skiff"))
        #expect(abs(skiff.x - 640 - 10) < 40, "on screen where the pin is now: \(skiff)")
    }

    @Test func aViewInTheMarginWhosePinLeavesStaysOutOfSightUntilTheNextLayout() throws {
        let world = freshWorld()
        let h = SessionHarness(hash: LiveMoveTests.pacific, world: world)
        try world.store.add(LiveAnnotation(id: "skiff", title: "Skiff", coordinate: Self.inMargin))
        h.flushQueue()
        h.settle(seconds: 0.3)
        #expect(view(of: "skiff", in: h, world: world), "laid out in the margin")
        let frames = h.frames.count
        try world.store.apply([Move(id: "skiff", coordinate: Self.farEast, timestamp: 10)])
        h.flushQueue()
        h.settle(seconds: 0.3)
        #expect(h.frames.count == frames, "out of sight either way: no frame")
        nudge(h)
        #expect(!view(of: "skiff", in: h, world: world), "the next layout gives the view back")
        #expect(h.session.reuseCounts?.queued ?? 0 >= 1)
    }

    @Test func aMoveAcrossTheScreenIsNotLeftForLater() throws {
        let world = freshWorld()
        let h = SessionHarness(hash: LiveMoveTests.pacific, world: world)
        try world.store.add(
            LiveAnnotation(id: "skiff", title: "Skiff", coordinate: Coordinate(latitude: 0, longitude: -170)))
        h.flushQueue()
        h.settle(seconds: 0.3)
        let frames = h.frames.count
        // From west of the screen to east of it: the page would draw it crossing, so a layout now.
        try world.store.apply([Move(id: "skiff", coordinate: Self.inMargin, timestamp: 10)])
        h.flushQueue()
        #expect(h.frames.count > frames)
        #expect(view(of: "skiff", in: h, world: world))
    }
}
