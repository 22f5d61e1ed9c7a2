import MapGeometry
import Testing

@testable import DisplayList

@Suite struct PathEncodingTests {
    @Test func ringsComeBackAsTheyWentInToTheWorldUnit() throws {
        let rings = [
            [Point(x: 1_000.4, y: 2_000), Point(x: 1_500, y: 1_200.6), Point(x: 90_000, y: 3)],
            [Point(x: 5, y: 6), Point(x: 1_073_741_900, y: 536_870_912)],
        ]
        let path = PathResource(rings: rings)
        #expect(path.originX == 1_000 && path.originY == 2_000 && path.shift == 0)
        let back = try #require(path.decodedRings())
        #expect(back.count == 2)
        for (ring, decoded) in zip(rings, back) {
            #expect(ring.count == decoded.count)
            for (p, q) in zip(ring, decoded) {
                #expect(q.x == p.x.rounded() && q.y == p.y.rounded())
            }
        }
    }

    @Test func eachPathIsItsOwnResource() {
        let a = PathResource(rings: [[Point(x: 0, y: 0), Point(x: 1, y: 1)]])
        let b = PathResource(rings: [[Point(x: 0, y: 0), Point(x: 1, y: 1)]])
        #expect(a.id != b.id)
        #expect(PathResource(rings: []).decodedRings()?.isEmpty == true)
    }
}

@Suite struct PathEncodingGridTests {
    @Test func aShiftRoundsPointsToItsGridAndDropsThoseThatFallTogether() throws {
        let ring = [
            Point(x: 100_000, y: 200_000), Point(x: 100_300, y: 200_100), Point(x: 104_100, y: 196_000),
            Point(x: 104_200, y: 196_100),
        ]
        let path = PathResource(rings: [ring], shift: 10)
        #expect(path.shift == 10)
        let back = try #require(path.decodedRings())
        // The second point rounds onto the first, the fourth onto the third.
        #expect(back[0].count == 2)
        for (p, q) in zip([ring[0], ring[2]], back[0]) {
            #expect(abs(p.x - q.x) <= 512 && abs(p.y - q.y) <= 512)
        }
        #expect(path.data.count < PathResource(rings: [ring]).data.count)
    }
}
