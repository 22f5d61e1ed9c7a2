import MapCore
import MapGeometry
import VectorTiles

extension StreetTileSet {
    /// The cities the bottom archive (the world's) names at `zoom`, most
    /// important first (OpenMapTiles' `rank`, then as the tiles list them):
    /// what a demo flies between, read once at start-up.
    package func cities(zoom: Int = 3) -> [BaseMap.City] {
        guard let world = archives.first, zoom >= world.minZoom, zoom <= world.maxZoom else { return [] }
        var found: [(city: BaseMap.City, order: Int)] = []
        var seen = Set<String>()
        let count = 1 << zoom
        for y in 0..<count {
            for x in 0..<count {
                guard let bytes = try? world.archive.tile(z: zoom, x: x, y: y),
                    let layer = (try? VectorTile(decoding: bytes, only: ["place"]))?.layer(named: "place")
                else { continue }
                let size = Mercator.worldSize / Double(count)
                let scale = size / Double(layer.extent)
                for feature in layer.features where feature.type == .point {
                    let properties = Dictionary(
                        layer.properties(of: feature).map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
                    guard properties["class"] == .string("city"), case .string(let name)? = properties["name"],
                        case .points(let points)? = try? feature.decodeGeometry(), let point = points.first
                    else { continue }
                    let world = Point(
                        x: (Double(x) * size) + Double(point.x) * scale, y: (Double(y) * size) + Double(point.y) * scale
                    )
                    // A place near a tile's edge is in its neighbour's buffer too.
                    guard (0..<size).contains(world.x - Double(x) * size),
                        (0..<size).contains(world.y - Double(y) * size), seen.insert(name).inserted
                    else { continue }
                    let city = BaseMap.City(
                        name: name, coordinate: Mercator.unproject(world), rank: Self.rank(properties["rank"]))
                    found.append((city, found.count))
                }
            }
        }
        return found.sorted { ($0.city.rank, $0.order) < ($1.city.rank, $1.order) }.map(\.city)
    }

    private static func rank(_ value: VectorTileValue?) -> Int {
        switch value {
        case .int(let i), .sint(let i): Int(i)
        case .uint(let u): Int(u)
        case .float(let f): Int(f)
        case .double(let d): Int(d)
        default: Int.max
        }
    }
}

extension StreetTileSet {
    /// A base map drawing these tiles, with the cities the bottom archive names.
    package func baseMap() -> BaseMap {
        BaseMap(tiles: self, cities: cities())
    }
}
