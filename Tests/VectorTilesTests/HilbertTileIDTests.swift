import Testing

@testable import VectorTiles

@Suite struct HilbertTileIDTests {
    @Test func idsFollowThePMTilesSpecsExamples() {
        // The spec's table: zoom 0 is id 0, zoom 1 runs 1...4 along the curve, zoom 2 starts at 5.
        #expect(HilbertTileID.id(z: 0, x: 0, y: 0) == 0)
        #expect(
            [(0, 0), (0, 1), (1, 1), (1, 0)].map { HilbertTileID.id(z: 1, x: $0.0, y: $0.1) } == [1, 2, 3, 4])
        #expect(HilbertTileID.id(z: 2, x: 0, y: 0) == 5)
        // As the pmtiles package (the spec's Python implementation) computes it.
        #expect(HilbertTileID.id(z: 12, x: 3423, y: 1763) == 19_078_479)
    }

    @Test func eachZoomFillsItsIdsAndConsecutiveIdsAreNeighbouringTiles() throws {
        for z in 0...5 {
            let size = 1 << z
            var byID: [UInt64: (Int, Int)] = [:]
            for x in 0..<size {
                for y in 0..<size { byID[try #require(HilbertTileID.id(z: z, x: x, y: y))] = (x, y) }
            }
            let first = (UInt64(1) << (2 * UInt64(z)) - 1) / 3
            #expect(Set(byID.keys) == Set(first..<(first + UInt64(size * size))))
            for id in first..<(first + UInt64(size * size) - 1) {
                let (a, b) = (byID[id]!, byID[id + 1]!)
                #expect(abs(a.0 - b.0) + abs(a.1 - b.1) == 1, "ids \(id) and \(id + 1) at zoom \(z)")
            }
        }
    }

    @Test func tilesOutsideTheGridHaveNoID() {
        #expect(HilbertTileID.id(z: 1, x: 2, y: 0) == nil)
        #expect(HilbertTileID.id(z: -1, x: 0, y: 0) == nil)
        #expect(HilbertTileID.id(z: 31, x: 0, y: 0) == nil)
        #expect(HilbertTileID.id(z: 3, x: 0, y: -1) == nil)
    }
}
