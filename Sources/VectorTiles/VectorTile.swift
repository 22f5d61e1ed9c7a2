/// A decoded Mapbox Vector Tile (spec 2.1): its layers in the order written.
///
/// Layers, features, keys, values and tags are read and checked when the tile
/// is decoded; each feature's geometry is kept as its bytes and decoded when
/// asked (`VectorTileFeature.decodeGeometry()`), so layers a style skips cost
/// no geometry work.
package struct VectorTile: Sendable {
    package let layers: [VectorTileLayer]

    /// Decodes `bytes` (already inflated; see `Gzip`). Throws on anything malformed, never traps.
    /// With `only`, a layer named otherwise is skipped unread: a style that draws no house numbers
    /// pays nothing for a city tile's thousand of them.
    package init(decoding bytes: [UInt8], only wanted: Set<String>? = nil) throws(VectorTileError) {
        let decoded: Result<[VectorTileLayer], VectorTileError> = bytes.withUnsafeBytes { buffer in
            var reader = ProtobufReader(buffer, range: 0..<buffer.count)
            var layers: [VectorTileLayer] = []
            do throws(VectorTileError) {
                while !reader.isAtEnd {
                    let start = reader.offset
                    let (field, wireType) = try reader.readKey()
                    guard field == 3 else {
                        try reader.skip(field: field, wireType: wireType)
                        continue
                    }
                    try reader.expect(.lengthDelimited, got: wireType, field: field, at: start)
                    let range = try reader.readLengthDelimited()
                    if let wanted {
                        var peek = ProtobufReader(buffer, range: range)
                        if let name = try VectorTileLayer.name(&peek), !wanted.contains(name) { continue }
                    }
                    var layerReader = ProtobufReader(buffer, range: range)
                    layers.append(try VectorTileLayer.decode(&layerReader, source: bytes))
                }
            } catch {
                return .failure(error)
            }
            return .success(layers)
        }
        layers = try decoded.get()
    }

    /// The layer called `name`, if the tile has one.
    package func layer(named name: String) -> VectorTileLayer? {
        layers.first { $0.name == name }
    }
}
