import Testing

@testable import MapGeometry

/// The world repeats east and west: points, rects and boxes across 180°.
@Suite struct WorldWrapTests {
    let w = WorldWrap.width

    func x(_ longitude: Double) -> Double { Mercator.project(Coordinate(latitude: 0, longitude: longitude)).x }

    @Test func aPointIsTakenIntoTheWorldAsStoredAndIntoTheCopyNearAReference() {
        #expect(WorldWrap.wrap(w + 10) == 10)
        #expect(WorldWrap.wrap(-10) == w - 10)
        #expect(WorldWrap.wrap(3 * w + 5) == 5)
        #expect(WorldWrap.wrap(w) == 0)
        // Fiji (178° E) seen from a camera just east of 180° is a little west of it, a world on.
        #expect(WorldWrap.nearest(x(178), to: w + x(-179)) == x(178))
        #expect(WorldWrap.nearest(x(178), to: x(-179)) == x(178) - w)
        #expect(WorldWrap.nearest(x(-179), to: x(178)) == x(-179) + w)
        #expect(WorldWrap.nearest(x(10), to: 5 * w + x(20)) == 5 * w + x(10))
        // Exactly half a world off goes west.
        #expect(WorldWrap.nearest(w / 2, to: 0) == -w / 2)
    }

    @Test func theShortWayBetweenTwoLongitudesCrosses180WhenThatIsShorter() {
        let east = WorldWrap.delta(from: x(179), to: x(-179))
        #expect(abs(east - x(-178)) < 1e-3, "two degrees east, not 358 west")
        #expect(WorldWrap.delta(from: x(-179), to: x(179)) < 0)
        #expect(abs(WorldWrap.delta(from: x(10), to: x(20)) - (x(20) - x(10))) < 1e-6)
    }

    @Test func aRectAcross180IsCutIntoTwoPiecesOfTheWorldAsStored() {
        // A camera's rect over 170° E ... 170° W, in the copy east of the world as stored.
        let rect = Rect(x: w + x(170), y: 100, width: x(-170) - x(170) + w, height: 50)
        let pieces = WorldWrap.pieces(of: rect)
        #expect(pieces.count == 2)
        #expect(abs(pieces[0].minX - x(170)) < 1e-3 && pieces[0].maxX >= w)
        #expect(pieces[1].minX == 0 && abs(pieces[1].maxX - x(-170)) < 1e-3)
        #expect(pieces.allSatisfy { $0.minY == 100 && $0.height == 50 })
        // Within the world: itself; a world wide or more: the whole world once.
        let inside = Rect(x: x(10), y: 0, width: 1000, height: 10)
        #expect(WorldWrap.pieces(of: inside) == [inside])
        let wide = WorldWrap.pieces(of: Rect(x: -w, y: 0, width: 2.5 * w, height: 10))
        #expect(wide.count == 1 && wide[0].minX == 0 && wide[0].width > w)
    }

    @Test func containsAndIntersectsSeeEveryCopy() {
        let rect = Rect(x: w + x(170), y: 0, width: x(-170) - x(170) + w, height: w)
        #expect(WorldWrap.contains(rect, Point(x: x(179), y: 10)))
        #expect(WorldWrap.contains(rect, Point(x: x(-179), y: 10)))
        #expect(!WorldWrap.contains(rect, Point(x: x(0), y: 10)))
        #expect(!rect.contains(Point(x: x(-179), y: 10)), "a plain rect would miss the pin east of 180°")
        let fiji = Rect(x: x(177), y: 0, width: x(179) - x(177), height: 10)
        let samoa = Rect(x: x(-173), y: 0, width: x(-171) - x(-173), height: 10)
        #expect(WorldWrap.intersects(rect, fiji) && WorldWrap.intersects(rect, samoa))
        #expect(!WorldWrap.intersects(fiji, samoa))
    }

    @Test func boundsGoTheShortWayRound() throws {
        let islands = [(-18.1, 178.4), (-21.1, -175.2), (-13.8, -171.8)].map {
            Mercator.project(Coordinate(latitude: $0.0, longitude: $0.1))
        }
        let b = try #require(WorldWrap.bounds(of: islands))
        #expect(abs(b.minX - islands[0].x) < 1e-6, "from Fiji, east")
        #expect(abs(b.maxX - (islands[2].x + w)) < 1e-6, "to Samoa, a world on")
        #expect(b.width < w / 30, "some ten degrees, not the whole world")
        // Points apart elsewhere give the plain box, exactly.
        let plain = [Point(x: 100, y: 5), Point(x: 900, y: 1), Point(x: 500, y: 9)]
        #expect(WorldWrap.bounds(of: plain) == Rect(x: 100, y: 1, width: 800, height: 8))
        #expect(WorldWrap.bounds(of: [Point(x: 7, y: 3)]) == Rect(x: 7, y: 3, width: 0, height: 0))
        #expect(WorldWrap.bounds(of: [Point]()) == nil)
    }
}
