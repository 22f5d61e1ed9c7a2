import Testing

@testable import VectorTiles

@Suite struct VectorTileTests {
    @Test func aLayerKeepsItsNameExtentVersionAndFeatures() throws {
        var builder = TileBuilder(name: "roads", extent: 512)
        builder.feature(type: 1, geometry: [Command.moveTo(1), 10, 20], id: 7)
        builder.feature(type: 1, geometry: [Command.moveTo(1), 2, 2])
        let tile = try VectorTile(decoding: builder.tile)
        let layer = try #require(tile.layer(named: "roads"))
        #expect(layer.extent == 512 && layer.version == 2)
        #expect(layer.features.map(\.id) == [7, nil])
        #expect(layer.features.map(\.type) == [.point, .point])
        #expect(try layer.features[0].decodeGeometry() == .points([TilePoint(x: 5, y: 10)]))
    }

    @Test func theExtentDefaultsTo4096AndTheVersionTo1() throws {
        var layer = ProtobufWriter()
        layer.string(1, "bare")
        var tile = ProtobufWriter()
        tile.message(3, layer.bytes)
        let decoded = try VectorTile(decoding: tile.bytes).layers[0]
        #expect(decoded.extent == 4096 && decoded.version == 1 && decoded.features.isEmpty)
    }

