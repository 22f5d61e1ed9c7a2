import VectorTiles

/// Any bytes either decode to a tile whose every feature's geometry decodes
/// or throws, or throw a `VectorTileError` (typed throws: the compiler holds
/// that part), never trap, loop or run out of memory. Bytes that start with
/// gzip's magic go through the inflate first, with a cap small enough that a
/// bomb is refused within libFuzzer's memory limit.
enum VectorTileCheck {
    static let inflateLimit = 1 << 20

    static func check(_ bytes: [UInt8]) {
        var tileBytes = bytes
        if Gzip.isGzip(bytes) {
            do {
                tileBytes = try Gzip.inflate(bytes, outputLimit: inflateLimit)
            } catch {
                return
            }
            guard tileBytes.count <= inflateLimit else { fatalError("inflate passed its cap: \(tileBytes.count)") }
        }
        // Decoding only some layers reads past the others without decoding them: it must not trap either,
        // and it keeps exactly the named layers a full decode keeps.
        let some = try? VectorTile(decoding: tileBytes, only: ["water", "transportation"])
        guard let tile = try? VectorTile(decoding: tileBytes) else { return }
        if let some,
            some.layers.map(\.name) != tile.layers.map(\.name).filter({ $0 == "water" || $0 == "transportation" })
        {
            fatalError("decoding some layers kept \(some.layers.map(\.name))")
        }
        for layer in tile.layers {
            for feature in layer.features {
                for (key, value) in layer.tags(of: feature)
                where Int(key) >= layer.keys.count || Int(value) >= layer.values.count {
                    fatalError("layer \(layer.name) kept a tag outside its tables")
                }
                guard case .polygons(let polygons)? = try? feature.decodeGeometry() else { continue }
                for polygon in polygons where polygon.exterior.count < 3 {
                    fatalError("a polygon ring with \(polygon.exterior.count) points in layer \(layer.name)")
                }
            }
        }
    }
}
