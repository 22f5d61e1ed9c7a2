import Testing

@testable import VectorTiles

/// Decodes one feature of `type` with the given command integers.
private func geometry(type: UInt64, _ commands: [UInt64]) throws(VectorTileError) -> VectorTileGeometry {
    var builder = TileBuilder()
    builder.feature(type: type, geometry: commands)
    return try VectorTile(decoding: builder.tile).layers[0].features[0].decodeGeometry()
}

/// Where the geometry's integers start in the tile `geometry(type:_:)` builds: the feature is
/// the layer's last field and the geometry the feature's, so it is the tile's last bytes.
private func start(of commands: [UInt64]) -> Int {
    var builder = TileBuilder()
    builder.feature(type: 1, geometry: commands)
    return builder.tile.count - commands.flatMap(ProtobufWriter.varint).count
}

private func points(_ pairs: [(Int32, Int32)]) -> [TilePoint] {
    pairs.map { TilePoint(x: $0.0, y: $0.1) }
}

@Suite struct GeometryDecoderTests {
    @Test func aMultiPointIsOneMoveToWithACount() throws {
        let commands = [Command.moveTo(2)] + Command.deltas([(5, 7), (3, 2)])
        #expect(try geometry(type: 1, commands) == .points(points([(5, 7), (3, 2)])))
    }

    @Test func linesCarryTheCursorFromOneToTheNext() throws {
        // The spec's multi-linestring example (4.3.5.2): the second line starts relative to the first's end.
        let commands: [UInt64] = [9, 4, 4, 18, 0, 16, 16, 0, 9, 17, 17, 10, 4, 8]
        #expect(
            try geometry(type: 2, commands)
                == .lines([points([(2, 2), (2, 10), (10, 10)]), points([(1, 1), (3, 5)])]))
    }

    @Test func aPolygonRingIsClosedByClosePath() throws {
        // The spec's polygon example (4.3.5.3).
        let commands: [UInt64] = [9, 6, 12, 18, 10, 12, 24, 44, 15]
        #expect(
            try geometry(type: 3, commands) == .polygons([TilePolygon(exterior: points([(3, 6), (8, 12), (20, 34)]))]))
    }

    @Test func unknownGeometryIsLeftUndecoded() throws {
        #expect(try geometry(type: 0, [99, 99]) == .unknown)
    }

    @Test func aCommandCountOf2To29IsRefusedBeforeAnyAllocation() {
        // 2^29 - 1 is the largest count a 32-bit command integer holds.
        let huge = (UInt64(1) << 29) - 1
        let points = [Command.moveTo(huge), 2, 2]
        #expect(throws: VectorTileError.invalidCommandCount(UInt32(huge), offset: start(of: points))) {
            try geometry(type: 1, points)
        }
        let line = [Command.moveTo(1), 2, 2, Command.lineTo(huge), 2, 2]
        #expect(throws: VectorTileError.invalidCommandCount(UInt32(huge), offset: start(of: line) + 3)) {
            try geometry(type: 2, line)
        }
    }

    @Test func commandsTheTypeDoesNotAllowAreRefused() {
        let lineInPoint = [Command.lineTo(1), 2, 2]
        #expect(throws: VectorTileError.unexpectedCommand(2, offset: start(of: lineInPoint))) {
            try geometry(type: 1, lineInPoint)
        }
        let twoMoves = [Command.moveTo(2), 2, 2, 4, 4]
        #expect(throws: VectorTileError.invalidCommandCount(2, offset: start(of: twoMoves))) {
            try geometry(type: 2, twoMoves)
        }
        #expect(throws: VectorTileError.unknownCommand(3, offset: start(of: [3]))) { try geometry(type: 2, [3]) }
        // A ring without its ClosePath: the next command is a MoveTo.
        let open = [Command.moveTo(1), 0, 0, Command.lineTo(2), 20, 0, 0, 20, Command.moveTo(1), 0, 0]
        #expect(throws: VectorTileError.unexpectedCommand(1, offset: start(of: open) + 8)) {
            try geometry(type: 3, open)
        }
    }

    @Test func aLineWithoutLineToAndAnEmptyGeometryAreTooShort() {
        let moveOnly = [Command.moveTo(1), 2, 2]
        #expect(throws: VectorTileError.truncated(offset: start(of: moveOnly) + 3)) { try geometry(type: 2, moveOnly) }
        #expect(throws: VectorTileError.tooFewPoints(offset: start(of: []))) { try geometry(type: 3, []) }
    }

    @Test func theCursorMayNotLeaveThe32BitRange() {
        let far = ProtobufWriter.zigzag(Int64(Int32.max))
        let twice = [Command.moveTo(2), far, 0, far, 0]
        // The second point starts after the command (1 byte), the first dx (5) and dy (1).
        #expect(throws: VectorTileError.coordinateOutOfRange(offset: start(of: twice) + 7)) {
            try geometry(type: 1, twice)
        }
        let wide = [Command.moveTo(1), 1 << 33, 0]
        #expect(throws: VectorTileError.parameterOutOfRange(offset: start(of: wide) + 1)) {
            try geometry(type: 1, wide)
        }
    }
}