    @Test func everyValueKindIsRead() throws {
        var values: [[UInt8]] = []
        for (field, write) in [
            (1, { (w: inout ProtobufWriter) in w.string(1, "Rue") }),
            (2, { (w: inout ProtobufWriter) in w.fixed32(2, Float(1.5).bitPattern) }),
            (3, { (w: inout ProtobufWriter) in w.fixed64(3, Double(-2.25).bitPattern) }),
            (4, { (w: inout ProtobufWriter) in w.varint(4, UInt64(bitPattern: -5)) }),
            (5, { (w: inout ProtobufWriter) in w.varint(5, UInt64.max) }),
            (6, { (w: inout ProtobufWriter) in w.varint(6, ProtobufWriter.zigzag(-9)) }),
            (7, { (w: inout ProtobufWriter) in w.varint(7, 1) }),
        ] {
            var value = ProtobufWriter()
            write(&value)
            #expect(value.bytes.first.map { UInt64($0) >> 3 } == UInt64(field))
            values.append(value.bytes)
        }
        var builder = TileBuilder(keys: ["k0", "k1", "k2", "k3", "k4", "k5", "k6"], values: values)
        builder.feature(
            type: 1, geometry: [Command.moveTo(1), 0, 0], tags: (0..<7).flatMap { [UInt64($0), UInt64($0)] })
        let layer = try VectorTile(decoding: builder.tile).layers[0]
        #expect(
            layer.properties(of: layer.features[0]).map(\.value) == [
                .string("Rue"), .float(1.5), .double(-2.25), .int(-5), .uint(UInt64.max), .sint(-9), .bool(true),
            ])
        #expect(layer.properties(of: layer.features[0]).map(\.key) == layer.keys)
    }

    @Test func unknownFieldsAreSkippedAtEveryLevel() throws {
        var value = ProtobufWriter()
        value.fixed64(12, 1)
        value.string(1, "kept")
        var feature = ProtobufWriter()
        feature.message(9, [1, 2, 3])
        feature.varint(3, 1)
        feature.key(10, 3)
        feature.varint(1, 1)
        feature.key(10, 4)
        feature.packed(4, [Command.moveTo(1), 4, 6])
        feature.packed(2, [0, 0])
        var layer = ProtobufWriter()
        layer.fixed32(16, 3)
        layer.string(1, "l")
        layer.message(2, feature.bytes)
        layer.string(3, "k")
        layer.message(4, value.bytes)
        var tile = ProtobufWriter()
        tile.varint(1, 99)
        tile.message(3, layer.bytes)
        tile.fixed64(4, 0)
        let decoded = try VectorTile(decoding: tile.bytes).layers[0]
        #expect(decoded.properties(of: decoded.features[0]).map(\.value) == [.string("kept")])
        #expect(try decoded.features[0].decodeGeometry() == .points([TilePoint(x: 2, y: 3)]))
    }

    @Test func tagsWrittenUnpackedAreReadToo() throws {
        var feature = ProtobufWriter()
        feature.varint(2, 0)
        feature.varint(2, 0)
        feature.varint(3, 1)
        feature.packed(4, [Command.moveTo(1), 0, 0])
        var builder = TileBuilder(keys: ["k"], values: [[0x38, 0x01]])
        builder.features = [feature.bytes]
        let layer = try VectorTile(decoding: builder.tile).layers[0]
        #expect(layer.properties(of: layer.features[0]).map(\.value) == [.bool(true)])
    }

    @Test func onlyTheNamedLayersAreDecodedAndTheOthersSkippedUnread() throws {
        var roads = TileBuilder(name: "roads")
        roads.feature(type: 1, geometry: [Command.moveTo(1), 10, 20])
        // A layer whose name comes after its features, as the spec allows, and whose tags are out of range:
        // a full decode refuses it; skipped, it is never read that far.
        var numbers = ProtobufWriter()
        var feature = ProtobufWriter()
        feature.packed(2, [5, 5])
        numbers.message(2, feature.bytes)
        numbers.string(1, "housenumber")
        var tile = ProtobufWriter()
        tile.message(3, numbers.bytes)
        let bytes = tile.bytes + roads.tile
        #expect(throws: VectorTileError.self) { try VectorTile(decoding: bytes) }
        let some = try VectorTile(decoding: bytes, only: ["roads", "water"])
        #expect(some.layers.map(\.name) == ["roads"])
        #expect(some.layers[0].features.count == 1)
    }

    @Test func aLayerNamedTwiceIsKeptByTheNameAFullDecodeGivesIt() throws {
        // Found by the fuzzer: a later field replaces an earlier one, so the layer is "sea", not "water".
        var layer = ProtobufWriter()
        layer.string(1, "water")
        layer.string(1, "sea")
        var tile = ProtobufWriter()
        tile.message(3, layer.bytes)
        #expect(try VectorTile(decoding: tile.bytes).layers.map(\.name) == ["sea"])
        #expect(try VectorTile(decoding: tile.bytes, only: ["water"]).layers.isEmpty)
        #expect(try VectorTile(decoding: tile.bytes, only: ["sea"]).layers.map(\.name) == ["sea"])
    }

    @Test func aLayerLengthPastTheEndThrows() {
        var builder = TileBuilder()
        builder.feature(type: 1, geometry: [Command.moveTo(1), 0, 0])
        let tile = builder.tile
        #expect(throws: VectorTileError.truncated(offset: 1)) { try VectorTile(decoding: Array(tile.dropLast())) }
    }

    @Test func aZeroLengthLayerHasNoNameAndThrows() {
        #expect(throws: VectorTileError.layerWithoutName(offset: 2)) { try VectorTile(decoding: [0x1a, 0x00]) }
    }

    @Test func everyCutOfATileThrowsOrDecodesWithoutTrapping() throws {
        var builder = TileBuilder(keys: ["name"], values: [[0x0a, 0x01, 0x41]])
        builder.feature(type: 2, geometry: [Command.moveTo(1), 2, 2, Command.lineTo(2), 4, 4, 6, 0], tags: [0, 0])
        let tile = builder.tile
        var thrown = 0
        for length in 0..<tile.count {
            do {
                for layer in try VectorTile(decoding: Array(tile[0..<length])).layers {
                    for feature in layer.features { _ = try feature.decodeGeometry() }
                }
            } catch {
                thrown += 1
            }
        }
        // Only the empty prefix is a whole (empty) tile; every other cut ends inside the layer.
        #expect(thrown == tile.count - 1)
    }

    @Test func tagsMustPairAndIndexTheTables() {
        // The feature's message starts at 12: tile key and length, version (2), name (6), feature key and length.
        var odd = TileBuilder(keys: ["k"], values: [[0x38, 0x01]])
        odd.feature(type: 1, geometry: [Command.moveTo(1), 0, 0], tags: [0, 0, 0])
        #expect(throws: VectorTileError.oddTagCount(offset: 12)) { try VectorTile(decoding: odd.tile) }
        var missing = TileBuilder(keys: ["k"], values: [[0x38, 0x01]])
        missing.feature(type: 1, geometry: [Command.moveTo(1), 0, 0], tags: [0, 1])
        #expect(throws: VectorTileError.tagIndexOutOfRange(offset: 12)) { try VectorTile(decoding: missing.tile) }
    }

    @Test func hostileFieldsAreRefused() {
        var emptyValue = TileBuilder(values: [[]])
        emptyValue.name = "v"
        #expect(throws: VectorTileError.valueWithoutType(offset: 9)) { try VectorTile(decoding: emptyValue.tile) }
        var badName = ProtobufWriter()
        badName.message(1, [0xff, 0xfe])
        var tile = ProtobufWriter()
        tile.message(3, badName.bytes)
        #expect(throws: VectorTileError.invalidUTF8(offset: 4)) { try VectorTile(decoding: tile.bytes) }
        var wrongType = ProtobufWriter()
        wrongType.varint(1, 5)
        tile = ProtobufWriter()
        tile.message(3, wrongType.bytes)
        #expect(throws: VectorTileError.wrongWireType(field: 1, offset: 2)) { try VectorTile(decoding: tile.bytes) }
        var version = TileBuilder()
        version.extent = 0
        #expect(throws: VectorTileError.invalidExtent(0, offset: 10)) { try VectorTile(decoding: version.tile) }
    }
}
