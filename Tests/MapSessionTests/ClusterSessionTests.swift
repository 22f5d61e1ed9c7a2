import DisplayList
import MapGeometry
import SessionTransport
import Testing

@testable import LiveWorld
@testable import MapSession

/// The wishlist people cluster when zoomed out: Lisbon and Dublin share a
/// cell at zoom 3 (see WorldMapController+Clustering.swift).
@Suite struct ClusterSessionTests {
    static let lisbon = "Maria Joana Benedita de Albuquerque Sousa"
    static let dublin = "Seán Ó Briain"

    @Test func aClusterIsAButtonNamedByItsCountAndAClickZoomsToItsMembers() throws {
        let h = SessionHarness(hash: "#3/45/-10")
        let cluster = try #require(h.replica.element(named: "2 places"))
        #expect(cluster.role == .button)
        #expect(h.replica.element(named: Self.lisbon) == nil && h.replica.element(named: Self.dublin) == nil)
        let itemBefore = cluster.item
        // Panning a little keeps the same cluster item (no flicker).
        h.pointer(.down, Point(x: 900, y: 600))
        h.pointer(.moved, Point(x: 880, y: 590))
        h.pointer(.moved, Point(x: 860, y: 580))
        h.pointer(.up, Point(x: 860, y: 580))
        h.settle()
        #expect(h.replica.element(named: "2 places")?.item == itemBefore)

        h.time += 1000
        h.click(try #require(h.center(of: "2 places")))
        h.settle()
        #expect(h.camera.zoom > 3)
        #expect(h.replica.element(named: "2 places") == nil)
        for name in [Self.lisbon, Self.dublin] {
            let p = try #require(h.center(of: name), "\(name) shows after the zoom")
            #expect(p.x > 0 && p.x < 1280 && p.y > 0 && p.y < 800)
        }
        #expect(!h.replica.accessibility.contains { $0.role == .dialog }, "clicking a cluster selects nothing")
    }

    @Test func apiPinsWithAClusteringIdentifierClusterAndSplitAsTheyMove() throws {
        let world = freshWorld()
        let a = SessionHarness(hash: LiveMoveTests.pacific, world: world, id: 1)
        let b = SessionHarness(hash: LiveMoveTests.pacific, world: world, id: 2)
        for i in 0..<3 {
            try world.store.add(
                LiveAnnotation(
                    id: "van-\(i)", title: "Van \(i)",
                    coordinate: Coordinate(latitude: 1 + 0.01 * Double(i), longitude: -150.3),
                    clusteringIdentifier: "fleet"))
        }
        // A pin without an identifier at the same place never joins them.
        try world.store.add(
            LiveAnnotation(id: "buoy", title: "Buoy", coordinate: Coordinate(latitude: 1.01, longitude: -150.3)))
        for h in [a, b] {
            h.flushQueue()
            h.settle()
            #expect(h.replica.element(named: "3 places")?.role == .button)
            #expect(h.replica.element(named: "Van 0") == nil)
            #expect(h.replica.element(named: "Buoy") != nil)
        }
        // One van drives off: the cluster updates on every map, without a rebuild of the rest.
        try world.store.apply([Move(id: "van-2", coordinate: Coordinate(latitude: 1, longitude: -144))])
        for h in [a, b] {
            h.flushQueue()
            h.settle()
            #expect(h.replica.element(named: "2 places") != nil)
            #expect(h.replica.element(named: "3 places") == nil)
            let van = try #require(h.center(of: "Van 2"))
            #expect(van.x > 640 + 250, "6 degrees east at zoom 6 is 273 px")
        }
    }
}
