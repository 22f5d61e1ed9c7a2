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
