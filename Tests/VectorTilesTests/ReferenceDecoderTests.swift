import Foundation
import Testing

@testable import VectorTiles

private let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// fixtures/tiles/reference.json: mapbox_vector_tile's reading of every archive in fixtures/tiles/. Read and
/// parsed once for every test here, not once a test: it grows with every archive added to the folder.
private let loadedReference = Result<ReferenceJSON, any Error> {
    try ReferenceJSON(
        parsing: [UInt8](Data(contentsOf: repoRoot.appendingPathComponent("fixtures/tiles/reference.json"))))
}

private func reference() throws -> ReferenceJSON {
    try loadedReference.get()
}

private func archivePaths() throws -> [String] {
    try reference()["archives"]?.list.compactMap { $0["path"]?.text } ?? []
}

/// Our decoder against the PyPI reference decoder, tile by tile and feature by
/// feature, over every archive reference.json lists (scripts/make_tile_fixtures.py
/// adds any archive put in fixtures/tiles/).
@Suite struct ReferenceDecoderTests {
    @Test func theReferenceListsBothSampleArchives() throws {
        #expect(
            Set(try archivePaths()).isSuperset(of: ["fixtures/tiles/sample.mbtiles", "fixtures/tiles/sample.pmtiles"]))
    }

    /// What Python's json module writes with ensure_ascii=False: raw UTF-8, escaped quotes and control characters,
    /// \u escapes (surrogate pairs past the BMP), 64-bit integers and floats in shortest form.
    @Test func theReferenceParserReadsWhatPythonWrites() throws {
        let text = #"{"a":[9007199254740993,-2,2.5e-07,1.0,true,false,null],"s":"é\"\\\n\u00e9\ud83d\ude00","o":{}}"#
        #expect(
            try ReferenceJSON(parsing: Array(text.utf8))
                == .object([
                    "a": .array([
                        .int(9_007_199_254_740_993), .int(-2), .number(2.5e-7), .number(1), .bool(true),
                        .bool(false), .null,
                    ]),
                    "s": .string("é\"\\\né😀"), "o": .object([:]),
                ]))
        #expect(throws: ReferenceJSONError.self) { try ReferenceJSON(parsing: Array(#"{"a":[1,]}"#.utf8)) }
        #expect(throws: ReferenceJSONError.self) { try ReferenceJSON(parsing: Array(#"[1] 2"#.utf8)) }
    }

    @Test(arguments: try archivePaths())
    func everyFeatureDecodesAsTheReferenceDecoderReadsIt(path: String) throws {
        let archiveJSON = try #require(try reference()["archives"]?.list.first { $0["path"]?.text == path })
        let archive = try TileArchives.open(path: repoRoot.appendingPathComponent(path).path)
        let tiles = archiveJSON["tiles"]?.list ?? []
        #expect(!tiles.isEmpty)
        for expected in tiles {
            let z = try #require(expected["z"]?.integer)
            let x = try #require(expected["x"]?.integer)
            let y = try #require(expected["y"]?.integer)
            let place = "\(path) \(z)/\(x)/\(y)"
            let bytes = try #require(try archive.tile(z: z, x: x, y: y), "\(place) is missing")
            let tile = try VectorTile(decoding: bytes)
            let expectedLayers = expected["layers"]?.list ?? []
            #expect(tile.layers.map(\.name) == expectedLayers.compactMap { $0["name"]?.text }, "\(place)")
            for (layer, expectedLayer) in zip(tile.layers, expectedLayers) {
                #expect(expectedLayer["extent"]?.integer == Int(layer.extent), "\(place) \(layer.name)")
                #expect(expectedLayer["version"]?.integer == Int(layer.version), "\(place) \(layer.name)")
                let expectedFeatures = expectedLayer["features"]?.list ?? []
                #expect(layer.features.count == expectedFeatures.count, "\(place) \(layer.name)")
                for (index, (feature, expectedFeature)) in zip(layer.features, expectedFeatures).enumerated() {
                    var wanted = expectedFeature
                    if case .object(var fields) = wanted, case .object(let properties)? = fields["properties"] {
                        fields["properties"] = .object(properties.mapValues(\.normalizedProperty))
                        wanted = .object(fields)
                    }
                    let ours = try ReferenceShape.feature(feature, in: layer)
                    #expect(ours == wanted, "\(place) \(layer.name) feature \(index)")
                }
            }
        }
    }
}
