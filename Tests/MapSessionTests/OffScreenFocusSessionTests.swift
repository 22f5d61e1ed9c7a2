import DisplayList
import MapGeometry
import SessionTransport
import Testing

@testable import LiveWorld
@testable import MapSession

/// Tab visits only pins a person can see: the map lays out views in a margin
/// past its edges, and those are in the mirror's list, hidden by the
/// browser, but never Tab stops.
@Suite struct OffScreenFocusSessionTests {
    @Test func tabNeverStopsOnAPinPastTheEdgeAndDoesNotMoveTheMap() throws {
        let h = SessionHarness(size: Size(width: 1280, height: 800), hash: wishlistHash)
        let flag = try #require(h.replica.element(named: "San Francisco"), "laid out in the margin west of the map")
        let bounds = try #require(h.replica.screenBounds(of: flag.item))
        #expect(bounds.maxX <= 0, "past the west edge")
        let camera = h.camera
        var seen: [String] = []
        for _ in 0..<40 {
            h.key("Tab")
            guard let item = h.replica.focus, let e = h.replica.accessibility.first(where: { $0.item == item }) else {
                continue
            }
            seen.append(e.name)
            let r = try #require(h.replica.screenBounds(of: item))
            #expect(r.maxX > 0 && r.minX < 1280 && r.maxY > 0 && r.minY < 800, "\(e.name) at \(r) is a Tab stop")
        }
        #expect(seen.contains("Marcus Bell") && seen.contains("Zoom in"))
        #expect(!seen.contains("San Francisco"))
        #expect(h.camera == camera)
    }
}
