import Testing

@testable import VectorTiles

private func ring(_ pairs: [(Int32, Int32)]) -> [TilePoint] {
    pairs.map { TilePoint(x: $0.0, y: $0.1) }
}

/// Clockwise on screen (y down): positive area, an exterior ring.
private let outer = ring([(0, 0), (10, 0), (10, 10), (0, 10)])
/// Counter-clockwise on screen: negative area, a hole.
private let hole = ring([(2, 2), (2, 4), (4, 4), (4, 2)])
private let secondOuter = ring([(20, 20), (30, 20), (30, 30)])

@Suite struct RingClassifierTests {
    @Test func theSurveyorsFormulaIsPositiveForClockwiseRingsWithYDown() {
        #expect(RingClassifier.doubleSignedArea(outer) == 200)
        #expect(RingClassifier.doubleSignedArea(hole) == -8)
        #expect(RingClassifier.doubleSignedArea(ring([(0, 0), (5, 5), (10, 10)])) == 0)
    }

    @Test func negativeRingsAreHolesOfThePolygonBeforeThem() throws {
        let polygons = try RingClassifier.polygons(from: [(outer, 0), (hole, 1), (secondOuter, 2), (hole, 3)])
        #expect(
            polygons == [
                TilePolygon(exterior: outer, interiors: [hole]), TilePolygon(exterior: secondOuter, interiors: [hole]),
            ])
    }

    @Test func zeroAreaRingsAreDropped() throws {
        let flat = ring([(0, 0), (5, 5), (10, 10)])
        #expect(try RingClassifier.polygons(from: [(outer, 0), (flat, 1)]) == [TilePolygon(exterior: outer)])
    }

    @Test func aHoleBeforeAnyExteriorIsRefused() {
        #expect(throws: VectorTileError.interiorRingWithoutExterior(offset: 7)) {
            try RingClassifier.polygons(from: [(hole, 7), (outer, 9)])
        }
    }

    @Test func aMultiPolygonTileDecodesIntoTwoPolygonsWithTheirHoles() throws {
        var cursor: (Int64, Int64) = (0, 0)
        let commands =
            Command.ring([(0, 0), (10, 0), (10, 10), (0, 10)], cursor: &cursor)
            + Command.ring([(2, 2), (2, 4), (4, 4), (4, 2)], cursor: &cursor)
            + Command.ring([(20, 20), (30, 20), (30, 30)], cursor: &cursor)
        var builder = TileBuilder()
        builder.feature(type: 3, geometry: commands)
        let decoded = try VectorTile(decoding: builder.tile).layers[0].features[0].decodeGeometry()
        #expect(
            decoded == .polygons([TilePolygon(exterior: outer, interiors: [hole]), TilePolygon(exterior: secondOuter)]))
    }
}
